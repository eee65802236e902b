// When to ask: the pause before a completion request follows the person.
// A fixed 250 ms fires in the middle of a slow typist's words (a request the
// next key cancels, and a model busy for nothing) and makes a fast typist
// wait longer than their pauses need. Like Tabby's adaptive debouncer, the
// wait is read off the recent gaps between keys: a pause is a gap clearly
// longer than nearly all of them (1.5 x their 90th percentile). Like Cody, a run of
// suggestions the person did not take makes the wait grow, and one they take
// resets it. An explicit request (Alt+\) never waits (the editor's concern).
//
// A gap in which a suggestion appeared is no typing gap: it holds the wait
// this pace set, the model's answer and the person reading it. Counted, a
// person who stops for every suggestion would lengthen the next wait by
// waiting, until the wait sat at its ceiling.
import { percentile } from '../../platform/percentile';

interface PaceOptions {
  /** The wait before any key was seen (the configured editor.debounceMs). */
  initialMs: number;
  minMs: number;
  maxMs: number;
  /** Recent key gaps considered. */
  window: number;
  /** The wait is this quantile of the recent gaps... */
  quantile: number;
  /** ...times this. */
  factor: number;
  /** Gaps longer than this are pauses, not typing: left out. */
  pauseCutoffMs: number;
  /** Suggestions not taken in a row before the wait grows. */
  freeRejections: number;
  /** Added per rejection beyond those, up to maxExtraMs. */
  rejectionStepMs: number;
  maxExtraMs: number;
}

const DEFAULT_PACE: Omit<PaceOptions, 'initialMs'> = {
  // 1.5 x the 90th percentile, chosen on the typing replay (npm run bench timing; figures in docs/performance.md):
  // it asks less often than a fixed wait and far fewer of its requests are cancelled by the next key.
  minMs: 100,
  maxMs: 600,
  window: 32,
  quantile: 0.9,
  factor: 1.5,
  pauseCutoffMs: 1500,
  freeRejections: 2,
  rejectionStepMs: 100,
  maxExtraMs: 500,
};

/** Gaps needed before they say anything about the person. */
const MIN_GAPS = 8;

/**
 * The read-ahead starts once the next key is this much later than nearly all
 * gaps (their 90th percentile)...
 */
const READ_AHEAD_LATE_FACTOR = 1.2;
/** ...and leaves at least this part of the wait to read in. */
const READ_AHEAD_SHARE = 0.25;

export class TypingPace {
  private readonly o: PaceOptions;
  private readonly gaps: number[] = [];
  private lastKeyAt: number | undefined;
  /** A suggestion appeared since the last key: the gap the next key ends is not one of the person's typing. */
  private suggestionSinceKey = false;
  private rejections = 0;

  constructor(options: Partial<PaceOptions> & { initialMs: number }) {
    this.o = { ...DEFAULT_PACE, ...options };
  }

  /** A key was typed at `at` (ms, any monotonic clock). */
  keystroke(at: number): void {
    if (this.lastKeyAt !== undefined && !this.suggestionSinceKey) {
      const gap = at - this.lastKeyAt;
      if (gap > 0 && gap < this.o.pauseCutoffMs) {
        this.gaps.push(gap);
        if (this.gaps.length > this.o.window) this.gaps.shift();
      }
    }
    this.lastKeyAt = at;
    this.suggestionSinceKey = false;
  }

  /** A suggestion came on screen (not one already there, typed through): the gap the next key ends is left out. */
  suggestionAppeared(): void {
    this.suggestionSinceKey = true;
  }

  /** A shown suggestion was dismissed or typed over. */
  rejected(): void {
    this.rejections++;
  }

  accepted(): void {
    this.rejections = 0;
  }

  /**
   * When, after the last key, the model may start reading the prompt ahead
   * (`waitMs` being the wait before asking, `earliestMs` the soonest it may).
   * Not while a key usually follows: a read-ahead the next key stops is
   * model work that competes with the page for the cores, and on a machine
   * busy with other work the page's frames pay for it. Once the pause is
   * clear, it still reads for at least a quarter of the wait.
   */
  readAheadAfterMs(waitMs: number, earliestMs: number): number {
    if (this.gaps.length < MIN_GAPS) return earliestMs;
    const late = READ_AHEAD_LATE_FACTOR * this.usualGapMs();
    return Math.round(Math.max(earliestMs, Math.min(late, waitMs * (1 - READ_AHEAD_SHARE))));
  }

  /** The gap nearly all recent gaps are within (their `quantile`): what the wait and the read-ahead are read off. */
  private usualGapMs(): number {
    return percentile(this.gaps, this.o.quantile * 100)!;
  }

  /** How long to wait after the last key before asking. */
  delayMs(): number {
    const o = this.o;
    let base = o.initialMs;
    if (this.gaps.length >= MIN_GAPS) {
      base = o.factor * this.usualGapMs();
    }
    const extra = Math.min(o.maxExtraMs, Math.max(0, this.rejections - o.freeRejections) * o.rejectionStepMs);
    return Math.round(Math.min(o.maxMs, Math.max(o.minMs, base)) + extra);
  }
}
