// The configuration schema: `public/config.json` (set by the organisation)
// merged with the user's settings panel overrides. Written once here, in the
// vocabulary, because the rooms the settings configure (privacy, endpoint,
// inference, the pipeline) read these shapes while src/config, which merges
// and checks them, sits above those rooms.
import type { FimFamily } from './types';
import type { ContextSettings, EditorSettings, ModelSettings, PrivacySettings, RouterSettings, TopSettings } from './settings';

/**
 * Where a local model's files come from: the one vocabulary of the config,
 * the inference service, the loader (src/completion/worker/local-model.ts) and the
 * harness. Only the location differs, never the loader.
 * - `hub`: the Hugging Face hub;
 * - `url`: an organisation's mirror with the hub's layout (`<url><model>/resolve/main/...`);
 * - `bundled`: a folder of models served with the app (`public/models/`). The
 *   config never sets `root`: the inference service fills in the app's folder
 *   (a URL path in the browser); Node callers give a folder path holding `<model>/`.
 */
export type ModelSource = { kind: 'hub' } | { kind: 'url'; url: string } | { kind: 'bundled'; root?: string };

/**
 * The local model. In the resolved config every field is set. In a config
 * layer (config.json, saved settings; see `ConfigLayer`) the model is one of:
 * - a catalog reference, `{catalogId, ...overrides}`: `id`, `family`,
 *   `dtype`, `contextWindow` and `fileName` come from that catalog entry as
 *   config.json has it when the config is loaded (so a later change to the
 *   entry applies), `source` from the entry (bundled) or the organisation's
 *   mirror; any other field the layer sets is an explicit per-field override;
 * - a custom model, `{id, family, ...}` without `catalogId`: its own fields,
 *   the rest from the layer below;
 * - neither (`{maxNewTokens: 64}`): tweaks to the model of the layer below.
 * src/config/merge.ts (`resolveConfig`) does this, once, for every layer.
 */
export interface LocalModelConfig extends ModelSettings {
  /** The catalog entry (src/config/catalog.ts) this model is, by its id; absent for a custom model. */
  catalogId?: string;
  /** Hub id (`onnx-community/Qwen2.5-Coder-1.5B`) or folder name under the source. */
  id: string;
  family: FimFamily;
  source: ModelSource;
  /** ONNX dtype per device: quantised weights on the GPU, 8-bit on WASM. */
  dtype: { webgpu: string; wasm: string };
  /** The model's context window, in tokens (from the catalog). */
  contextWindow: number;
  /** ONNX file base name when it is not `model`. */
  fileName?: string;
  /**
   * Target from the pause to ghost text, per device, in ms: after the model
   * loads, the prompt budget and new-token limit are chosen from its measured
   * speed to meet it (never above maxPromptTokens / maxNewTokens), and follow
   * the completions' own timings. 0 keeps the configured limits as they are.
   */
  latencyTargetMs: { webgpu: number; wasm: number };
}

export interface EndpointConfig {
  /** Base URL of an OpenAI-compatible server, e.g. `http://gpu-box:8000/v1`. */
  url: string;
  model: string;
  family: FimFamily;
  timeoutMs: number;
  apiKey?: string;
  maxTokens: number;
  /**
   * Wire protocol (src/endpoint/): `openai-completions` (vLLM, TGI, llama.cpp,
   * Ollama `/v1/completions`, proxies), `llamacpp-infill` (llama.cpp `POST /infill`)
   * or `ollama-generate` (Ollama `POST /api/generate`). Missing means
   * `openai-completions`, the only protocol earlier configs knew.
   */
  protocol?: 'openai-completions' | 'llamacpp-infill' | 'ollama-generate';
  /** Stream the answer (SSE / NDJSON) so a stop token ends the request early. Default false. */
  stream?: boolean;
  /**
   * The server applies the model's own FIM template to a `suffix` key
   * (Ollama's `/v1/completions` and `/api/generate`). vLLM, TGI and llama.cpp
   * reject `suffix` on `/v1/completions`, so the default for
   * `openai-completions` is false (client-side template); for
   * `ollama-generate` the default is true, and false sends `raw: true` with
   * the client-side template.
   */
  acceptsSuffix?: boolean;
  /** Ask for per-token log-probabilities (shown as the escalated completion's confidence). Default false. */
  logprobs?: boolean;
}

