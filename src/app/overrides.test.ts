import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config/defaults';
import type { AppConfig } from '../vocabulary/config';
import { demoModelLayer, modelChanged, settingsWith } from './overrides';

const ORG: AppConfig = DEFAULT_CONFIG;

describe('settings changed', () => {
  it('the model loads again when the change asks for it or the device changes, not for other settings', () => {
    const wasm: AppConfig = { ...ORG, device: 'wasm' };
    expect(modelChanged(false, ORG, ORG)).toBe(false);
    expect(modelChanged(true, ORG, ORG)).toBe(true);
    expect(modelChanged(false, wasm, ORG)).toBe(true);
    expect(modelChanged(false, { ...ORG, privacy: { ...ORG.privacy, mode: 'local-only' } }, ORG)).toBe(false);
  });

  it('the change goes over the stored settings, and the config is the organisation’s with both', () => {
    const { user, config } = settingsWith(ORG, { device: 'wasm' }, { privacy: { mode: 'local-only' } });
    expect(user).toEqual({ device: 'wasm', privacy: { mode: 'local-only' } });
    expect(config.device).toBe('wasm');
    expect(config.privacy.mode).toBe('local-only');
    expect(config.privacy.allowedEndpoints).toEqual(ORG.privacy.allowedEndpoints);
  });

  it('a privacy mode the organisation locks is not applied', () => {
    const locked: AppConfig = { ...ORG, privacy: { ...ORG.privacy, mode: 'local-only', lockMode: true } };
    expect(settingsWith(locked, {}, { privacy: { mode: 'escalate' } }).config.privacy.mode).toBe('local-only');
  });

  it('the demo model is a catalog reference when the catalog has it, else a bundled model of its own', () => {
    expect(demoModelLayer(ORG)).toEqual({ model: { catalogId: 'fixture-valid' } });
    expect(demoModelLayer({ ...ORG, demoModel: 'not-in-catalog' })).toEqual({
      model: { id: 'not-in-catalog', family: 'qwen2.5-coder', source: { kind: 'bundled' } },
    });
  });
});
