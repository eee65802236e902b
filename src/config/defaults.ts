import { BUILTIN_CATALOG, modelFieldsOf } from './catalog';
import { DEFAULT_NEVER_SEND } from '../privacy/never-send';
import { DEFAULT_CONTEXT_SETTINGS } from '../completion/common/request';
import { EDITOR_SETTINGS, MODEL_SETTINGS, PRIVACY_SETTINGS, ROUTER_SETTINGS, TOP_SETTINGS, defaultsOf } from '../vocabulary/settings';
import type { AppConfig } from '../vocabulary/config';

/** The default model: a reference to this catalog entry, so config.json's changes to the entry apply to it. */
const DEFAULT_MODEL_ID = 'onnx-community/Qwen2.5-Coder-1.5B';

/** Built-in defaults (the plain settings' from src/vocabulary/settings.ts); `public/config.json` and the settings panel override them. */
export const DEFAULT_CONFIG: AppConfig = {
  model: {
    ...modelFieldsOf(BUILTIN_CATALOG.find((e) => e.id === DEFAULT_MODEL_ID)!),
    source: { kind: 'hub' },
    ...defaultsOf(MODEL_SETTINGS),
    latencyTargetMs: { webgpu: 500, wasm: 1500 },
  },
  catalog: [],
  demoModel: 'fixture-valid',
  ...defaultsOf(TOP_SETTINGS),
  router: defaultsOf(ROUTER_SETTINGS),
  endpoint: null,
  privacy: {
    ...defaultsOf(PRIVACY_SETTINGS),
    lockMode: false,
    lockEndpoint: false,
    // A server on this machine (Ollama, llama.cpp) out of the box; organisations add theirs.
    allowedEndpoints: ['http://localhost:*', 'http://127.0.0.1:*'],
    neverSend: [...DEFAULT_NEVER_SEND],
  },
  editor: defaultsOf(EDITOR_SETTINGS),
  context: { ...DEFAULT_CONTEXT_SETTINGS },
  git: {},
};

/** Every key the schema knows, for reporting unknown keys in config.json and saved settings. */
export const CONFIG_KEYS_TEMPLATE = {
  ...DEFAULT_CONFIG,
  model: { ...DEFAULT_CONFIG.model, catalogId: '', source: { kind: '', url: '' }, fileName: '' },
  endpoint: {
    url: '',
    model: '',
    family: '',
    timeoutMs: 0,
    apiKey: '',
    maxTokens: 0,
    protocol: '',
    stream: false,
    acceptsSuffix: false,
    logprobs: false,
  },
  router: { ...DEFAULT_CONFIG.router, perLanguage: {} },
  git: { server: '', lockServer: false, user: '', token: '', authorName: '', authorEmail: '' },
};
