import type { AppConfig } from './types';

/** Built-in defaults; `public/config.json` and the settings panel override them. */
export const DEFAULT_CONFIG: AppConfig = {
  model: {
    id: 'onnx-community/Qwen2.5-Coder-1.5B',
    family: 'qwen2.5-coder',
    source: { kind: 'hub' },
    dtype: { webgpu: 'q4f16', wasm: 'q8' },
    maxNewTokens: 48,
    contextWindow: 32768,
    maxPromptTokens: 1536,
    watchdogMs: 30000,
  },
  catalog: [],
  demoModel: 'fixture-valid',
  device: 'auto',
  router: { policy: 'syntax+confidence', threshold: 0.5, aggregation: 'mean', earlyEscalation: true },
  endpoint: null,
  privacy: {
    mode: 'escalate',
    lockMode: false,
    lockEndpoint: false,
    // A server on this machine (Ollama, llama.cpp) out of the box; organisations add theirs.
    allowedEndpoints: ['http://localhost:*', 'http://127.0.0.1:*'],
    neverSend: ['**/secrets/**', '**/*.env', '**/.env', '**/*.pem', '**/*.key', '**/id_rsa*'],
    secrets: 'block',
  },
  editor: { debounceMs: 250 },
};

/** Every key the schema knows, for reporting unknown keys in config.json and saved settings. */
export const CONFIG_KEYS_TEMPLATE = {
  ...DEFAULT_CONFIG,
  model: { ...DEFAULT_CONFIG.model, source: { kind: '', url: '' }, fileName: '' },
  endpoint: { url: '', model: '', family: '', timeoutMs: 0, apiKey: '', maxTokens: 0, protocol: '', stream: false, acceptsSuffix: false, logprobs: false },
  router: { ...DEFAULT_CONFIG.router, perLanguage: {} },
};
