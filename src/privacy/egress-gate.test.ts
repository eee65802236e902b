import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../testing/platform/prng';
import { EgressRefused, hasPassedGate, passGate, type DraftSnippet, type EgressRules, type GuardedRequest } from './egress-gate';
import { DEFAULT_NEVER_SEND } from './never-send';
import { findSecrets } from './secret-guard';
import { SECRET_SAMPLES } from '../../testing/privacy/secret-corpus';

const block: EgressRules = { neverSend: DEFAULT_NEVER_SEND, secrets: 'block' };
const redact: EgressRules = { ...block, secrets: 'redact' };

/** A private key in a Python string, between ordinary code (the shape that leaked as a snippet's tail). */
const KEY_LINES = Array.from({ length: 25 }, (_, i) => `MII${String(i).padStart(2, '0')}${'Qk9ZeWh5c3RhbXA0a2V5Ym9keQ'.repeat(2)}Zz9${i}`);
const TLS = [
  'import ssl',
  'TLS_KEY = """-----BEGIN PRIVATE KEY-----',
  ...KEY_LINES,
  '-----END PRIVATE KEY-----"""',
  '',
  'def make_context():',
  '    ctx = ssl.create_default_context()',
  '    return ctx',
].join('\n');
const lines = TLS.split('\n');
const snippetOf = (filename: string, source: string, start: number, end: number): DraftSnippet => ({
  filename,
  source,
  startLine: start,
  text: source.split('\n').slice(start, end).join('\n'),
});

/** Every string the request would put on the wire. */
const outgoing = (r: GuardedRequest) => [r.prefix, r.suffix, ...(r.extra ?? []).map((e) => e.text)];

