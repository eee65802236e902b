// Where the last prompt window began, so the next request of the same
// document keeps it (context-window.ts, `keepStart`) and the model's KV
// cache of the window stays valid while the document grows: a suggestion
// accepted, lines typed. One per loaded model, as the cache is: a request of
// another document finds other text at the remembered place and is windowed
// as usual. Given the same requests in the same order it gives the same
// hints, whatever the cache holds, so reuse still gives what a fresh
// computation gives.
import type { CompletionRequest } from '../vocabulary/types';

/** How much of the window's first text must read the same for its start to be the same place. */
const HEAD_CHARS = 128;

export class WindowMemory {
  private last: { start: number; head: string } | undefined;

  /** `req` with the last window's start, when its prefix still reads the same there; else as it is. */
  hinted(req: CompletionRequest): CompletionRequest {
    const last = this.last;
    if (!last || !req.promptBudget || req.prefix.slice(last.start, last.start + HEAD_CHARS) !== last.head) return req;
    return { ...req, keepWindowStart: last.start };
  }

  remember(prefix: string, window: { prefixStart: number } | undefined): void {
    this.last = window ? { start: window.prefixStart, head: prefix.slice(window.prefixStart, window.prefixStart + HEAD_CHARS) } : undefined;
  }

  /** Runs a completion of `req` with the remembered start, and remembers where its window began. */
  async complete<T extends { window?: { prefixStart: number } }>(
    req: CompletionRequest,
    run: (req: CompletionRequest) => Promise<T>,
  ): Promise<T> {
    const hinted = this.hinted(req);
    const out = await run(hinted);
    this.remember(hinted.prefix, out.window);
    return out;
  }
}
