import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config/defaults';
import { resolveConfig } from '../config/merge';
import { applyLocks } from './locks';

const endpoint = { url: 'https://gpu.corp.example/v1', model: 'm', family: 'qwen2.5-coder' as const, timeoutMs: 1000, maxTokens: 16 };
const org = resolveConfig(DEFAULT_CONFIG, {
  endpoint,
  privacy: { mode: 'local-only', lockMode: true, lockEndpoint: true, allowedEndpoints: ['https://gpu.corp.example'] },
}).config;

describe('organisation locks', () => {
  it('a locked mode and endpoint cannot be changed by user settings, and the attempt is reported', () => {
    const { layer, ignored } = applyLocks(
      { privacy: { mode: 'escalate' }, endpoint: { ...endpoint, url: 'http://127.0.0.1:9/v1' }, router: { threshold: 0.9 } },
      org,
    );
    const cfg = resolveConfig(org, layer).config;
    expect(cfg.privacy.mode).toBe('local-only');
    expect(cfg.endpoint?.url).toBe('https://gpu.corp.example/v1');
    expect(cfg.router.threshold).toBe(0.9); // unlocked settings still apply
    expect(ignored).toEqual(['privacy.mode', 'endpoint']);
  });

  it('users never loosen the privacy rules themselves', () => {
    const { layer, ignored } = applyLocks(
      { privacy: { allowedEndpoints: ['https://evil.example'], neverSend: [], secrets: 'redact' } },
      DEFAULT_CONFIG,
    );
    const cfg = resolveConfig(DEFAULT_CONFIG, layer).config;
    expect(cfg.privacy.allowedEndpoints).toEqual(DEFAULT_CONFIG.privacy.allowedEndpoints);
    expect(cfg.privacy.neverSend).toEqual(DEFAULT_CONFIG.privacy.neverSend);
    expect(cfg.privacy.secrets).toBe('block');
    expect(ignored.sort()).toEqual(['privacy.allowedEndpoints', 'privacy.neverSend', 'privacy.secrets']);
  });

  it('without locks the user picks the mode and the endpoint', () => {
    const { layer, ignored } = applyLocks(
      { privacy: { mode: 'local-only' }, endpoint: null },
      resolveConfig(DEFAULT_CONFIG, { endpoint }).config,
    );
    expect(resolveConfig(DEFAULT_CONFIG, layer).config.privacy.mode).toBe('local-only');
    expect(layer.endpoint).toBeNull();
    expect(ignored).toEqual([]);
  });
});

describe('the Git server lock', () => {
  const orgGit = resolveConfig(DEFAULT_CONFIG, { git: { server: 'https://git.corp.example', lockServer: true } }).config;

  it('a locked git.server cannot be changed by user settings; the rest of the Git settings apply', () => {
    const { layer, ignored } = applyLocks({ git: { server: 'http://127.0.0.1:9', user: 'alice', token: 't' } }, orgGit);
    const cfg = resolveConfig(orgGit, layer).config;
    expect(cfg.git).toMatchObject({ server: 'https://git.corp.example', lockServer: true, user: 'alice', token: 't' });
    expect(ignored).toEqual(['git.server']);
  });

  it('a user cannot lift the lock, nor set one', () => {
    const lifted = applyLocks({ git: { lockServer: false, server: 'http://127.0.0.1:9' } }, orgGit);
    expect(resolveConfig(orgGit, lifted.layer).config.git).toMatchObject({ server: 'https://git.corp.example', lockServer: true });
    expect(lifted.ignored.sort()).toEqual(['git.lockServer', 'git.server']);
    const open = resolveConfig(DEFAULT_CONFIG, { git: { server: 'https://git.corp.example' } }).config;
    const set = applyLocks({ git: { lockServer: true, server: 'https://git.other.example' } }, open);
    expect(resolveConfig(open, set.layer).config.git).toMatchObject({ server: 'https://git.other.example' });
    expect(set.ignored).toEqual(['git.lockServer']);
  });
});
