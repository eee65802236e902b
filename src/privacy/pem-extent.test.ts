import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../testing/platform/prng';
import { passGate, type EgressRules } from './egress-gate';
import { DEFAULT_NEVER_SEND } from './never-send';
import { findSecrets, redactSecrets } from './secret-guard';

const rand = mulberry32(8192);
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const line = (n = 64) => Array.from({ length: n }, () => B64[Math.floor(rand() * 64)]).join('');
/** A PEM private key of about `bytes` bytes (an RSA-8192 key is about 6.5 KB). */
function pemKey(bytes: number, label = 'RSA PRIVATE KEY'): { pem: string; body: string[] } {
  const body = Array.from({ length: Math.ceil(bytes / 65) }, (_, i) => (i === 0 ? 'MII' + line(61) : line()));
  return { pem: `-----BEGIN ${label}-----\n${body.join('\n')}\n-----END ${label}-----`, body };
}
function code(bytes: number, tag: string): string {
  let out = '';
  for (let i = 0; out.length < bytes; i++) out += `def ${tag}_${i}(items):\n    return sum(x.price for x in items) + ${i}\n\n`;
  return out;
}
const block: EgressRules = { neverSend: DEFAULT_NEVER_SEND, secrets: 'block' };
const redact: EgressRules = { ...block, secrets: 'redact' };

/** No line of the key (beyond a few characters) is in `sent`. */
function noKeyLine(sent: string, body: string[]): void {
  for (const l of body) expect(sent).not.toContain(l.slice(8, 40));
  expect(sent).not.toContain('-----END');
}

describe('a private key of any size is one credential', () => {
  it.each([
    ['6.5 KB in a 46 KB file', 6_500, 20_000, 20_000],
    ['20 KB in a 120 KB file', 20_000, 50_000, 50_000],
    ['300 KB (over the largest chunk) in a 1 MB file', 300_000, 350_000, 350_000],
  ])('%s: found from BEGIN to END and redacted whole', async (_what, size, before, after) => {
    const { pem, body } = pemKey(size);
    const text = `${code(before, 'a')}KEY = """${pem}"""\n${code(after, 'b')}`;
    const found = await findSecrets(text);
    const keys = found.filter((f) => f.kind === 'private-key');
    expect(keys).toHaveLength(1);
    expect(text.slice(keys[0].start, keys[0].end)).toBe(pem);
    noKeyLine(redactSecrets(text, found), body);
  });

  it('a window that starts or ends inside a key: the key lines at its edge are a key', async () => {
    const { pem, body } = pemKey(12_000);
    const text = `x = 1\nKEY = """${pem}"""\ny = 2\n`;
    const mid = text.indexOf(body[90]);
    const head = text.slice(mid);
    expect(head).not.toContain('BEGIN');
    const tail = text.slice(0, mid);
    for (const part of [head, tail]) {
      const found = await findSecrets(part);
      expect(found.map((f) => f.kind)).toContain('private-key');
      noKeyLine(redactSecrets(part, found), body);
    }
    // Body lines only, no BEGIN or END in the text: still a key.
    const middle = body.slice(30, 60).join('\n');
    expect((await findSecrets(middle)).map((f) => f.kind)).toEqual(['private-key']);
  });

  it('through the gate, in both modes: no key line leaves as cursor text or as a snippet, whatever the cut', async () => {
    const { pem, body } = pemKey(6_500);
    const source = `${code(20_000, 'a')}TLS_KEY = """${pem}"""\n${code(20_000, 'b')}`;
    const lines = source.split('\n');
    const first = lines.findIndex((l) => l.includes('BEGIN'));
    for (let k = 0; k < 12; k++) {
      const start = first + 1 + Math.floor(rand() * body.length);
      const len = 1 + Math.floor(rand() * 40);
      const text = lines.slice(start, start + len).join('\n');
      const snippet = { filename: 'deploy/tls.py', source, startLine: start, text };
      const cut = source.indexOf(text);
      for (const rules of [block, redact]) {
        const r = await passGate({ prefix: 'def f():\n    ', suffix: '\n', file: 'app/main.py', rules, extra: [snippet] });
        noKeyLine([r.request.prefix, r.request.suffix, ...(r.request.extra ?? []).map((e) => e.text)].join('\n'), body);
        // The same text as the cursor's window of the file, its margins not reaching the key's ends.
        const own = passGate({
          prefix: source.slice(cut, cut + text.length),
          suffix: '\n',
          around: { before: source.slice(Math.max(0, cut - 2048), cut), after: source.slice(cut + text.length, cut + text.length + 2048) },
          file: 'deploy/tls.py',
          rules,
        });
        if (rules.secrets === 'block') await expect(own).rejects.toThrow(/private-key/);
        else noKeyLine((await own).request.prefix, body);
      }
    }
  });
});
