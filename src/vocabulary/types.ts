// The shared vocabulary: the types at the boundaries of the completion
// engine (workers, editor, UI, endpoint clients, harness), written once. It
// imports nothing of ours, so every layer may use it without a circle.

/** Model families whose fill-in-the-middle template we know (see fim.ts). */
export type FimFamily = 'qwen2.5-coder' | 'deepseek-coder' | 'starcoder' | 'codellama' | 'codegemma' | 'codestral';

/** Which ONNX Runtime backend ran the local model. */
export type InferenceDevice = 'webgpu' | 'wasm' | 'cpu';

/**
 * Which build of ONNX Runtime a worker starts: the one that can run on
 * WebGPU, or the smaller CPU-only one. A worker starts one build, once.
 */
export type OrtRuntime = 'webgpu' | 'cpu';

/** One generated token and the probability the model gave it when it was chosen. */
export interface TokenProb {
  id: number;
  text: string;
  prob: number;
}

export interface CompletionRequest {
  prefix: string;
  suffix: string;
  maxNewTokens: number;
  /** Tokens the prompt's prefix + suffix may use; they are windowed around the cursor to fit. */
  promptBudget?: number;
  /** Enables early escalation: stop decoding once the router is certain to escalate. */
  early?: { router: RouterConfig; language: LanguageId };
  /** 'line': stop at the end of the line (src/completion/common/extent.ts); 'block' or absent: up to maxNewTokens. */
  extent?: 'line' | 'block';
  /** Snippets of other files for the prompt (src/prompt/prompt.ts), with their share of the budget. */
  context?: PromptContext;
  /** The cursor's line opens the middle (src/prompt/prompt.ts, middleSplit): `model.cursorLineInMiddle`. */
  cursorLineInMiddle?: boolean;
  /** Start with the first token the model ranks this high (2: the second-best alternative); absent: the best. */
  firstTokenRank?: number;
  /** Where this document's last prompt window began in `prefix`, kept while it fits (src/prompt/window-memory.ts). */
  keepWindowStart?: number;
  /** Where its last prompt's middle began in `prefix`, kept while the middle stays short (src/prompt/prompt.ts). */
  keepMiddleStart?: number;
  /** The document asked about (its path): the model keeps a prompt window and a KV cache for each, so going back to a file finds its own. */
  document?: string;
}

/** Where a prompt's window and its middle began in the request's prefix (the middle: when the cursor's line opens it). */
export interface PromptPlaces {
  prefixStart: number;
  middleFrom?: number;
}

/** What the local model produced for one request. */
export interface LocalCompletion {
  text: string;
  tokens: TokenProb[];
  /** Why generation stopped: a stop token, the token budget, or cancellation. */
  finish: 'stop' | 'length' | 'aborted' | 'early';
  /** Why generation stopped early (the router was certain to escalate). */
  earlyReason?: string;
  device: InferenceDevice;
  model: string;
  ms: number;
  /** Set when this completion had to switch device (WebGPU failed mid-run), saying why. */
  fallbackReason?: string;
  /** How the context was windowed to the prompt budget. */
  window?: PromptPlaces & { prefixTokens: number; suffixTokens: number; truncated: boolean };
  /** The other files' snippets the prompt carried, with the tokens each took. */
  snippets?: { file: string; tokens: number }[];
  /** What the request cost the local model (absent when it computed nothing). */
  stats?: GenerationStats;
  /** How much was asked for: the rest of the line or a block (src/completion/common/extent.ts). */
  extent?: 'line' | 'block';
}

/** What a local generation cost: how much of its prompt was computed, and how long each phase took. */
export interface GenerationStats {
  promptTokens: number;
  /** Prompt tokens whose keys and values came from the KV cache of earlier requests (not computed). */
  reusedTokens: number;
  /** From the call until the first token's logits: the prompt's computation. */
  prefillMs: number;
  /** From the first token's logits to the end. */
  decodeMs: number;
  /** Tokens generated (a stop token included). */
  newTokens: number;
  /** Forward passes after the prompt's, with prompt-lookup decoding (fewer than newTokens where drafts were accepted). */
  passes?: number;
}

export type LanguageId = string;

/** The local model as the pipeline calls it (src/completion/worker/fim-completion.ts builds one on a loaded model). */
export interface LocalModelPort {
  complete(req: CompletionRequest, signal: AbortSignal): Promise<LocalCompletion>;
}

/** The local model's measured speed on this device (warm-up, then each completion's own timings): budgets are chosen from it (src/completion/common/budget.ts). */
export interface ModelSpeed {
  prefillMsPerToken: number;
  decodeMsPerToken: number;
}

/** One syntax error found by tree-sitter. Rows and columns are 0-based. */
export interface SyntaxIssue {
  /** `error` = an ERROR node (unexpected text), `missing` = a MISSING node (parser inserted an expected token). */
  kind: 'error' | 'missing';
  row: number;
  column: number;
  /** The node type (for MISSING nodes the token that is missing, e.g. `)`), for the user. */
  detail: string;
}

