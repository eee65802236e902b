import { describe, expect, it } from 'vitest';
import { deriveText } from './secret-encodings';
import { findSecrets } from './secret-guard';

describe('the derived text', () => {
  it('a range in a decoded string maps back to the whole encoded string', () => {
    const secret = 'token: ghp_0123456789abcdefghijklmnopqrstuvwxyz';
    const encoded = btoa(secret);
    const source = `x = 1\ncfg = load("${encoded}")\n`;
    const d = deriveText(source)!;
    const at = d.text.indexOf('ghp_');
    expect(at).toBeGreaterThanOrEqual(0);
    const [start, end] = d.toSource(at, at + 40)!;
    expect(source.slice(start, end)).toBe(encoded);
  });

  it('an escaped stretch maps back character by character, escapes included; a range with no escape maps to nothing', () => {
    const source = 'a = "gh\\u0070_abc" + "\\x41\\x42C"; b = "plain"\n';
    const d = deriveText(source)!;
    expect(d.text).toBe('a = "ghp_abc" + "ABC"; b = "plain"');
    const token = d.text.indexOf('ghp_abc');
    expect(source.slice(...d.toSource(token, token + 7)!)).toBe('gh\\u0070_abc');
    const abc = d.text.indexOf('ABC');
    expect(source.slice(...d.toSource(abc + 1, abc + 3)!)).toBe('\\x42C');
    const plain = d.text.indexOf('plain');
    expect(d.toSource(plain, plain + 5)).toBeUndefined();
  });

  it('undoes \\u{...}, \\U........ and octal escapes; an escaped backslash starts none', () => {
    expect(deriveText('s = "\\u{67}\\U00000068\\160"\n')!.text).toBe('s = "ghp"');
    expect(deriveText('s = "\\\\u0067\\\\x68"\n')).toBeUndefined();
  });

  it('escapes that spell no credential character (ANSI colours, accents, NUL, quotes) leave nothing to rescan', () => {
    expect(deriveText('log("\\x1b[31mred\\x1b[0m caf\\u00e9 \\0 \\u0022q\\u0022 \\x27")\n')).toBeUndefined();
  });

  it('encoded strings are looked for after quotes, = and :, at line starts and in data URIs, not inside words', () => {
    const encoded = btoa('user: admin, password: hunter2-Prod');
    for (const source of [
      `"${encoded}"`,
      `k=${encoded}`,
      `k: ${encoded}`,
      `  - ${encoded}`,
      `data:text/plain;base64,${encoded}`,
      `echo ${encoded} | base64 -d`,
    ]) {
      expect(deriveText(source)?.text, source).toContain('hunter2-Prod');
    }
    expect(deriveText(`prose ${encoded} in a sentence`)).toBeUndefined();
  });

  it('undoes percent-encoding and HTML character references (decimal, hex, named), and maps a finding back to them', async () => {
    expect(deriveText('u = "ghp%5Fabc%2Fx"\n')!.text).toBe('u = "ghp_abc/x"');
    expect(deriveText('<p>ghp&#95;a&#x5F;b&lowbar;c&colon;</p>\n')!.text).toBe('<p>ghp_a_b_c:</p>');
    const token = 'ghp_0123456789abcdefABCDEF0123456789abcd';
    for (const written of [
      token.replace('_', '%5F'),
      [...token].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
      token.replace('_', '&#95;'),
      token.replace('_', '&#x5f;'),
      token.replace('_', '&lowbar;'),
      token.replace('_', '%255F'), // encoded twice
    ]) {
      const text = `const t = "${written}";\n`;
      const found = await findSecrets(text);
      expect(
        found.map((f) => f.kind),
        written,
      ).toEqual(['github-token']);
      expect(text.slice(found[0].start, found[0].end)).toBe(written);
    }
    const hook = 'https://hooks.slack.com/services/T01ABCDEF/B01ABCDEF/AbCdEfGhIjKlMnOpQrStUvWx';
    const text = `notify=${encodeURIComponent(hook)}\n`;
    expect((await findSecrets(text)).map((f) => f.kind)).toEqual(['slack-webhook']);
  });

  it('percent signs and ampersands in ordinary code and markup cost nothing and find nothing', async () => {
    expect(deriveText('x = a % 16 && b;\nprintf("%d%%", n);\nwidth: 50%;\n')).toBeUndefined();
    expect(
      await findSecrets('<a href="/q?a=1&amp;b=2">Tom &amp; Jerry &copy;</a>\nurl = "https%3A%2F%2Fexample.com%2Fpath%3Fq%3D1"\n'),
    ).toEqual([]);
  });
});
