// Types at the boundaries of the completion engine. Written once, imported by
// the workers, the editor, the UI, the tests and (later) the eval harness.

/** Model families whose fill-in-the-middle template we know (see fim.ts). */
export type FimFamily = 'qwen2.5-coder' | 'deepseek-coder' | 'starcoder' | 'codellama' | 'codegemma' | 'codestral';

/** Which ONNX Runtime backend ran the local model. */
export type InferenceDevice = 'webgpu' | 'wasm' | 'cpu';

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
}

/** What the local model produced for one request. */
export interface LocalCompletion {
  text: string;
  tokens: TokenProb[];
  /** Why generation stopped: a stop token, the token budget, or cancellation. */
  finish: 'stop' | 'length' | 'aborted';
  device: InferenceDevice;
  model: string;
  ms: number;
}

export type LanguageId = string;

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
}