export interface SyntaxRequest {
  language: LanguageId;
  prefix: string;
  completion: string;
  suffix: string;
  /**
   * The live document this request is about (the editor's model URI) and
   * its version: when the syntax worker holds that version it checks the
   * completion incrementally from its tree; otherwise it uses prefix + suffix.
   */
  documentId?: string;
  version?: number;
  /** When prefix and suffix are a window of that document: the offset of the prefix in it, and its length. */
  prefixStart?: number;
  documentLength?: number;
}

export interface SyntaxVerdict {
  /** false when no grammar is known for the language: the completion was NOT checked. */
  checked: boolean;
  /** true when the completion introduces no syntax error (always false when unchecked). */
  valid: boolean;
  /** Errors introduced by the completion (errors already in the document are not listed). */
  errors: SyntaxIssue[];
  /** How many errors the document had before the completion (for the details view). */
  preexistingErrors: number;
  ms: number;
  language: LanguageId;
  /** Why the completion was not checked (no grammar, or the grammar failed to load). */
  uncheckedReason?: string;
  /**
   * What was parsed, where the syntax worker keeps live copies of the editor's
   * documents: the copy the request named (`live-document`), or the request's
   * own text because the worker does not hold that document at that version.
   */
  checkedOn?: 'live-document' | 'request-text';
}

/**
 * Where the syntax validator (src/syntax/validator.ts) gets tree-sitter's
 * runtime and grammars: fetched from the app's origin in the browser
 * (src/platform/syntax-port.ts), read from node_modules in Node
 * (src/syntax/node-runtime.ts).
 */
export interface SyntaxRuntimePort {
  /**
   * Initialise web-tree-sitter (`Parser.init(...)`, pointing it at its
   * `web-tree-sitter.wasm`). Called once per validator; the runtime is a
   * per-realm singleton, so a second init must reuse the first.
   */
  initParser(): Promise<void>;
  /** The bytes of a grammar, named by its specifier (`@vscode/tree-sitter-wasm/wasm/tree-sitter-python.wasm`, src/languages/grammar.ts), or a path/URL `Language.load` accepts. */
  loadGrammar(file: string): Promise<Uint8Array | string>;
}

/** Other files' text for the prompt, best first, as the engine chose them. */
export interface PromptSnippet {
  file: string;
  text: string;
  /** 0-based line of the file where `text` starts: a file's snippets are written in line order under one entry (snippets-by-file.ts). */
  startLine?: number;
}

export interface PromptContext {
  /** Workspace path of the file being completed. */
  file: string;
  snippets: readonly PromptSnippet[];
  /** Share of the prompt budget the snippets may take (the window gets the rest, and what they leave). */
  share: number;
  /** The repository's name in a repository-format prompt (default: the workspace's first folder, else `workspace`). */
  repoName?: string;
}

/** How token probabilities become one confidence (src/vocabulary/confidence.ts). */
export type Aggregation = 'mean' | 'min' | 'geomean';

export type RoutingPolicy = 'syntax+confidence' | 'syntax+confidence+semantic' | 'confidence-only' | 'always-local' | 'always-escalate';
export const ROUTING_POLICIES: readonly RoutingPolicy[] = [
  'syntax+confidence',
  'syntax+confidence+semantic',
  'confidence-only',
  'always-local',
  'always-escalate',
];

export interface RouterConfig {
  policy: RoutingPolicy;
  /** Keep only when confidence >= threshold (inclusive). */
  threshold: number;
  aggregation: Aggregation;
  /** false: never ask the semantic check (a policy that reads it then says "not checked"). Default on. */
  semanticCheck?: boolean;
}

/**
 * Where an escalation request's body is known to be, once fetch() had it
 * (set by src/endpoint/transport.ts, recorded by the ledger):
 * `delivered`: a response (any status, a redirect included) came back from the server;
 * `not-delivered`: known never to have left (the CSP blocked it, the connection or the
 * host name was refused, or it was cancelled before fetch() was called);
 * `unknown`: it failed after the request may have started, so the body may have reached
 * the server, even more than once (a browser resends a body on its own when a reused
 * connection closes). Browsers report a refused CORS preflight and a connection closed
 * after the body alike, so both are `unknown`: over-reporting is safe, under-reporting is not.
 */
export type Delivery = 'delivered' | 'not-delivered' | 'unknown';

/**
 * What became of one suggestion computed ahead of an accept
 * (src/completion/common/accept-prediction.ts), and the compute it took: `served` on
 * accept with a result, `cancelled` (typing elsewhere, a dismissal, changed
 * settings, a newer prediction) or `not-kept` (it would escalate, or failed).
 */
export interface PredictionOutcome {
  outcome: 'served' | 'cancelled' | 'not-kept';
  /** Milliseconds the model spent on it (up to the cancellation, for one stopped while running). */
  ms: number;
}
