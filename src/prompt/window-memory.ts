// Where the last prompt's window and middle began, so the next request of the
// same document keeps them (context-window.ts `keepStart`, prompt.ts
// `keepMiddleStart`) and the model's KV cache of the prompt stays valid while
// the document grows: a suggestion accepted, lines typed. One per loaded
// model, as the cache is: a request of another document finds other text at
// the remembered place and is windowed as usual. Given the same requests in
// the same order it gives the same hints, whatever the cache holds, so reuse
// still gives what a fresh computation gives.
import type { CompletionRequest, PromptPlaces } from '../vocabulary/types';

/** How much of the window's first text must read the same for its start to be the same place. */
const HEAD_CHARS = 128;

export class WindowMemory {
  private last: (PromptPlaces & { head: string }) | undefined;

  /** `req` with the last prompt's places, when its prefix still reads the same there; else as it is. */
  hinted(req: CompletionRequest): CompletionRequest {
    const last = this.last;
    if (!last || !req.promptBudget || req.prefix.slice(last.prefixStart, last.prefixStart + HEAD_CHARS) !== last.head) return req;
    return { ...req, keepWindowStart: last.prefixStart, ...(last.middleFrom !== undefined && { keepMiddleStart: last.middleFrom }) };
  }

  remember(prefix: string, places: PromptPlaces | undefined): void {
    this.last = places && {
      prefixStart: places.prefixStart,
      ...(places.middleFrom !== undefined && { middleFrom: places.middleFrom }),
      head: prefix.slice(places.prefixStart, places.prefixStart + HEAD_CHARS),
    };
  }

  /** Runs a completion of `req` with the remembered places, and remembers where its prompt's began. */
  async complete<T extends { window?: PromptPlaces }>(req: CompletionRequest, run: (req: CompletionRequest) => Promise<T>): Promise<T> {
    const hinted = this.hinted(req);
    const out = await run(hinted);
    this.remember(hinted.prefix, out.window);
    return out;
  }
}
