import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../testing/platform/prng';
import { decodeBase64Text, decodeEncodedText, decodeHexText, deriveText, encodesPlainText } from './secret-encodings';

// An encoded string longer than 16 KB is not decoded (docs/privacy.md).
const MAX_ENCODED = 16 * 1024;

const rand = mulberry32(5);
const printable = (n: number) => String.fromCharCode(...Array.from({ length: n }, () => 0x20 + Math.floor(rand() * 95)));
const binary = (n: number) => String.fromCharCode(...Array.from({ length: n }, () => Math.floor(rand() * 256)));
const hex = (t: string) => [...t].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');

describe('decoding', () => {
  it('base64, base64url and hex decode to the text atob gives, padded or not', () => {
    for (let n = 12; n < 80; n++) {
      const text = printable(n);
      const b64 = btoa(text);
      expect(decodeBase64Text(b64.replace(/=+$/, ''))).toBe(atob(b64));
      expect(decodeEncodedText(b64)).toBe(text);
      expect(decodeEncodedText(b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))).toBe(text);
      expect(decodeHexText(hex(text))).toBe(text);
      expect(decodeEncodedText(hex(text).toUpperCase())).toBe(text);
    }
  });

  it('binary is not text: images, digests, random bytes', () => {
    let decoded = 0;
    for (let i = 0; i < 500; i++) {
      const bytes = binary(12 + (i % 60));
      if (decodeEncodedText(btoa(bytes)) !== undefined || decodeEncodedText(hex(bytes)) !== undefined) decoded++;
    }
    expect(decoded).toBe(0);
    expect(decodeEncodedText(btoa(`\x89PNG\r\n\x1a\n${binary(40)}`))).toBeUndefined();
  });

  it('is no encoding: a path mixing both alphabets, odd-length hex read as hex, text too long or too short', () => {
    expect(decodeEncodedText('src/app/some-file_name/and+more')).toBeUndefined();
    expect(decodeEncodedText(hex(printable(12)).slice(1))).toBeUndefined();
    expect(decodeEncodedText(btoa(printable(9)))).toBeUndefined();
    expect(decodeEncodedText(btoa(printable(MAX_ENCODED)))).toBeUndefined();
  });

  it('plain text once decoded: prose and documents, not a random password', () => {
    expect(encodesPlainText(btoa('The quick brown fox jumps over the lazy dog.'))).toBe(true);
    expect(encodesPlainText(btoa('{"name":"api","debug":false}'))).toBe(true);
    expect(encodesPlainText(btoa('Xk2#mP9qR4sT7vW1yZb3Nc8'))).toBe(false);
    expect(encodesPlainText('Xk2mP9qR4sT7vW1yZb3Nc8Dd5Ef6Gh0JkLmNo')).toBe(false);
  });
});

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
});
