import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config/defaults';
import { panelValues } from '../config/schema';
import type { AppConfig } from '../vocabulary/config';
import { endpointDraftOf, modelSizeText, overridesOf } from './settings-draft';

const withEndpoint: AppConfig = {
  ...DEFAULT_CONFIG,
  endpoint: {
    protocol: 'openai-completions',
    stream: true,
    url: 'http://gpu-box:8000/v1',
    model: 'coder',
    family: 'qwen2.5-coder',
    timeoutMs: 5000,
    maxTokens: 32,
  },
};

describe('the Settings panel draft', () => {
  it('a config without an endpoint drafts the usual defaults, switched off', () => {
    expect(endpointDraftOf({ ...DEFAULT_CONFIG, endpoint: null })).toMatchObject({
      endpointOn: false,
      protocol: 'openai-completions',
      url: '',
      timeoutMs: 8000,
      maxTokens: 64,
      apiKey: '',
    });
  });
  it('saving writes the endpoint as a whole: trimmed, numbers as numbers, an empty token left out', () => {
    const draft = {
      ...endpointDraftOf(withEndpoint),
      url: '  http://gpu-box:8000/v1 ',
      model: ' coder ',
      timeoutMs: '7000' as unknown as number,
    };
    const layer = overridesOf(draft, panelValues(withEndpoint), false, withEndpoint);
    expect(layer.endpoint).toEqual({ ...withEndpoint.endpoint, timeoutMs: 7000, apiKey: undefined });
  });
  it('escalation switched off saves null; a locked endpoint is left to the organisation', () => {
    const off = { ...endpointDraftOf(withEndpoint), endpointOn: false };
    expect(overridesOf(off, panelValues(withEndpoint), false, withEndpoint).endpoint).toBeNull();
    expect(overridesOf(off, panelValues(withEndpoint), true, withEndpoint).endpoint).toBeUndefined();
  });
  it("the schema's values are saved beside the endpoint", () => {
    const values = { ...panelValues(DEFAULT_CONFIG), 'router.threshold': 0.9 };
    expect(overridesOf(endpointDraftOf(DEFAULT_CONFIG), values, false, DEFAULT_CONFIG)).toMatchObject({ router: { threshold: 0.9 } });
  });
  it('a model under a megabyte is "tiny"; others are rounded megabytes', () => {
    const entry = (webgpu: number) => ({ sizeMB: { webgpu, wasm: webgpu } }) as Parameters<typeof modelSizeText>[0];
    expect(modelSizeText(entry(554.6))).toBe('555 MB');
    expect(modelSizeText(entry(0.3))).toBe('tiny');
  });
});