export type SecretAction = PrivacySettings['secrets'];

/** The privacy policy: the user's mode (src/vocabulary/settings.ts) and the organisation's rules. */
interface PrivacyConfig extends PrivacySettings {
  /** Set by the organisation: the user cannot change the mode. */
  lockMode: boolean;
  /** Set by the organisation: the user cannot change the endpoint (destination, model, token). */
  lockEndpoint: boolean;
  /**
   * Where code may be sent, as CSP source expressions (`https://gpu.corp:8000`,
   * `http://127.0.0.1:*`). Also written into the built app's Content-Security-Policy.
   */
  allowedEndpoints: string[];
  /** Path globs for which no request ever leaves (e.g. `**\/secrets/**`, `*.env`). */
  neverSend: string[];
}

/**
 * Git in the browser (docs/git.md). The server is the organisation's: the
 * built app's CSP lets the page reach that origin only, and the Git panel
 * clones only from it. The token is the user's, kept with their settings as
 * the endpoint's token is, and sent as Basic auth.
 */
export interface GitConfig {
  /** The Git server's address (`https://git.corp.example`); its origin goes into the CSP's connect-src. */
  server?: string;
  /** Set by the organisation: a user's settings cannot change `server` (the only origin Git traffic and the token may go to). */
  lockServer?: boolean;
  /** The account name sent with the token (Gitea wants the real one; GitLab takes any). */
  user?: string;
  /** A personal access token; never shown or logged. */
  token?: string;
  /** The author of commits made here. */
  authorName?: string;
  authorEmail?: string;
}

// A list stays a list (of partial items): a mapped type alone keeps it one
// for TypeScript, not for the JSON Schema made from it (config:schema).
type DeepPartialValue<V> = V extends readonly (infer E)[] ? (E extends object ? DeepPartial<E> : E)[] : DeepPartial<V>;

export type DeepPartial<T> = { [K in keyof T]?: T[K] extends object | null ? DeepPartialValue<NonNullable<T[K]>> | null : T[K] };

/**
 * One configuration layer as stored: `public/config.json`, or the user's
 * settings in localStorage (src/app/settings-store.ts reads them, migrating
 * the shape older versions saved). The model part is described at `LocalModelConfig`.
 */
export type ConfigLayer = DeepPartial<AppConfig> & {
  /** The JSON Schema an editor validates the file against (public/config.schema.json); not a setting. */
  $schema?: string;
};

/** A layer's `model`: a catalog reference, a custom model, or tweaks (see `LocalModelConfig`). */
export type ModelLayer = DeepPartial<LocalModelConfig>;

/**
 * The resolved configuration. Its plain settings (flags, numbers, choices)
 * are declared in src/vocabulary/settings.ts, types included; what is here
 * is the compound part.
 */
export interface AppConfig extends TopSettings {
  model: LocalModelConfig;
  /** The organisation's catalog entries, merged into the built-in catalog by id. */
  catalog: Partial<CatalogEntry>[];
  /** The bundled model offered when the configured one cannot be downloaded. */
  demoModel: string;
  router: RouterSettings & {
    /** Calibrated thresholds per language (`npm run eval -- calibrate`); others use `threshold`. */
    perLanguage?: Record<string, number>;
  };
  /** null: escalation is off and nothing ever leaves the machine. */
  endpoint: EndpointConfig | null;
  privacy: PrivacyConfig;
  editor: EditorSettings;
  /**
   * Snippets of other workspace files in the prompt (docs/workspace-context.md):
   * `share` of the prompt budget at most, `maxSnippets` chosen at most.
   */
  context: ContextSettings;
  git: GitConfig;
}

export interface CatalogEntry {
  /** Hub id, or folder name for bundled and URL-hosted models. */
  id: string;
  label: string;
  family: FimFamily;
  /** Tokens the model was trained with (prompt + completion). */
  contextWindow: number;
  /** ONNX weights per device (transformers.js dtype names). */
  dtype: { webgpu: string; wasm: string };
  /** Approximate download size per device, MB, for the picker. */
  sizeMB: { webgpu: number; wasm: number };
  /** ONNX file base name when it is not `model` (older exports: `decoder_model_merged`). */
  fileName?: string;
  bundled?: boolean;
}
