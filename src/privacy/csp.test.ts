import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config/defaults';
import { resolveConfig } from '../config/merge';
import { buildCsp } from './csp';

const connectSrc = (csp: string) =>
  csp
    .split('; ')
    .find((d) => d.startsWith('connect-src'))!
    .split(' ')
    .slice(1);

describe('Content-Security-Policy', () => {
  it('lets the page connect only to itself, the model source and the allowed destinations', () => {
    const cfg = resolveConfig(DEFAULT_CONFIG, {
      model: { source: { kind: 'url', url: 'https://models.corp.example/mirror/' } },
      privacy: { allowedEndpoints: ['https://gpu.corp.example:8443'] },
      endpoint: { url: 'https://gpu.corp.example:8443/v1', model: 'm', family: 'qwen2.5-coder', timeoutMs: 1, maxTokens: 1 },
    }).config;
    expect(connectSrc(buildCsp(cfg)).sort()).toEqual(["'self'", 'https://gpu.corp.example:8443', 'https://models.corp.example'].sort());
  });
  it("adds the Git server's origin, and only its origin", () => {
    const cfg = resolveConfig(DEFAULT_CONFIG, { git: { server: 'https://git.corp.example/org/', token: 'tok' } }).config;
    expect(connectSrc(buildCsp(cfg))).toContain('https://git.corp.example');
    expect(buildCsp(cfg)).not.toContain('/org');
    expect(buildCsp(cfg)).not.toContain('tok');
  });
  it('allows the hub for hub models; by default (no endpoint) no escalation origin at all', () => {
    expect(connectSrc(buildCsp(DEFAULT_CONFIG))).toEqual([
      "'self'",
      'https://huggingface.co',
      'https://*.huggingface.co',
      'https://*.hf.co',
    ]);
  });
  it('names each escalation origin exactly: the endpoint and exact allowed entries, never a range of ports or hosts', () => {
    const cfg = resolveConfig(DEFAULT_CONFIG, {
      privacy: {
        allowedEndpoints: ['http://127.0.0.1:*', 'https://*.corp.example', 'https://backup.corp.example', 'http://localhost:11434/'],
      },
      endpoint: { url: 'http://127.0.0.1:18401/v1', model: 'm', family: 'qwen2.5-coder', timeoutMs: 1, maxTokens: 1 },
    }).config;
    const sources = connectSrc(buildCsp(cfg));
    expect(sources.filter((s) => !s.includes('huggingface') && !s.includes('hf.co'))).toEqual([
      "'self'",
      'http://127.0.0.1:18401',
      'https://backup.corp.example',
      'http://localhost:11434',
    ]);
    expect(sources.filter((s) => s.includes('127.0.0.1') || s.includes('corp.example')).some((s) => s.includes('*'))).toBe(false);
  });
  it("allows the app's own service worker and web app manifest, from itself only", () => {
    const directive = (name: string) =>
      buildCsp(DEFAULT_CONFIG)
        .split('; ')
        .find((d) => d.startsWith(`${name} `));
    expect(directive('worker-src')).toBe("worker-src 'self' blob:");
    expect(directive('manifest-src')).toBe("manifest-src 'self'");
  });
  it('a test build adds the sources it is given (the end-to-end servers), nothing else', () => {
    expect(connectSrc(buildCsp(DEFAULT_CONFIG, { extraConnect: ['http://127.0.0.1:*'] })).at(-1)).toBe('http://127.0.0.1:*');
  });
  it('forbids plugins, foreign bases and form posts', () => {
    const csp = buildCsp(DEFAULT_CONFIG);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("form-action 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
  });
});
