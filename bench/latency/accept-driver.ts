// The next suggestion ready on accept, measured on a typing replay (the
// editor's behaviour: src/completion/common/accept-prediction.ts). At each pause the
// model answers (the ghost text); then either the person accepts it after
// reading it for `readMs`, and the time from Tab to the next ghost text is
// measured with and without a prediction made while they read, or the person
// types on at the replay's next key, and the prediction started for that
// suggestion is cancelled: compute never shown. Runs in Node and in a
// browser worker, like replay-driver.ts.
import { budgetLimits, chooseBudgets, type Budgets } from '../../src/completion';
import { DEFAULT_CONFIG } from '../../src/config';
import { FimSession, warmUp, type LoadedModel } from '../../src/completion';
import type { LocalCompletion } from '../../src/vocabulary';
import { documentAt, type TypingReplay } from '../../testing/completion/typing-replay';
import type { ReplaySettings } from './replay-driver';

export interface AcceptSettings extends ReplaySettings {
  /** How long the suggestion is read before Tab. */
  readMs: number;
  /** Accepts to measure; the other pauses are typed on from (a prediction thrown away). */
  accepts: number;
  /** The window and new tokens the app would choose from this model's speed, measured here (src/completion/common/budget.ts), instead of the fixed ones. */
  appBudgets?: boolean;
}

export interface AcceptSample {
  /** Tab to the next ghost text without a prediction: the debounce, then the request. */
  withoutMs: number;
  /** Tab to the next ghost text with the prediction started when the suggestion showed. */
  withMs: number;
  /** The prediction's own time, from the suggestion on screen to its answer. */
  predictionMs: number;
  /** The prediction and the ordinary request gave the same tokens. */
  same: boolean;
  /** Prompt tokens the prediction computed (not taken from the shown suggestion's cache), and its time reading them and writing. */
  predictionComputedTokens: number;
  predictionPrefillMs: number;
  predictionDecodeMs: number;
}

export interface DiscardedPrediction {
  /** Compute spent until the next key cancelled it (or until it finished, unused). */
  ms: number;
  finished: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const sameTokens = (a: LocalCompletion, b: LocalCompletion) =>
  a.tokens.length === b.tokens.length && a.tokens.every((t, i) => t.id === b.tokens[i].id);

export async function driveAcceptReplay(
  model: LoadedModel,
  replay: TypingReplay,
  s: AcceptSettings,
): Promise<{ accepts: AcceptSample[]; discarded: DiscardedPrediction[]; budgets: Budgets }> {
  const accepts: AcceptSample[] = [];
  // As the app does after loading: a warm-up run that measures the speed, and the budgets it allows.
  const budgets = s.appBudgets
    ? chooseBudgets((await warmUp(model, s.family)).speed, budgetLimits(DEFAULT_CONFIG.model, model.device))
    : { promptBudget: s.promptBudget, maxNewTokens: s.maxNewTokens };
  const fim = new FimSession(model, s.family);
  const discarded: DiscardedPrediction[] = [];
  let readAhead: AbortController | undefined;
  let pauses = 0;
  const base = { ...budgets, cursorLineInMiddle: s.cursorLineInMiddle };
  for (const step of replay.steps) {
    if (accepts.length >= s.accepts && pauses >= s.maxRequests) break;
    const keyAt = performance.now();
    const req = { ...documentAt(replay, step), ...base };
    readAhead?.abort();
    if (s.readAhead) {
      const ac = new AbortController();
      readAhead = ac;
      void fim.prefill(req, ac.signal).catch(() => undefined);
    }
    if (step.gapMs < s.debounceMs) {
      await sleep(keyAt + step.gapMs - performance.now());
      continue;
    }
    await sleep(keyAt + s.debounceMs - performance.now());
    readAhead?.abort();
    const shown = await fim.complete(req);
    if (!shown.text) {
      await sleep(keyAt + step.gapMs - performance.now());
      continue;
    }
    const next = { prefix: req.prefix + shown.text, suffix: req.suffix, ...base };
    pauses++;
    if (pauses % 2 === 1 && accepts.length < s.accepts) {
      // Accepted: both ways from the same state (the shown request's cache), in alternating order.
      const without = async () => {
        await sleep(s.readMs);
        const tab = performance.now();
        await sleep(s.debounceMs);
        const r = await fim.complete(next);
        return { ms: performance.now() - tab, r };
      };
      const withPrediction = async () => {
        const started = performance.now();
        let doneAt = 0;
        const p = fim.complete(next).then((r) => {
          doneAt = performance.now();
          return r;
        });
        await sleep(s.readMs);
        // Tab as the person presses it, not as this thread's timer fires: in a browser worker the model's run holds the thread.
        const tab = started + s.readMs;
        const r = await p;
        return { ms: Math.max(0, doneAt - tab), predictionMs: doneAt - started, r };
      };
      const restore = () => fim.complete(req);
      let a: Awaited<ReturnType<typeof without>>;
      let b: Awaited<ReturnType<typeof withPrediction>>;
      if (accepts.length % 2 === 0) {
        a = await without();
        await restore();
        b = await withPrediction();
      } else {
        b = await withPrediction();
        await restore();
        a = await without();
      }
      const st = b.r.stats;
      accepts.push({
        withoutMs: a.ms,
        withMs: b.ms,
        predictionMs: b.predictionMs,
        same: sameTokens(a.r, b.r),
        predictionComputedTokens: st ? st.promptTokens - st.reusedTokens : Number.NaN,
        predictionPrefillMs: st?.prefillMs ?? Number.NaN,
        predictionDecodeMs: st?.decodeMs ?? Number.NaN,
      });
      continue; // the replay resumes with its next key (the accepted text is not part of its document)
    }
    // Typed on: the prediction runs until the person's next key.
    const ac = new AbortController();
    const started = performance.now();
    let finishedAt = 0;
    const p = fim.complete(next, ac.signal).then(
      (r) => {
        if (r.finish !== 'aborted') finishedAt = performance.now();
      },
      () => undefined,
    );
    await sleep(keyAt + step.gapMs - performance.now());
    ac.abort();
    await p;
    discarded.push({ ms: (finishedAt || performance.now()) - started, finished: finishedAt > 0 });
  }
  readAhead?.abort();
  return { accepts, discarded, budgets };
}
