// The settings schema: each plain setting (a flag, a number, a choice) is
// declared here once, with its type, default, description, what a valid
// value is, the organisation lock that freezes it and how the Settings panel
// shows it. Everything else is derived from these records: the config types
// (src/vocabulary/config.ts), the defaults (src/config/defaults.ts), the
// checks (src/config/schema.ts), the JSON Schema of config.json
// (scripts/config-schema.ts) and the panel's rows (src/app/SettingsPanel.tsx).
// Compound parts of the config (the model's identity and source, the
// endpoint, the catalog, the privacy lists, Git) keep their hand-written
// types in config.ts: they are not one value a control can edit.
//
// A small table of records rather than zod: the types, checks and schema a
// library would derive are a few lines each here, and the layered model
// resolution around them (src/config/merge.ts) is no schema matter.
import { AGGREGATIONS } from './confidence';
import { ROUTING_POLICIES } from './types';

/** The Settings panel's sections a setting can appear in (in this order of fieldsets). */
export type SettingSection = 'Local model' | 'Routing' | 'Privacy and device';

/** How the Settings panel shows a setting; a setting without one is set in config.json only. */
export interface SettingUi {
  section: SettingSection;
  label: string;
  /** The row's tooltip. */
  hint?: string;
  testId?: string;
  /** A number input's step. */
  step?: number;
  /** A change reloads the local model (it is a setting of the loaded model). */
  reloadsModel?: boolean;
  /** Stored only when it differs from the organisation's value, so an unchanged default keeps following config.json. */
  onlyChanges?: boolean;
}

/** The organisation's locks (flags in `privacy`) a setting can be frozen by. */
export type OrgLock = 'lockMode';

interface SettingBase<T> {
  default: T;
  /** What it does: the description editors show for config.json. */
  description: string;
  /** What a valid value is, for the problem message ("must be ..."); each kind has its own wording otherwise. */
  must?: string;
  /** Optional in the config's type (older configs and harness callers leave it out); the defaults always set it. */
  optional?: boolean;
  /** When the organisation sets this lock, the user's value is ignored and the panel's control is disabled. */
  lockedBy?: OrgLock;
  /** The organisation's alone: a user's value is always ignored (and reported). */
  orgOnly?: boolean;
  ui?: SettingUi;
}

export interface BooleanSetting extends SettingBase<boolean> {
  kind: 'boolean';
}

export interface NumberSetting extends SettingBase<number> {
  kind: 'number';
  min?: number;
  max?: number;
  integer?: boolean;
}

export interface ChoiceSetting<O extends string = string> extends SettingBase<O> {
  kind: 'choice';
  options: readonly O[];
}

export type Setting = BooleanSetting | NumberSetting | ChoiceSetting;

const flag = <const S extends Omit<BooleanSetting, 'kind'>>(s: S): S & { kind: 'boolean' } => ({ kind: 'boolean', ...s });
const number = <const S extends Omit<NumberSetting, 'kind'>>(s: S): S & { kind: 'number' } => ({ kind: 'number', ...s });
const choice = <O extends string, const S extends Omit<ChoiceSetting<O>, 'kind' | 'options'>>(
  options: readonly O[],
  s: S,
): S & { kind: 'choice'; options: readonly O[] } => ({ kind: 'choice', options, ...s });

type ValueOf<S> = S extends { kind: 'choice'; options: readonly (infer O)[] }
  ? O
  : S extends { kind: 'number' }
    ? number
    : S extends { kind: 'boolean' }
      ? boolean
      : never;
type OptionalKeys<G> = { [K in keyof G]: G[K] extends { optional: true } ? K : never }[keyof G];

/** The values a group of settings declares: the config type of that group. */
export type SettingValues<G> = { -readonly [K in Exclude<keyof G, OptionalKeys<G>>]: ValueOf<G[K]> } & {
  -readonly [K in OptionalKeys<G>]?: ValueOf<G[K]>;
};

