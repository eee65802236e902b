import { describe, expect, it } from 'vitest';
import { scrubQuick, scrubServerText } from './scrub-text';

const KEY = 'sk-live-9f8e7d6c5b4a39281706f5e4d3c2b1a0ZZ';

describe("a server's words, before they are shown or stored", () => {
  it('the configured key is removed wherever it is echoed: whole, cut, or masked in the middle', async () => {
    for (const said of [
      `{"error":{"message":"Invalid API key: Bearer ${KEY}"}}`,
      `Incorrect API key provided: ${KEY.slice(0, 14)}*********${KEY.slice(-6)}`,
      `key ${KEY.slice(3, 30)} expired`,
    ]) {
      const out = await scrubServerText(said, KEY);
      for (let i = 0; i + 8 <= KEY.length; i++) expect(out, said).not.toContain(KEY.slice(i, i + 8));
    }
  });

  it('any Authorization value and any credential the guard finds are removed; the rest of the message stays', async () => {
    const out = await scrubServerText(
      'bad request: headers {"authorization": "Token abc123def456"}, Authorization: Basic dXNlcjpwYXNz, body had ghp_0123456789abcdefABCDEF0123456789abcd',
    );
    expect(out).not.toContain('abc123def456');
    expect(out).not.toContain('dXNlcjpwYXNz');
    expect(out).not.toContain('ghp_0123456789');
    expect(out).toContain('bad request');
    expect(scrubQuick('Basic authentication is required')).toBe('Basic authentication is required');
  });
});
