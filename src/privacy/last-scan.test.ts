import { describe, expect, it } from 'vitest';
import { SECRET_SAMPLES } from '../../testing/privacy/secret-corpus';
import { credentialInBody, onlyMarkers } from './last-scan';
import { findSecrets, redactSecrets } from './secret-guard';

describe('the last scan of the exact body', () => {
  it('reads the JSON strings as the server decodes them: an escaped or split-by-escapes credential is found', async () => {
    const token = 'ghp_0123456789abcdefABCDEF0123456789abcd';
    expect((await credentialInBody(JSON.stringify({ prompt: `x = "${token}"` })))?.kind).toBe('github-token');
    // JSON's own \u escapes are undone by the decoding, as the server undoes them.
    const escaped = JSON.stringify({ prompt: 'x = "TOKEN"' }).replace('TOKEN', token.replace('_', '\\u005f'));
    expect((await credentialInBody(escaped))?.kind).toBe('github-token');
    expect(
      await credentialInBody(JSON.stringify({ model: 'm', prompt: 'def add(a, b):\n    return a + b\n', max_tokens: 16 })),
    ).toBeUndefined();
  });

  it("a redaction marker is not a credential, but a token's tail beside one is", async () => {
    expect(onlyMarkers('https://deploy:REDACTED_CONNECTION_STRING_PASSWORD@git.corp.example')).toBe(true);
    expect(onlyMarkers('_authToken=REDACTED_NPM_TOKEN9f8e7d6c5b4a')).toBe(false);
    expect(onlyMarkers('ghp_0123456789')).toBe(false);
  });

  it('finds nothing in what redaction left of every corpus credential (redact mode is not turned into block)', async () => {
    const blocked: string[] = [];
    for (const s of SECRET_SAMPLES) {
      const redacted = redactSecrets(s.text, await findSecrets(s.text));
      if (await credentialInBody(JSON.stringify({ prompt: redacted }))) blocked.push(s.name);
    }
    expect(blocked).toEqual([]);
  });
});
