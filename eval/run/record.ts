// One stored model output: everything the routing simulation, calibration
// and report need, so they never call a model again. One JSON object per line.
import type { Reason } from '../execute/verdict';

export interface SyntaxSummary {
  checked: boolean;
  valid: boolean;
  errors: number;
  /** First introduced error, e.g. "missing ) at 3:14". */
  first?: string;
  ms: number;
}

/** The semantic check's verdict on the completion (src/semantic/check.ts); absent in older records. */
export interface SemanticSummary {
  checked: boolean;
  /** Why not checked (no checker for the language, timed out). */
  reason?: string;
  findings: number;
  /** The offending names, e.g. ["numbrs", "sqroot"]. */
  names?: string[];
  ms: number;
}

export interface OutputRecord {
  /** Ours: benchmark/subset/task_id (unique across files). */
  key: string;
  task_id: string;
  benchmark: string;
  subset: string;
  language: string;
  /** Which source produced it (ground-truth, local:<model>, endpoint:<host>/<model>, jsonl:<file>). */
  source: string;
  role: 'local' | 'large';
  completion: string;
  /** The model's output before post-processing, when post-processing changed it. */
  raw_completion?: string;
  /** The post-processing filters that changed it, in the order they ran (src/completion/common/postprocess.ts). */
  filters?: string[];
  token_probs: number[] | null;
  tokens?: string[];
  finish?: string;
  syntax: SyntaxSummary;
  semantic?: SemanticSummary;
  pass: boolean;
  reason: Reason | 'generation_error';
  detail: string;
  timings: { generate_ms: number; syntax_ms: number; judge_ms: number };
}
