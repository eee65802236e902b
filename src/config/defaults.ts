import type { AppConfig } from './types';

/** Built-in defaults; `public/config.json` and the settings panel override them. */
export const DEFAULT_CONFIG: AppConfig = {
  model: {
    id: 'onnx-community/Qwen2.5-Coder-1.5B',
    family: 'qwen2.5-coder',
    source: { kind: 'hub' },
    dtype: { webgpu: 'q4f16', wasm: 'q8' },
    maxNewTokens: 48,
  },
  demoModel: 'fixture-valid',
  device: 'auto',
  router: { policy: 'syntax+confidence', threshold: 0.5, aggregation: 'mean' },
  endpoint: null,
  privacy: { mode: 'escalate' },
  editor: { debounceMs: 250 },
};
