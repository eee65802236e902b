// The engine's public vocabulary: what a host editor passes in and gets back.
// The configuration is the app's own schema (src/vocabulary/config.ts), so a
// `config.json` written for the IDE configures an embedded engine the same way.
import type { AppConfig, ConfigLayer, EndpointConfig } from '../../../src/vocabulary/config';
import type { Delivery, InferenceDevice } from '../../../src/vocabulary/types';
import type { LedgerEntry } from '../../../src/privacy/ledger';
import type { SharedModelInfo } from '../../../src/completion/worker/worker-api';

export type { AppConfig, ConfigLayer, Delivery, InferenceDevice, LedgerEntry };

/** What the host asks for: a document, the cursor in it, and the names the router and the privacy rules read. */
export interface CompletionInput {
  /** The document's whole text (or, for a large one, what the host has of it: the engine reads a window around the cursor). */
  text: string;
  /** The cursor, as an offset into `text` (UTF-16 code units, as JavaScript strings count). */
  cursor: number;
  /** The language id the checks know (`python`, `typescript`, `tsx`, `javascript`, `java`, `go` ...). */
  language: string;
  /** The document's path: never-send globs and the ledger read it (default `untitled`). */
  file?: string;
}

export interface CompleteOptions {
  /** Aborting ends the iteration with an AbortError and stops the model's work for this request. */
  signal?: AbortSignal;
  /**
   * How many suggestions at most (default 1). Where the router's answer is the only one, a second
   * one is the local model's second-best start (never escalated, nothing leaves for it).
   */
  alternatives?: number;
}

/** A replacement: put `text` in place of the request's text from `from` to `to` (offsets in the request's text). */
export interface RangeEdit {
  from: number;
  to: number;
  text: string;
}

/**
 * Where a suggestion came from and what it cost in privacy: what a badge shows.
 * `route`: `local` (kept on the device), `escalated` (the organisation's model
 * answered), `blocked` (escalation wanted, not allowed: nothing left), `failed`
 * (escalation tried and failed: the body may have left; see `delivery`).
 */
export interface Provenance {
  route: 'local' | 'escalated' | 'blocked' | 'failed';
  /** One line for a badge, e.g. `local on wasm, confidence 0.98`. */
  summary: string;
  /** Why the router escalated (`confidence`, `syntax`, `semantic` ...); empty when it kept the local answer. */
  reasons: readonly string[];
  /** The router's reading of the local answer: aggregated token confidence and the threshold it was held to. */
  confidence: number;
  threshold: number;
  policy: string;
  /** The syntax check's verdict on the local answer (`checked: false`: no grammar, said so in `summary`). */
  syntax: { checked: boolean; valid: boolean };
  /** Which model wrote this suggestion's text. */
  source: 'local' | 'escalated' | 'second-best';
  /** The local model and where it ran. */
  model: string;
  device: InferenceDevice;
  /** Bytes of request body handed to the network for this request (0: nothing left this machine). */
  bytesSent: number;
  /** Where that body went (`host:port`), when one was sent. */
  destination?: string;
  /** `none`: no body was handed to fetch(); otherwise where it is known to be. */
  delivery: Delivery | 'none';
  /** Why nothing left although the router wanted to escalate (`local-only`, `no-endpoint`, `never-send`, `secret` ...). */
  blockedBy?: string;
  /** Credentials replaced before sending (secret guard in redact mode). */
  redactions?: number;
  latencyMs: number;
}

/** One suggestion: a range edit with its provenance. `index` 0 is the router's choice. */
export interface Suggestion {
  /** Unique within the engine: the events name the suggestion by it. */
  readonly id: string;
  readonly index: number;
  readonly edit: Readonly<RangeEdit>;
  readonly provenance: Readonly<Provenance>;
}

/** The local model once loaded. */
export interface ModelInfo {
  model: string;
  device: InferenceDevice;
  /** Set where WebGPU was wanted but WASM runs, saying why. */
  fallbackReason?: string;
  /** ONNX Runtime's WASM threads (1 where the page is not cross-origin isolated; see `threadsNote`). */
  threads: number;
  threadsNote?: string;
  loadMs: number;
  /** Set where the model runs in the origin's shared worker (`model.sharedWorker`): one copy for every tab. */
  shared?: Readonly<SharedModelInfo>;
}

/** A file of the model downloading (or read from the browser's cache). */
export interface LoadProgress {
  file: string;
  loaded: number;
  total: number;
  done: boolean;
}

/** The events the engine tells its listeners (`engine.on(type, listener)`). */
export interface EngineEvents {
  /** A model file's download progress. */
  progress: LoadProgress;
  /** Every routing decision, including those with nothing to show (an empty `edit.text`). */
  result: Suggestion;
  shown: Suggestion;
  accepted: Suggestion;
  /** Part of a suggestion was taken (a word, a line): `acceptedText` is that part. */
  'partly-accepted': { suggestion: Suggestion; acceptedText: string };
  rejected: Suggestion;
  /** The inference worker had to restart or change device, or this tab runs its own model where it asked to share one (why). */
  notice: string;
  /** How many tabs run on the origin's shared model now, whenever a tab joins or leaves it. */
  'shared-tabs': number;
  /** The ledger changed: a request was recorded or settled (read-only copies). */
  ledger: readonly Readonly<LedgerEntry>[];
}

/** The ledger as the host sees it: read-only copies, exportable; no way to add, edit or clear entries. */
export interface LedgerView {
  /** Every request body that was handed to the network, oldest first (frozen copies). */
  entries(): readonly Readonly<LedgerEntry>[];
  /** Requests and bytes per delivery state. */
  totals(): Readonly<Record<Delivery, { requests: number; bytes: number }>>;
  /** The ledger as a JSON document for the user to keep or audit. */
  export(): string;
}

/** The configuration as the engine runs it, minus what must never be read back (the endpoint's API key). */
export type EngineSettings = Omit<AppConfig, 'endpoint'> & {
  endpoint: (Omit<EndpointConfig, 'apiKey'> & { hasApiKey: boolean }) | null;
};

export interface Engine {
  /** The model loaded and warmed up; rejects with the reason it could not load. `complete` waits for it. */
  readonly ready: Promise<ModelInfo>;
  /** The resolved configuration (deep-frozen copy, API key left out). */
  readonly settings: EngineSettings;
  readonly ledger: LedgerView;
  /**
   * The suggestions for `input`, the router's choice first, each as soon as it is known. The iteration
   * ends when there are no more; aborting `options.signal` ends it with an AbortError.
   */
  complete(input: CompletionInput, options?: CompleteOptions): AsyncIterable<Suggestion>;
  /** Lets the model read the prompt of a request the host is about to make (while the user types); never fails. */
  prefill(input: CompletionInput, options?: { signal?: AbortSignal }): void;
  /** The host tells the engine what became of a suggestion (stats, listeners). */
  shown(s: Suggestion): void;
  accepted(s: Suggestion): void;
  partlyAccepted(s: Suggestion, acceptedText: string): void;
  rejected(s: Suggestion): void;
  /** Returns a function that removes the listener. */
  on<K extends keyof EngineEvents>(type: K, listener: (event: EngineEvents[K]) => void): () => void;
  /** Stops the workers; the engine answers nothing afterwards. */
  dispose(): void;
}
