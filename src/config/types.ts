// The configuration schema: `public/config.json` (set by the organisation)
// merged with the user's settings panel overrides. Written once here.
import type { FimFamily } from '../completion/types';
import type { Aggregation, RoutingPolicy } from '../completion/router';

/** Where the local model's files come from; only the location differs, never the loader. */
export type ModelSource =
  | { kind: 'hub' }
  | { kind: 'url'; url: string }
  | { kind: 'bundled' };

export interface LocalModelConfig {
  /** Hub id (`onnx-community/Qwen2.5-Coder-1.5B`) or folder name under the source. */
  id: string;
  family: FimFamily;
  source: ModelSource;
  /** ONNX dtype per device: quantised weights on the GPU, 8-bit on WASM. */
  dtype: { webgpu: string; wasm: string };
  maxNewTokens: number;
}

export interface EndpointConfig {
  /** Base URL of an OpenAI-compatible server, e.g. `http://gpu-box:8000/v1`. */
  url: string;
  model: string;
  family: FimFamily;
  timeoutMs: number;
  apiKey?: string;
  maxTokens: number;
}

export type PrivacyMode = 'local-only' | 'escalate';

export interface AppConfig {
  model: LocalModelConfig;
  /** The bundled model offered when the configured one cannot be downloaded. */
  demoModel: string;
  device: 'auto' | 'webgpu' | 'wasm';
  router: { policy: RoutingPolicy; threshold: number; aggregation: Aggregation };
  /** null: escalation is off and nothing ever leaves the machine. */
  endpoint: EndpointConfig | null;
  privacy: { mode: PrivacyMode };
  editor: { debounceMs: number };
}
