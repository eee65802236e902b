import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../testing/platform/prng';
import { decodeEncodedText, encodesPlainText } from './encoded-text';

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
      expect(decodeEncodedText(b64.replace(/=+$/, ''))).toBe(atob(b64));
      expect(decodeEncodedText(b64)).toBe(text);
      expect(decodeEncodedText(b64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))).toBe(text);
      expect(decodeEncodedText(hex(text))).toBe(text);
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