describe('the egress gate', () => {
  it("judges a snippet on its whole file: a private key's last lines and END marker, without the BEGIN line, never leave", async () => {
    const tail = snippetOf('deploy/tls.py', TLS, 20, lines.length);
    expect(tail.text).not.toContain('BEGIN');
    const base = { prefix: 'def serve():\n    ', suffix: '\n', file: 'app/server.py', extra: [tail] };

    const blocked = await passGate({ ...base, rules: block });
    expect(blocked.request.extra).toBeUndefined();
    expect(blocked.report.withheld).toEqual([
      { file: 'deploy/tls.py', why: expect.stringContaining('private-key on line 2 of deploy/tls.py') },
    ]);

    const redacted = await passGate({ ...base, rules: redact });
    const sent = redacted.request.extra![0].text;
    for (const l of [...KEY_LINES.slice(-7), '-----END PRIVATE KEY-----']) expect(sent).not.toContain(l);
    expect(sent).toContain('REDACTED_PRIVATE_KEY');
    expect(sent).toContain('def make_context():'); // the rest of the snippet still goes
    expect(redacted.report).toMatchObject({ redactions: 1, contextFiles: ['deploy/tls.py'] });
  });

  it("judges the file's window with its margins: a key whose BEGIN line lies before the window never leaves", async () => {
    // The window starts inside the key (src/completion/common/text-window.ts): its prefix holds the key's tail only.
    const at = TLS.indexOf(KEY_LINES[18]);
    const prefix = TLS.slice(at, TLS.indexOf('    return ctx'));
    const suffix = TLS.slice(TLS.indexOf('    return ctx'));
    const around = { before: TLS.slice(0, at), after: '' };
    expect(prefix).not.toContain('BEGIN');

    await expect(passGate({ prefix, suffix, around, file: 'deploy/tls.py', rules: block })).rejects.toThrow(/private-key/);
    const redacted = await passGate({ prefix, suffix, around, file: 'deploy/tls.py', rules: redact });
    for (const l of [...KEY_LINES.slice(18), '-----END PRIVATE KEY-----']) expect(redacted.request.prefix).not.toContain(l);
    expect(redacted.request.prefix).toContain('def make_context():');
    // The margins are judged, never sent.
    expect(outgoing(redacted.request).join('')).not.toContain('import ssl');

    // A credential wholly in a margin does not stop the window from leaving.
    const clean = await passGate({
      prefix: suffix,
      suffix: '',
      around: { before: TLS.slice(0, TLS.indexOf('    return ctx')), after: '' },
      rules: block,
    });
    expect(clean.request.prefix).toBe(suffix);
  });

  it('a snippet beside the credential goes whole; one whose file changed since it was chosen stays', async () => {
    const clean = snippetOf('deploy/tls.py', TLS, lines.length - 3, lines.length);
    const moved = { ...clean, source: `# a new first line\n${TLS.replace('return ctx', 'return None')}` };
    const r = await passGate({ prefix: 'x = ', suffix: '', rules: block, extra: [clean, moved] });
    // Its line goes with it: llama.cpp's input_extra writes a file's snippets in line order.
    expect(r.request.extra).toEqual([{ filename: 'deploy/tls.py', text: clean.text, startLine: lines.length - 3 }]);
    expect(r.report.withheld).toEqual([{ file: 'deploy/tls.py', why: 'its file changed since the snippet was chosen' }]);
  });

  it('a snippet found elsewhere than its line is judged at every place its text occurs', async () => {
    // The same three lines twice: once inside a key (as a PEM's body can repeat), once outside it.
    const rep = [
      'MIIrepeatedLINEzz9Qk9ZeWh5c3RhbXA0a2V5Ym9keQQk9ZeWh5c3RhbXA0a2V5Ym9ke',
      'QWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo0a2V5Ym9keQQk9ZeWh5c3RhbXA0a2V5Ym9ke',
    ];
    const source = `x = 1\n${rep.join('\n')}\nk = """-----BEGIN PRIVATE KEY-----\n${rep.join('\n')}\n-----END PRIVATE KEY-----"""\n`;
    const r = await passGate({ prefix: '', suffix: '', rules: block, extra: [{ filename: 'a.py', source, text: rep.join('\n') }] });
    expect(r.request.extra).toBeUndefined();
  });

  it('the file being edited: a never-send path or a credential (block) refuses the request; redact replaces it', async () => {
    await expect(passGate({ prefix: 'A=1', suffix: '', file: 'config/.env', rules: block })).rejects.toMatchObject({ block: 'never-send' });
    const key = `ghp_${'a1B2c3D4e5F6'.repeat(3)}`;
    const refused = await passGate({ prefix: `TOKEN = "${key}"\n`, suffix: '', file: 'app/x.py', rules: block }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(EgressRefused);
    expect((refused as EgressRefused).message).toContain('github-token on line 1 of the text before the cursor');
    const r = await passGate({ prefix: `TOKEN = "${key}"\n`, suffix: '', file: 'app/x.py', rules: redact });
    expect(r.request.prefix).not.toContain(key);
    expect(r.report.redactions).toBe(1);
  });

  it('never-send files never leave as snippets; only the gate makes a request the client will serialise', async () => {
    const r = await passGate({
      prefix: '',
      suffix: '',
      rules: block,
      extra: [{ filename: 'app/.env', text: 'DEBUG=1', source: 'DEBUG=1' }],
    });
    expect(r.report.withheld[0].why).toContain('never-send');
    expect(hasPassedGate(r.request)).toBe(true);
    expect(hasPassedGate({ ...r.request })).toBe(false);
    expect(Object.isFrozen(r.request)).toBe(true);
  });
});

// Random files with credentials of every kind the guard knows at random
// lines, random snippets of them (any start, any length, several per file):
// no byte of a credential may reach the outgoing strings, in either mode.
describe('property: no credential byte leaves, whatever the snippets', () => {
  const rand = mulberry32(41);
  const int = (n: number) => Math.floor(rand() * n);
  const FILLER = [
    (i: number) => `def helper_${i}(x):`,
    (i: number) => `    return x + ${i}`,
    () => '',
    (i: number) => `# step ${i}`,
    (i: number) => `values_${i} = [1, 2, 3]`,
    (i: number) => `    if x > ${i}:`,
    () => '        pass',
    (i: number) => `class Model${i}:`,
  ];

  /** The credential's bytes as the guard sees it in its own sample: what must never leave. */
  async function secretsOf(sample: (typeof SECRET_SAMPLES)[number]): Promise<string[]> {
    const at = sample.text.indexOf(sample.value!);
    const found = await findSecrets(sample.text);
    return found.filter((f) => f.start < at + sample.value!.length && f.end > at).map((f) => sample.text.slice(f.start, f.end));
  }

  /** Every 10-character window of a credential (all of it when shorter): a fragment of any of them in a body is a leak. */
  function windows(secret: string): string[] {
    const n = Math.min(10, secret.length);
    const out = new Set<string>();
    for (let i = 0; i + n <= secret.length; i++) out.add(secret.slice(i, i + n));
    return [...out];
  }

  /** A file of filler code with credentials planted at random lines; `innocent` is its text with the credentials cut out. */
  async function randomFile(): Promise<{ text: string; secrets: string[]; innocent: string }> {
    const parts: string[] = [];
    const secrets: string[] = [];
    const planted = 1 + int(3);
    for (let p = 0; p < planted; p++) {
      for (let k = int(12); k > 0; k--) parts.push(FILLER[int(FILLER.length)](int(1000)));
      const sample = SECRET_SAMPLES[int(SECRET_SAMPLES.length)];
      parts.push(sample.text.replace(/\n$/, ''));
      secrets.push(...(await secretsOf(sample)));
    }
    for (let k = int(12); k > 0; k--) parts.push(FILLER[int(FILLER.length)](int(1000)));
    const text = parts.join('\n');
    return { text, secrets, innocent: secrets.reduce((t, x) => t.split(x).join('\u0000'), text) };
  }

  for (const rules of [block, redact]) {
    it(`${rules.secrets} mode: 150 random workspaces`, async () => {
      for (let run = 0; run < 150; run++) {
        const files = await Promise.all([0, 1, 2].map(randomFile));
        const extra: DraftSnippet[] = [];
        files.forEach((f, i) => {
          const n = f.text.split('\n').length;
          for (let k = 1 + int(3); k > 0; k--) {
            const start = int(n);
            extra.push(snippetOf(`pkg/mod${i}.py`, f.text, start, start + 1 + int(25)));
          }
        });
        // The file being edited is a random workspace too, cut at a random cursor.
        const own = await randomFile();
        const cut = int(own.text.length + 1);
        let request: GuardedRequest;
        try {
          ({ request } = await passGate({
            prefix: own.text.slice(0, cut),
            suffix: own.text.slice(cut),
            file: 'app/main.py',
            rules,
            extra,
          }));
        } catch (e) {
          expect(e).toBeInstanceOf(EgressRefused);
          // Redact mode refuses only a file never-send by its content (a service-account key among the samples).
          if ((e as EgressRefused).block !== 'never-send') expect(rules.secrets).toBe('block');
          request = (await passGate({ prefix: '', suffix: '', file: 'app/main.py', rules, extra })).request;
        }
        // The markers redaction leaves name the kind (REDACTED_AWS_SECRET_KEY), which a credential's range may hold too.
        const wire = outgoing(request)
          .join('\u0000')
          .replace(/REDACTED_[A-Z0-9_]+/g, '\u0000');
        // A fragment the files also hold outside any credential (a key's name, `github_pat_` as a YAML key) proves nothing.
        const innocent = [own, ...files].map((f) => f.innocent).join('\u0000');
        for (const secret of [...own.secrets, ...files.flatMap((f) => f.secrets)]) {
          for (const w of windows(secret)) {
            if (wire.includes(w) && !innocent.includes(w)) expect.fail(`run ${run}: "${w}" of a credential left in ${rules.secrets} mode`);
          }
        }
      }
    });
  }
});

// A credential split between parts that leave together: its first part at
// the end of one file's snippet, the rest at the start of the next file's
// snippet, of the text before the cursor, or of the text after it. Each part
// alone holds no credential; joined as the server reads them they spell one.
describe('property: a credential split across the parts of a request never leaves in any part', () => {
  const rand = mulberry32(977);
  const int = (n: number) => Math.floor(rand() * n);
  const pickFrom = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[int(alphabet.length)]).join('');
  const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const HEX = '0123456789abcdef';
  const KINDS: (() => string)[] = [
    () => `ghp_${pickFrom(ALNUM, 36)}`,
    () => `AKIA${pickFrom('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}`,
    () => `sk_live_${pickFrom(ALNUM, 24)}`,
    () => `xoxb-${pickFrom('0123456789', 11)}-${pickFrom('0123456789', 12)}-${pickFrom(ALNUM, 24)}`,
    () =>
      `https://hooks.slack.com/services/T${pickFrom('ABCDEFGHJK0123456789', 8)}/B${pickFrom('ABCDEFGHJK0123456789', 8)}/${pickFrom(ALNUM, 24)}`,
    () => `glpat-${pickFrom(ALNUM, 20)}`,
    () => `npm_${pickFrom(ALNUM, 36)}`,
    () => `${pickFrom(HEX, 8)}-${pickFrom(HEX, 4)}-4${pickFrom(HEX, 3)}-a${pickFrom(HEX, 3)}-${pickFrom(HEX, 12)}`,
  ];
  /** What is written before each kind (the last one is npm's legacy token: its name says what the UUID is). */
  const LEAD = [
    'key = "',
    'AWS_ACCESS_KEY_ID="',
    'stripe = "',
    'slack = "',
    'hook = "',
    'token = "',
    'npm = "',
    '//npm.corp.example/:_authToken=',
  ];
  const filler = (tag: string) => `def ${tag}_${int(1000)}(x):\n    return x + ${int(100)}\n`;

  for (const rules of [block, redact]) {
    it(`${rules.secrets} mode: 200 random splits`, async () => {
      for (let run = 0; run < 200; run++) {
        const kind = int(KINDS.length);
        const secret = KINDS[kind]();
        const cut = 4 + int(secret.length - 8);
        const [head, tail] = [secret.slice(0, cut), secret.slice(cut)];
        // Where each half goes: 0 a snippet of one file, 1 the next file's snippet, 2 the text before the cursor, 3 after it.
        const order = [
          [0, 1],
          [0, 2],
          [1, 2],
          [3, 2], // a template that puts the suffix first
        ][int(4)];
        const a = `${filler('a')}${LEAD[kind]}${head}`;
        const b = `${tail}"\n${filler('b')}`;
        const parts: string[] = [filler('s0'), filler('s1'), filler('p'), filler('q')];
        parts[order[0]] = order[0] === 3 ? `${parts[3]}${a}` : a;
        parts[order[1]] = order[1] === 2 ? b + parts[2] : b;
        const extra: DraftSnippet[] = [
          { filename: 'pkg/first.py', text: parts[0], source: parts[0], startLine: 0 },
          { filename: 'pkg/second.py', text: parts[1], source: parts[1], startLine: 0 },
        ];
        let request: GuardedRequest | undefined;
        try {
          ({ request } = await passGate({ prefix: parts[2], suffix: parts[3], file: 'app/main.py', rules, extra }));
        } catch (e) {
          expect(e).toBeInstanceOf(EgressRefused);
          expect(rules.secrets, `run ${run}: refused in redact mode: ${(e as Error).message}`).toBe('block');
        }
        if (!request) continue;
        const wire = outgoing(request).join('\u0000');
        if (head.length >= 6)
          expect(wire, `run ${run}: "${head}" of ${secret} left in ${rules.secrets} mode, order ${order}`).not.toContain(head);
        if (tail.length >= 6)
          expect(wire, `run ${run}: "${tail}" of ${secret} left in ${rules.secrets} mode, order ${order}`).not.toContain(tail);
      }
    });
  }
});