/** `model`: how the local model runs (the catalog and the model's own fields are in config.ts). */
export const MODEL_SETTINGS = {
  maxNewTokens: number({
    default: 48,
    min: 1,
    integer: true,
    description: 'Local generation budget in tokens (an upper bound: see latencyTargetMs).',
  }),
  maxPromptTokens: number({
    default: 1536,
    min: 1,
    integer: true,
    description: 'Prompt budget in tokens: prefix and suffix are windowed to fit (speed, memory).',
  }),
  watchdogMs: number({
    default: 30000,
    min: 1,
    description: 'A completion taking longer than this means the worker is wedged: it is restarted.',
  }),
  reuseCache: flag({
    default: true,
    description: 'Keep the KV cache of the last prompt between requests and compute only what changed (default true).',
  }),
  promptLookup: flag({
    // Off: the projected speed-up stays under the rule's bar (docs/prompt-lookup.md, The default).
    default: false,
    optional: true,
    description:
      'Decode with prompt-lookup drafts: the same tokens in fewer forward passes where the middle repeats its context (src/completion/worker/prompt-lookup.ts). The default follows the measured projection (docs/prompt-lookup.md).',
    ui: {
      section: 'Local model',
      label: 'Copy drafts from the context (prompt-lookup decoding)',
      hint: 'The same suggestions, written in fewer model passes where they repeat nearby code (docs/prompt-lookup.md); reloads the model',
      testId: 'prompt-lookup',
      reloadsModel: true,
      onlyChanges: true,
    },
  }),
  cursorLineInMiddle: flag({
    default: true,
    optional: true,
    description:
      "The local prompt puts the cursor's line after the FIM middle marker, so typing on a line leaves the prompt before it (the suffix included) unchanged and reused (default true; docs/local-model.md).",
  }),
  wasmThreads: number({
    default: 0,
    min: 0,
    max: 64,
    integer: true,
    must: 'an integer from 0 (automatic) to 64',
    description: 'ONNX Runtime WASM threads: 0 = up to 4, as the browser allows (needs cross-origin isolation); 1 = single-threaded.',
  }),
  sharedWorker: flag({
    default: true,
    optional: true,
    description:
      'Run the local model in a SharedWorker, so every tab of the origin shares one loaded model (each tab keeps its own KV cache). Where the browser cannot (no SharedWorker, no WASM threads or WebGPU inside one, another tab holding the model with other settings, the shared worker failing) a tab runs its own worker and says so (docs/embedding.md).',
    ui: {
      section: 'Local model',
      label: 'Share one model between tabs (SharedWorker)',
      hint: 'Each open tab uses the same loaded model instead of its own copy; reloads the model',
      testId: 'shared-worker',
      reloadsModel: true,
      onlyChanges: true,
    },
  }),
};

/** `router`: which completions are kept and which are escalated. */
export const ROUTER_SETTINGS = {
  policy: choice(ROUTING_POLICIES, {
    default: 'syntax+confidence',
    description:
      'Which checks decide: syntax+confidence (default), syntax+confidence+semantic (also the semantic check, docs/semantic-check.md), or the baselines confidence-only, always-local, always-escalate.',
    ui: { section: 'Routing', label: 'Policy', testId: 'router-policy' },
  }),
  threshold: number({
    default: 0.5,
    min: 0,
    max: 1,
    must: 'between 0 and 1',
    description: 'Keep a completion when its confidence is at least this (0..1).',
    ui: { section: 'Routing', label: 'Confidence threshold', step: 0.05 },
  }),
  aggregation: choice(AGGREGATIONS, {
    default: 'mean',
    description: 'How token probabilities become one confidence: mean, min or geomean.',
    ui: { section: 'Routing', label: 'Aggregation' },
  }),
  earlyEscalation: flag({
    default: true,
    description: 'Stop local decoding as soon as escalation is certain (beyond the published method).',
  }),
  semanticCheck: flag({
    default: true,
    optional: true,
    description:
      'Run the semantic check (names and standard-library members the completion uses that exist nowhere, docs/semantic-check.md) where the policy reads it, `syntax+confidence+semantic`. Default true.',
    ui: {
      section: 'Routing',
      label: 'Semantic check',
      hint: 'Names and standard-library members the completion uses that exist nowhere (policy syntax+confidence+semantic)',
      testId: 'semantic-check',
    },
  }),
  semanticBudgetMs: number({
    default: 50,
    min: 1,
    max: 10000,
    optional: true,
    description:
      'Wall-clock budget of one semantic check (names and types), in ms: a check past it says "not checked" (never a pass). Raise it on a slow machine where checks time out; lower it to keep escalation decisions quick. Default 50.',
    ui: {
      section: 'Routing',
      label: 'Semantic check budget (ms)',
      hint: 'How long one semantic check may take before its verdict is "not checked"',
      testId: 'semantic-budget',
      step: 10,
      onlyChanges: true,
    },
  }),
};

