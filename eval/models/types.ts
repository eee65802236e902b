// Where candidate middles come from. Each source answers one task at a time;
// the runner stores, validates and judges what it returns.
import type { Task } from '../data/types';

export interface Generated {
  /** The middle as the app would show it (post-processed like the pipeline does). */
  text: string;
  /** The model's raw output before post-processing, when it differs. */
  raw?: string;
  /** The post-processing filters that changed it (src/completion/common/postprocess.ts), in the order they ran; set with `raw`. */
  filters?: string[];
  /** Per-token probabilities of the generated tokens; null when the source has none. */
  tokenProbs: number[] | null;
  /** Token texts, aligned with tokenProbs, when known. */
  tokens?: string[];
  finish?: string;
  /** Time the source took (generation, or the endpoint's round trip). */
  ms: number;
  /** Set when no middle could be produced: the record says why, the task counts as failed. */
  error?: string;
}

export interface CompletionSource {
  /** Stored with every record, e.g. `local:fixture-valid`, `endpoint:gpu:8000/Qwen`. */
  readonly name: string;
  /** Whether these completions play the small local model or the large one in routing simulations. */
  readonly role: 'local' | 'large';
  complete(task: Task, signal: AbortSignal): Promise<Generated>;
  close?(): Promise<void>;
}