describe('the gate, redact mode: only whole credentials are counted', () => {
  it('a key id and its secret with innocent names twelve lines apart are both redacted, and counted as two', async () => {
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzzKEY1234a';
    const text = `STORAGE_ID=AKIAQWERTYUIOPASDFGH\n${'x = 1\n'.repeat(12)}STORAGE_SIG=${secret}\n`;
    const r = await passGate({ prefix: text, suffix: '', file: 'app/settings.py', rules: redact });
    expect(r.request.prefix).not.toContain('AKIAQWERTYUIOPASDFGH');
    expect(r.request.prefix).not.toContain(secret.slice(0, 12));
    expect(r.report.redactions).toBe(2);
  });

  it('a finding whose range stops short of the token is widened over the rest of it', async () => {
    const uuid = '3f2a9c1e-8b7d-4e6f-a5c4-1d2e3f4a5b6c';
    // Named .npmrc (no never-send rules here), the preset's npm rule runs: its range ends 11 characters before the token's end.
    const r = await passGate({
      prefix: `//npm.corp.example/:_authToken=${uuid}\n`,
      suffix: '',
      file: 'ci/.npmrc',
      rules: { neverSend: [], secrets: 'redact' },
    });
    expect(r.request.prefix).toBe('//npm.corp.example/:REDACTED_NPM_TOKEN\n');
    expect(r.report.redactions).toBe(1);
  });
});

describe('never-send by content', () => {
  const SA = JSON.stringify(
    {
      type: 'service_account',
      project_id: 'corp-prod',
      private_key_id: '0123456789abcdef',
      private_key: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n',
      client_email: 'deployer@corp-prod.iam.gserviceaccount.com',
    },
    null,
    2,
  );
  it('a service-account key never leaves, whatever its name: not as the file, not as a snippet', async () => {
    await expect(
      passGate({ prefix: SA.slice(0, 40), suffix: SA.slice(40), file: 'config/prod.json', rules: redact }),
    ).rejects.toMatchObject({
      block: 'never-send',
      message: expect.stringContaining('service-account key'),
    });
    const lines = SA.split('\n');
    const r = await passGate({
      prefix: 'x = ',
      suffix: '',
      file: 'app/main.py',
      rules: redact,
      extra: [{ filename: 'config/prod.json', source: SA, startLine: 1, text: lines.slice(1, 3).join('\n') }],
    });
    expect(r.request.extra).toBeUndefined();
    expect(r.report.withheld[0].why).toContain('service-account key');
  });
});