/** `privacy`: the user's part of it (the lists and locks are the organisation's, in config.ts). */
export const PRIVACY_SETTINGS = {
  mode: choice(['escalate', 'local-only'] as const, {
    default: 'escalate',
    must: 'local-only or escalate',
    lockedBy: 'lockMode',
    description: 'escalate (the router decides) or local-only (nothing leaves, whatever the router says).',
    ui: { section: 'Privacy and device', label: 'Mode', testId: 'privacy-mode' },
  }),
  secrets: choice(['block', 'redact'] as const, {
    default: 'block',
    must: 'block or redact',
    orgOnly: true,
    description: 'What to do when the outgoing text holds a credential.',
  }),
};

/** Settings at the top of the config. */
export const TOP_SETTINGS = {
  device: choice(['auto', 'webgpu', 'wasm'] as const, {
    default: 'auto',
    must: 'auto, webgpu or wasm',
    description: 'Where the local model runs: auto (WebGPU when an adapter exists, else WASM), webgpu or wasm.',
    ui: { section: 'Privacy and device', label: 'Device' },
  }),
};

/** `editor`: when suggestions are asked for. */
export const EDITOR_SETTINGS = {
  debounceMs: number({
    default: 250,
    min: 0,
    description:
      'The pause in typing before a request, in ms (0: none); with adaptiveDebounce only the starting point: the wait then follows the typing pace and suggestions not taken (typing-pace.ts).',
  }),
  adaptiveDebounce: flag({
    default: true,
    description: 'The pause follows the typing pace and grows after suggestions not taken (default true).',
  }),
  predictOnAccept: flag({
    default: true,
    optional: true,
    description:
      'While a suggestion is shown, the local model computes the one after it, so it is ready on accept; never escalated (src/completion/common/accept-prediction.ts). Default true.',
    ui: {
      section: 'Privacy and device',
      label: 'Prepare the next suggestion while one is shown (local model only; ready on Tab)',
      testId: 'predict-on-accept',
    },
  }),
};

/** `context`: snippets of other workspace files in the prompt (docs/workspace-context.md). */
export const CONTEXT_SETTINGS = {
  enabled: flag({
    default: true,
    description: 'Snippets of other workspace files in the prompt; off: the prompt holds the current file only.',
  }),
  share: number({
    // The measured choice: src/prompt/prompt.ts (DEFAULT_CONTEXT_SHARE) says why.
    default: 0.25,
    min: 0,
    max: 0.9,
    must: 'a share of the prompt budget from 0 to 0.9',
    description: 'Share of the prompt budget the snippets may take (docs/workspace-context.md has the measurement).',
  }),
  maxSnippets: number({
    default: 8,
    min: 0,
    max: 32,
    integer: true,
    description: 'Snippets chosen at most (those that do not fit the share are left out).',
  }),
};

export type ModelSettings = SettingValues<typeof MODEL_SETTINGS>;
export type ContextSettings = SettingValues<typeof CONTEXT_SETTINGS>;
export type RouterSettings = SettingValues<typeof ROUTER_SETTINGS>;
export type PrivacySettings = SettingValues<typeof PRIVACY_SETTINGS>;
export type TopSettings = SettingValues<typeof TOP_SETTINGS>;
export type EditorSettings = SettingValues<typeof EDITOR_SETTINGS>;

/**
 * Every group, where it sits in the config (`at`; none: the top), in the
 * order the Settings panel lists their rows within a section.
 */
export const SETTING_GROUPS: readonly {
  at?: 'model' | 'router' | 'privacy' | 'editor' | 'context';
  settings: Readonly<Record<string, Setting>>;
}[] = [
  { at: 'model', settings: MODEL_SETTINGS },
  { at: 'router', settings: ROUTER_SETTINGS },
  { at: 'privacy', settings: PRIVACY_SETTINGS },
  { settings: TOP_SETTINGS },
  { at: 'editor', settings: EDITOR_SETTINGS },
  { at: 'context', settings: CONTEXT_SETTINGS },
];

/** A group's defaults, as its config type. */
export function defaultsOf<G extends Readonly<Record<string, Setting>>>(group: G): { -readonly [K in keyof G]-?: ValueOf<G[K]> } {
  return Object.fromEntries(Object.entries(group).map(([k, s]) => [k, s.default])) as { -readonly [K in keyof G]-?: ValueOf<G[K]> };
}
