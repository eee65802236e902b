// The completion side's per-request state: the last result (and how many
// there were), whether a request is in flight, the last error. Written by the
// editor's hooks, read by the badge, the details, the status bar and the
// route announcement, each subscribed on its own.
import type { CompletionResult } from '../completion/common/pipeline';
import { Store } from './store';

interface CompletionState {
  result: CompletionResult | null;
  /** Results this session (the badge's `data-seq`). */
  seq: number;
  pending: boolean;
  error: string | null;
}

export class CompletionStore extends Store<CompletionState> {
  constructor() {
    super({ result: null, seq: 0, pending: false, error: null });
  }

  resulted(result: CompletionResult): void {
    this.update((s) => ({ ...s, result, seq: s.seq + 1, error: null }));
  }

  setPending(pending: boolean): void {
    if (this.get().pending !== pending) this.update((s) => ({ ...s, pending }));
  }

  setError(error: string): void {
    this.update((s) => ({ ...s, error }));
  }

  /** A verdict belongs to the model that made it: gone with that model. */
  forget(): void {
    const s = this.get();
    if (s.result !== null || s.error !== null) this.set({ ...s, result: null, error: null });
  }
}
