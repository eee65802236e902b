// The next suggestion, ready on accept: while a suggestion is on screen, the
// completion for the text as it will be once the suggestion is accepted is
// computed ahead, so Tab shows the following suggestion without a wait.
// Pure (no Monaco), so Node tests reach the keying and the cancelling; the
// inline-completions provider runs it.
import { WINDOW_AFTER, WINDOW_BEFORE } from './text-window';
import type { PredictionOutcome } from '../../vocabulary/types';

/**
 * The key a completion result is cached under: the file, its language, where
 * the window starts and the text either side of the cursor. The result cache
 * and the prediction share it, so a prediction serves exactly the request
 * that would have made it.
 */
export function resultKey(file: string, language: string, windowStart: number | undefined, prefix: string, suffix: string): string {
  return `${file}\u0000${language}\u0000${windowStart ?? 0}\u0000${prefix}\u0000${suffix}`;
}

/**
 * The text either side of the cursor once `text` is accepted where it is
 * shown; undefined where the editor would read a window of the document (a
 * large file): the window's place after the insertion is not known here, and a
 * wrongly placed guess would never be served.
 */
export function afterAccept(shown: {
  prefix: string;
  suffix: string;
  start?: number;
  text: string;
}): { prefix: string; suffix: string } | undefined {
  if (shown.start !== undefined || !shown.text) return undefined;
  if (shown.prefix.length + shown.text.length + shown.suffix.length > WINDOW_BEFORE + WINDOW_AFTER) return undefined;
  return { prefix: shown.prefix + shown.text, suffix: shown.suffix };
}

/** What predictions cost and brought, for the bench and the stats. */
export interface PredictionStats {
  started: number;
  /** Served on accept with a result. */
  served: number;
  /** Stopped or dropped before use: typing elsewhere, a dismissal, changed settings, a newer prediction. */
  cancelled: number;
  /** Finished without a result to keep (the route would escalate, or it failed), whether accepted or not. */
  notKept: number;
  /** Milliseconds of computing spent on predictions that never reached the screen (cancelled or not kept). */
  wastedMs: number;
}

/** Stats before any prediction: a fresh copy each call, since the predictor counts into its own. */
export const noPredictions = (): PredictionStats => ({ started: 0, served: 0, cancelled: 0, notKept: 0, wastedMs: 0 });

interface Pending<R> {
  key: string;
  settings: string;
  ac: AbortController;
  startedAt: number;
  /** Resolves to the result, or undefined when there is none to keep. */
  result: Promise<R | undefined>;
  /** Set once the run ended: how long it took, and whether it left a result. */
  ms?: number;
  kept?: boolean;
  /** Handed over on accept while still running: served once it ends with a result. */
  taken?: boolean;
  /** Its outcome was told: each prediction has exactly one. */
  settled?: boolean;
}

/**
 * At most one prediction at a time. `start` replaces the one before; `take`
 * hands over the prediction for exactly this key and settings (and forgets
 * it); `cancel` stops it. A prediction never throws out of here: a failure
 * is "no prediction", and the ordinary request runs. Each prediction ends in
 * one outcome (`onSettled`), told once both its fate and its cost are known.
 */
export class AcceptPrediction<R> {
  private pending: Pending<R> | undefined;
  readonly stats: PredictionStats = noPredictions();

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly onSettled?: (o: PredictionOutcome) => void,
  ) {}

  /** The key being predicted (for tests and the bench). */
  get key(): string | undefined {
    return this.pending?.key;
  }

  start(key: string, settings: string, run: (signal: AbortSignal) => Promise<R | undefined>): void {
    if (this.pending?.key === key && this.pending.settings === settings) return;
    this.cancel();
    const ac = new AbortController();
    const startedAt = this.now();
    this.stats.started++;
    const p: Pending<R> = { key, settings, ac, startedAt, result: Promise.resolve(undefined) };
    const ended = (r: R | undefined) => {
      if (ac.signal.aborted) return undefined;
      p.ms = this.now() - startedAt;
      p.kept = r !== undefined;
      if (!p.kept) this.settle(p, 'not-kept', p.ms);
      else if (p.taken) this.settle(p, 'served', p.ms);
      return r;
    };
    p.result = run(ac.signal).then(ended, () => ended(undefined));
    this.pending = p;
  }

  /**
   * The prediction made for this key under these settings, finished or still
   * running; undefined when there is none (then the caller asks as usual).
   * Another key or other settings cancel what is pending: it can no longer be used.
   */
  take(key: string, settings: string): Promise<R | undefined> | undefined {
    const p = this.pending;
    if (!p) return undefined;
    if (p.key !== key || p.settings !== settings) {
      this.cancel();
      return undefined;
    }
    this.pending = undefined;
    p.taken = true;
    if (p.kept) this.settle(p, 'served', p.ms!);
    return p.result;
  }

  /** Stop the prediction: the user typed something else, dismissed the suggestion, or a real request needs the model. */
  cancel(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = undefined;
    // A finished run cost what it took; a running one what it took until now (the abort stops it at the next step).
    this.settle(p, 'cancelled', p.ms ?? this.now() - p.startedAt);
    p.ac.abort();
  }

  private settle(p: Pending<R>, outcome: PredictionOutcome['outcome'], ms: number): void {
    if (p.settled) return;
    p.settled = true;
    if (outcome === 'served') this.stats.served++;
    else {
      if (outcome === 'cancelled') this.stats.cancelled++;
      else this.stats.notKept++;
      this.stats.wastedMs += ms;
    }
    this.onSettled?.({ outcome, ms });
  }
}
