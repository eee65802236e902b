// Drives a loaded model through a typing replay in real time, as the editor
// would: a read-ahead after each keystroke (when reuse is on), and after a
// pause of `debounceMs` a completion request, timed from the keystroke to the
// answer (the ghost text). The same code runs in Node and inside a browser
// worker, so both measure the same thing.
import { FimSession, type LoadedModel } from '../../src/completion';
import { documentAt, type TypingReplay } from '../../testing/completion/typing-replay';

export interface ReplaySettings {
  family: string;
  debounceMs: number;
  promptBudget: number;
  maxNewTokens: number;
  /** Read the prompt ahead while typing (only useful with reuse). */
  readAhead: boolean;
  /** Stop after this many requests. */
  maxRequests: number;
  /** The cursor's line opens the middle (the app's default, `model.cursorLineInMiddle`). */
  cursorLineInMiddle: boolean;
}

/** Sampled after each request (Node: resident memory), to see whether typing makes memory grow. */
export type MemoryProbe = () => number;

export interface ReplayRequest {
  promptTokens: number;
  /** Prompt tokens computed for this request: by the request itself and by the read-aheads since the last one. */
  computedTokens: number;
  /** Of those, computed by the request itself (after the pause): the part the user waits for. */
  requestTokens: number;
  /** Keystroke to answer: the debounce, any chunk of read-ahead still running, the request. */
  ghostMs: number;
  /** Of ghostMs: reading the prompt (first token included) and writing the rest, as the model timed them. */
  prefillMs: number;
  decodeMs: number;
  /** The replay's pause after that keystroke: an answer later than this would have been cancelled by the next key. */
  pauseMs: number;
  ids: number[];
  memMB?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

export async function driveReplay(
  model: LoadedModel,
  replay: TypingReplay,
  s: ReplaySettings,
  memory?: MemoryProbe,
): Promise<ReplayRequest[]> {
  const out: ReplayRequest[] = [];
  const fim = new FimSession(model, s.family);
  let readAhead: AbortController | undefined;
  let readAheadTokens = 0;
  for (const step of replay.steps) {
    if (out.length >= s.maxRequests) break;
    const keyAt = performance.now();
    const req = {
      ...documentAt(replay, step),
      maxNewTokens: s.maxNewTokens,
      promptBudget: s.promptBudget,
      cursorLineInMiddle: s.cursorLineInMiddle,
    };
    readAhead?.abort();
    if (s.readAhead) {
      const ac = new AbortController();
      readAhead = ac;
      void fim.prefill(req, ac.signal).then(
        (r) => {
          readAheadTokens += r.computedTokens;
        },
        () => undefined,
      );
    }
    if (step.gapMs < s.debounceMs) {
      await sleep(keyAt + step.gapMs - performance.now());
      continue;
    }
    await sleep(keyAt + s.debounceMs - performance.now());
    readAhead?.abort();
    const r = await fim.complete(req);
    const ghostMs = performance.now() - keyAt;
    const stats = r.stats!;
    const requestTokens = stats.promptTokens - stats.reusedTokens;
    out.push({
      promptTokens: stats.promptTokens,
      computedTokens: requestTokens + readAheadTokens,
      requestTokens,
      ghostMs,
      prefillMs: stats.prefillMs,
      decodeMs: stats.decodeMs,
      pauseMs: step.gapMs,
      ids: r.tokens.map((t) => t.id),
      ...(memory && { memMB: memory() }),
    });
    readAheadTokens = 0;
    // The person resumes typing when their pause ends (at once if the answer came later).
    await sleep(keyAt + step.gapMs - performance.now());
  }
  readAhead?.abort();
  return out;
}

/** Pauses whose requests gave the same tokens, as "k/n". */
export function samePauses(a: readonly ReplayRequest[], b: readonly ReplayRequest[]): string {
  const n = Math.min(a.length, b.length);
  let k = 0;
  for (let i = 0; i < n; i++) if (a[i].ids.length === b[i].ids.length && a[i].ids.every((id, j) => id === b[i].ids[j])) k++;
  return `${k}/${n}`;
}

/**
 * Same documents, same greedy decoding: the requests' tokens must agree pause
 * by pause. Exact for float models (tested on the fp32 fixtures in CI); a
 * model that quantizes its activations per call (q8: DynamicQuantizeLinear)
 * computes a prompt split differently into a slightly different result, and a
 * random-weight twin's near-tied logits let that flip a token.
 */
export function sameOutputs(a: readonly ReplayRequest[], b: readonly ReplayRequest[]): boolean {
  return a.length === b.length && samePauses(a, b) === `${a.length}/${a.length}`;
}
