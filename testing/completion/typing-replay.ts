// The typing replay: a real file retyped keystroke by keystroke with human
// pauses. The shared yardstick for latency, request timing and KV-cache
// reuse (tests, `npm run bench latency`): everything that depends on how
// people type is measured on the same replay.
//
// A block of lines is cut out of a real source file and typed back in at
// its place, so the text before and after the cursor is real code the whole
// time. The timing model is simple and seeded (the same seed gives the same
// replay everywhere): keys come ~150 ms apart (log-normal spread, about 6.5
// characters a second), and people stop to think after a line, after an
// opening bracket or an operator, and now and then between words. A few
// keys are typos, noticed and erased with Backspace.
import { mulberry32 } from '../platform/prng';

export interface TypingStep {
  /** The block as typed so far (a typo included while it is on screen). */
  typed: string;
  /** Milliseconds from this key to the next one (the last step: the final pause). */
  gapMs: number;
}

export interface TypingReplay {
  /** The document before and after the block being typed. */
  before: string;
  after: string;
  /** The block, as it ends up. */
  block: string;
  steps: TypingStep[];
}

export interface ReplayOptions {
  seed?: number;
  /** First line of the block (0-based); default: 40% into the file. */
  fromLine?: number;
  /** Lines in the block; default 12. */
  lines?: number;
  /** Probability of a typo per key; default 0.02. */
  typoRate?: number;
  /** Median gap between keys, ms: 150 (about 6.5 characters a second) by default; pauses scale with it. */
  keyMedianMs?: number;
}

/** The document and cursor at a step. */
export function documentAt(replay: TypingReplay, step: TypingStep): { prefix: string; suffix: string } {
  return { prefix: replay.before + step.typed, suffix: replay.after };
}

/** Steps after which the user pauses at least `pauseMs` (where a debounced editor asks for a completion). */
export function pausesOf(replay: TypingReplay, pauseMs: number): TypingStep[] {
  return replay.steps.filter((s) => s.gapMs >= pauseMs);
}

/** Total simulated typing time, in ms. */
export function replayDurationMs(replay: TypingReplay): number {
  return replay.steps.reduce((t, s) => t + s.gapMs, 0);
}

function logNormal(rand: () => number, median: number, sigma: number): number {
  // Box-Muller from two uniforms.
  const u = Math.max(rand(), 1e-12);
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
  return median * Math.exp(sigma * z);
}

const between = (rand: () => number, lo: number, hi: number) => lo + (hi - lo) * rand();

/** How long a person waits after typing `ch` (the key just typed) before the next key. */
function gapAfter(ch: string, next: string | undefined, rand: () => number, median: number): number {
  const s = median / 150;
  const key = Math.min(4 * median, logNormal(rand, median, 0.35));
  if (next === undefined) return 2000 * s;
  if (ch === '\n' && rand() < 0.6) return between(rand, 700, 3000) * s;
  if ('([{:=,.'.includes(ch) && rand() < 0.25) return between(rand, 400, 1600) * s;
  if (ch === ' ' && rand() < 0.08) return between(rand, 350, 1200) * s;
  return key;
}

const TYPO_KEYS = 'asdfghjklqwertyuiopzxcvbnm';

export function typingReplay(source: string, opts: ReplayOptions = {}): TypingReplay {
  const rand = mulberry32(opts.seed ?? 1);
  const all = source.split('\n');
  const count = Math.max(1, Math.min(opts.lines ?? 12, all.length));
  const from = Math.max(0, Math.min(opts.fromLine ?? Math.floor(all.length * 0.4), all.length - count));
  const before = all.slice(0, from).join('\n') + (from > 0 ? '\n' : '');
  const block = all.slice(from, from + count).join('\n') + (from + count < all.length ? '\n' : '');
  const after = all.slice(from + count).join('\n');
  const typoRate = opts.typoRate ?? 0.02;
  const median = opts.keyMedianMs ?? 150;

  const steps: TypingStep[] = [];
  const chars = Array.from(block); // code points: a key types a whole character
  let typed = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    if (/[a-z]/.test(ch) && rand() < typoRate) {
      const wrong = TYPO_KEYS[Math.floor(rand() * TYPO_KEYS.length)];
      steps.push({ typed: typed + wrong, gapMs: between(rand, 200, 500) * (median / 150) }); // noticed, then Backspace
      steps.push({ typed, gapMs: logNormal(rand, median, 0.3) });
    }
    typed += ch;
    steps.push({ typed, gapMs: gapAfter(ch, chars[i + 1], rand, median) });
  }
  return { before, after, block, steps };
}
