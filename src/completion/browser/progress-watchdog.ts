// The inference worker's watchdog judges progress, not time. On a busy
// laptop a long prompt can take the model far longer than on a quiet one,
// and restarting a worker that is still writing throws its work away and
// reloads the model, on the machine that has least to spare. A worker that
// tells of no progress for the whole limit is stuck (a wedged loop, a lost
// device that never answers): that one is restarted.

export class ProgressWatchdog {
  private lastSign = -Infinity;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** A sign of life from the worker (it finished a forward pass). */
  alive(): void {
    this.lastSign = this.now();
  }

  /**
   * Calls `onStall` once neither the call's start nor any sign of life is
   * within the last `limitMs`; the returned function stops watching.
   */
  watch(limitMs: number, onStall: () => void): () => void {
    const started = this.now();
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const quiet = this.now() - Math.max(started, this.lastSign);
      if (quiet >= limitMs) onStall();
      else timer = setTimeout(check, limitMs - quiet);
    };
    timer = setTimeout(check, limitMs);
    return () => clearTimeout(timer);
  }
}
