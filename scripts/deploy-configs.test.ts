import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildCsp } from '../src/privacy/csp';
import { deployConfigs } from './deploy-configs';
import { buildTimeConfig } from './org-csp';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('deploy/ host configurations', () => {
  const fresh = deployConfigs(root);

  it.each(Object.keys(fresh))('%s is what `npm run deploy:configs` writes from public/config.json', (file) => {
    expect(fs.readFileSync(path.join(root, file), 'utf8'), `${file} drifted: run npm run deploy:configs`).toBe(fresh[file]);
  });

  it("each carries the production build's CSP, the one the app's builder makes", () => {
    const csp = buildCsp(buildTimeConfig(path.join(root, 'public', 'config.json')));
    expect(csp).toContain('connect-src');
    for (const [file, text] of Object.entries(fresh)) expect(text, file).toContain(csp);
  });

  it('follows config.json: an endpoint there appears in every file', () => {
    const tmp = fs.mkdtempSync(path.join(fs.mkdtempSync(path.join(root, '.scratch-')), 'root-'));
    try {
      fs.mkdirSync(path.join(tmp, 'public'));
      const cfg = {
        endpoint: { url: 'https://llm.corp.example:8443/v1', model: 'coder', family: 'qwen2.5-coder', timeoutMs: 8000, maxTokens: 64 },
        privacy: { allowedEndpoints: ['https://llm.corp.example:8443'] },
      };
      fs.writeFileSync(path.join(tmp, 'public', 'config.json'), JSON.stringify(cfg));
      for (const [file, text] of Object.entries(deployConfigs(tmp)))
        expect(text, file).toMatch(/connect-src [^;"]*https:\/\/llm\.corp\.example:8443/);
    } finally {
      fs.rmSync(path.dirname(tmp), { recursive: true, force: true });
    }
  });
});
