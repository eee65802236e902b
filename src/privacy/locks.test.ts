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
