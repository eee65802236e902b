// What inline completions decide, without Monaco: when a keystroke asks the
// engine (the wait follows the typing pace, the model reads ahead while it
// runs, the next keystroke cancels), which result is reused (result-cache.ts),
// when typing keeps the suggestion on screen (type-through.ts), which
// suggestion is ready on accept (accept-prediction.ts), which alternative is
// on screen (and when to ask for a second-best one), and when a suggestion
// counts as shown and as accepted. The Monaco adapter (monaco-adapter.ts) turns Monaco's calls into these and
// back; Node tests drive this directly, with a clock of their own.
import type { CompletionResult, EngineRequest } from './pipeline';
import { AbortedError } from './stages';
import { TypingPace } from './typing-pace';
import { insideCommentOrString } from './unasked';
import { windowAround, type WindowDocument } from './text-window';
import { alternativesOf } from './alternatives';
import { typedThrough, type ShownSuggestion } from './type-through';
import { AcceptPrediction, afterAccept, resultKey, type PredictionStats } from './accept-prediction';
import { ResultCache } from './result-cache';
import type { PredictionOutcome } from '../../vocabulary/types';

/**
 * What the controller needs of a result: the text to show, and its route (a
 * `failed` one is never reused). The IDE's results are the pipeline's
 * CompletionResult; the Monaco package's are the engine package's suggestions.
 */
export interface ControllerResult {
  readonly text: string;
  readonly route: string;
}

/** The engine as the controller asks it (src/completion/browser/completion-engine.ts implements it; packages/monaco wraps the engine package's API). */
export interface CompletionSource<R extends ControllerResult = CompletionResult> {
  complete(req: EngineRequest, signal: AbortSignal): Promise<R>;
  /** Reads the prompt of the request that a pause would make, while the user types (optional; see CompletionEngine.prefill). */
  prefill?(req: EngineRequest, signal: AbortSignal): void;
  /** Everything besides the text that decides a result (model, device, router, endpoint, privacy, context): part of the cache key. */
  resultContext?(): string;
  /** The result a request would get, computed ahead and never escalated; undefined: none to keep (see CompletionEngine.predict). */
  predict?(req: EngineRequest, signal: AbortSignal): Promise<R | undefined>;
  /** Another answer to a request answered with `first` (the second-best start, never escalated); undefined: none to show. */
  secondBest?(req: EngineRequest, first: R, signal: AbortSignal): Promise<R | undefined>;
}

export interface CompletionControllerHooks<R extends ControllerResult = CompletionResult> {
  source: () => CompletionSource<R> | undefined;
  /** The wait after typing before a request; with `adaptive`, only the starting point. 0: no wait. */
  debounceMs: () => number;
  /** Follow the person's typing pace and suggestions not taken (src/completion/common/typing-pace.ts); default on. */
  adaptive?: () => boolean;
  /** A fresh result for the text on screen (not called for stale or cancelled requests). */
  onResult: (r: R) => void;
  /**
   * A request failed (the local model did not answer, its worker was restarted under it, the model is reloading ...):
   * the message, and how long the request ran. A request the next keystroke cancelled is not a failure.
   */
  onError: (message: string, ms: number) => void;
  onPending: (pending: boolean) => void;
  /** Completions on for this language (the per-language toggle); on when absent. */
  enabled?: (language: string) => boolean;
  /** The suggestion stayed visible for SHOWN_AFTER_MS (or was accepted sooner). */
  onShown?: (r: R) => void;
  /** Accepted with Tab (partial: false) or word by word (partial: true, once per suggestion). */
  onAccepted?: (r: R, partial: boolean) => void;
  /** Taken whole (Tab), each time: also after parts of it were taken word by word (onAccepted told those once). */
  onTaken?: (r: R) => void;
  /** Each part taken word by word or line by line: the text taken so far of the item on screen. */
  onPartlyAccepted?: (r: R, acceptedText: string) => void;
  /** The suggestion left the screen without any of it taken, after it was on screen (told once). */
  onRejected?: (r: R) => void;
  /** The suggestion on screen now (first shown, cycled to), or undefined once none is: a badge follows it. */
  onScreen?: (r: R | undefined) => void;
  /** Compute the suggestion that follows while one is shown, so it is ready on accept (accept-prediction.ts); default on. */
  predictOnAccept?: () => boolean;
  /** Another alternative of the same request is on screen now (Alt+] / Alt+[): the badge follows it. */
  onAlternative?: (r: R) => void;
  /** A suggestion computed ahead of an accept ended: served, cancelled or not kept, and its compute (for the stats). */
  onPrediction?: (o: PredictionOutcome) => void;
}

/** Time as the controller reads it: the typing pace's clock and the timers for the wait and for "shown". */
export interface Clock {
  now(): number;
  /** Runs `run` after `ms`; the function returned cancels it. */
  after(ms: number, run: () => void): () => void;
}

const systemClock: Clock = {
  now: () => performance.now(),
  after: (ms, run) => {
    const t = setTimeout(run, ms);
    return () => clearTimeout(t);
  },
};

/** The document a request is made in, as the controller reads it. */
export interface CompletionDocument {
  /** The editor model's id (its URI): typing through and asking again compare it. */
  readonly id: string;
  /** The text, read only as a window around the cursor (src/completion/common/text-window.ts). */
  readonly text: WindowDocument;
  /** The cursor's offset in `text`. */
  readonly cursor: number;
  /** The workspace path: part of the cache key, and the engine's name for the request. */
  file(): string;
  /** The validator's language id (a .tsx file is `typescript` to Monaco but `tsx` to the validator). */
  language(): string;
  /** Changes with every edit: a result that arrives for an older version is not shown. */
  version(): number;
}

/** One suggestion: its text, and `range`, the adapter's own place for it (Monaco's range), carried through. */
interface SuggestionItem<At> {
  readonly insertText: string;
  readonly range: At;
}

/**
 * The suggestions to offer for one result, the router's choice first, with
 * its second-best answer where one was asked for (src/completion/common/alternatives.ts).
 */
type AlternativesOf<R> = (result: R, secondBest?: R) => readonly R[];

interface CompletionControllerOptions<R> {
  clock?: Clock;
  /** Required where R is not the pipeline's CompletionResult (the default reads its routing). */
  alternatives?: AlternativesOf<R>;
  /** Reuse a result for an identical request (default on); off, every request asks the source. */
  reuseResults?: boolean;
}

/** A suggestion counts as shown once it was on screen this long. */
const SHOWN_AFTER_MS = 750;

/** Completion results kept: an identical request (same file, text around the cursor and settings) reuses its result. */
const RESULT_CACHE_ENTRIES = 64;

/**
 * What each item on screen came from, for the stats (shown, accepted). The
 * items of one suggestion share one: its alternatives, and the items typing
 * through it makes, count as one suggestion, shown and accepted once.
 */
interface Tracked<R> {
  /** The alternative last on screen (Alt+] / Alt+[ switch it). */
  result: R;
  /** Cancels the pending "shown" timer. */
  stopTimer?: () => void;
  shown: boolean;
  accepted: boolean;
  /** Was on screen at all (the adapter's item callbacks): a rejection is told only for one that was. */
  seen: boolean;
  /** Items of this suggestion still on screen or cycled to. */
  live: number;
}

/** The suggestion last put on screen: typing its own characters keeps the rest (type-through.ts). */
interface Shown<At, R> extends ShownSuggestion<R> {
  tracked: Tracked<R>;
  file: string;
  language: string;
  items: SuggestionItem<At>[];
}

const sleep = (clock: Clock, ms: number, signal: AbortSignal) =>
  new Promise<boolean>((resolve) => {
    if (signal.aborted) return resolve(false);
    const stop = clock.after(ms, () => {
      signal.removeEventListener('abort', cancelled);
      resolve(true);
    });
    const cancelled = () => {
      stop();
      resolve(false);
    };
    signal.addEventListener('abort', cancelled, { once: true });
  });

/** How long after a keystroke the read-ahead starts at the soonest: past the frame that shows the key. */
export const READ_AHEAD_AFTER_MS = 20;

/** A signal that follows `parent` until `release()`: a call handed it is stopped by the keystroke only while it runs. */
function follower(parent: AbortSignal): { signal: AbortSignal; release: () => void } {
  const ac = new AbortController();
  const abort = () => ac.abort();
  if (parent.aborted) ac.abort();
  else parent.addEventListener('abort', abort, { once: true });
  return { signal: ac.signal, release: () => parent.removeEventListener('abort', abort) };
}

export class CompletionController<At, R extends ControllerResult = CompletionResult> {
  private readonly cache: ResultCache<R>;
  private readonly prediction: AcceptPrediction<R>;
  private readonly pace: TypingPace;
  /** The editor tells each key (`keyTyped`): the requests' times no longer stand for the keys. */
  private keysTold = false;
  private readonly clock: Clock;
  private readonly alternatives: AlternativesOf<R>;
  private readonly tracked = new WeakMap<object, Tracked<R>>();
  /** Each alternative's item: its own text and provenance. */
  private readonly alternativeOf = new WeakMap<object, R>();
  /** Asked once per result (an answer, or none, stays with the result); a cancelled or failed ask is asked again next time. */
  private readonly secondBests = new WeakMap<R, Promise<R | undefined>>();
  private shown: Shown<At, R> | undefined;

  constructor(
    private readonly hooks: CompletionControllerHooks<R>,
    options: CompletionControllerOptions<R> = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.alternatives = options.alternatives ?? (alternativesOf as unknown as AlternativesOf<R>);
    this.cache = new ResultCache<R>(options.reuseResults === false ? 0 : RESULT_CACHE_ENTRIES);
    this.prediction = new AcceptPrediction<R>(
      () => this.clock.now(),
      (o) => this.hooks.onPrediction?.(o),
    );
    this.pace = new TypingPace({ initialMs: hooks.debounceMs() });
  }

  /**
   * The suggestions for the cursor in `doc` (none: show nothing). `explicit`:
   * asked for (Alt+\), so no wait and completions even where they are off or
   * in a comment. `signal` aborts when the user types on: a request that
   * outlived its keystroke shows nothing.
   */
  async provide(doc: CompletionDocument, at: At, explicit: boolean, signal: AbortSignal): Promise<SuggestionItem<At>[]> {
    const source = this.hooks.source();
    if (!source) return [];
    if (!explicit && !this.keysTold) this.pace.keystroke(this.clock.now());
    const version = doc.version();
    // A bounded window around the cursor (src/completion/common/text-window.ts): what a keystroke reads, keys and posts.
    const around = windowAround(doc.text, doc.cursor);
    const { prefix, suffix, window: place } = around;
    const language = doc.language();
    // Off for this language: only an explicit request completes.
    if (!explicit && this.hooks.enabled && !this.hooks.enabled(language)) return [];
    const through = explicit ? undefined : typedThrough(this.shown, doc.id, prefix, suffix, place?.start);
    if (through) return [this.typedOn(this.shown!, through.rest, at)];
    const request = (): EngineRequest => ({ ...around, language, file: doc.file(), documentId: doc.id, version });
    // Asked again where the suggestion is on screen (Alt+] / Alt+[ ask before cycling): the same items, the same suggestion,
    // and where it is the engine's only answer, its second-best start as the next item.
    const s = this.shown;
    if (explicit && s && s.document === doc.id && s.prefix === prefix && s.suffix === suffix && s.start === place?.start) {
      if (s.items.length === 1 && source.secondBest) await this.offerSecondBest(s, source, request(), signal);
      return this.shown === s ? s.items : [];
    }
    this.shown = undefined;
    // A result is reused only for the same file and text under the same settings: changed settings drop them all.
    const settings = source.resultContext?.() ?? '';
    const key = resultKey(doc.file(), language, place?.start, prefix, suffix);
    // The text after an accept: the prediction made for it, finished or still running. Anything else stops it.
    const predicted = explicit ? (this.prediction.cancel(), undefined) : this.prediction.take(key, settings);
    // In a comment or a string only an explicit request completes (src/completion/common/unasked.ts).
    if (!explicit && insideCommentOrString(language, prefix)) return [];
    this.cache.settle(settings);
    if (predicted && !this.cache.get(key)) {
      this.hooks.onPending(true);
      const ready = await predicted.finally(() => this.hooks.onPending(false));
      if (ready) this.cache.keep(key, ready);
      if (signal.aborted) return [];
    }
    if (!explicit && !this.cache.get(key) && !(await this.pause(source, request(), signal))) return [];
    const result = this.cache.get(key) ?? (await this.complete(source, request(), key, signal));
    if (!result || signal.aborted || doc.version() !== version) return [];
    return this.show(result, { document: doc.id, prefix, suffix, ...(place && { start: place.start }), file: doc.file(), language }, at);
  }

  /**
   * A key changed the text (typed, deleted, pasted, undone), whether or not a request follows it. An editor that
   * asks only once typing has paused for a moment of its own (Monaco waits 50 ms) never asks between a fast
   * typist's keys: the pace would read the gaps between requests, several keys merged into one. Once an editor
   * tells its keys, only these count.
   */
  keyTyped(): void {
    this.keysTold = true;
    this.pace.keystroke(this.clock.now());
  }

  /** Monaco showed `item` (first shown, or cycled to). */
  didShow(item: object): void {
    const t = this.tracked.get(item);
    if (!t) return;
    if (!t.seen) this.pace.suggestionAppeared();
    t.seen = true;
    this.follow(item, t);
    this.hooks.onScreen?.(t.result);
    if (!t.shown && !t.stopTimer) t.stopTimer = this.clock.after(SHOWN_AFTER_MS, () => this.markShown(t));
  }

  /** Part of `item` was accepted (word by word, line by line): its first `acceptedCharacters`, where the editor says. */
  partiallyAccepted(item: object, acceptedCharacters?: number): void {
    const t = this.tracked.get(item);
    if (!t) return;
    if (acceptedCharacters !== undefined) {
      const text = (item as { insertText?: unknown }).insertText;
      if (typeof text === 'string') this.hooks.onPartlyAccepted?.(t.result, text.slice(0, acceptedCharacters));
    }
    if (t.accepted) return;
    t.accepted = true;
    this.markShown(t);
    this.hooks.onAccepted?.(t.result, true);
  }

  /** `item` left the screen: accepted whole, or dismissed, typed over, replaced. */
  ended(item: object, accepted: boolean): void {
    const t = this.tracked.get(item);
    if (!t) return;
    t.live--;
    if (accepted) this.hooks.onTaken?.(t.result);
    if (accepted && !t.accepted) {
      t.accepted = true;
      this.markShown(t);
      this.hooks.onAccepted?.(t.result, false);
    } else {
      t.stopTimer?.();
      t.stopTimer = undefined;
    }
    if (t.accepted || t.live > 0) {
      if (accepted) this.pace.accepted();
      if (t.accepted) this.hooks.onScreen?.(undefined);
      return;
    }
    this.hooks.onScreen?.(undefined);
    if (t.seen) this.hooks.onRejected?.(t.result);
    // Gone without being taken: never brought back by typing through it, and no next one to prepare.
    if (this.shown?.tracked === t) {
      this.shown = undefined;
      this.prediction.cancel();
    }
    if (t.shown) this.pace.rejected();
  }

  /** Alt+] / Alt+[ moved to `item`: the badge, typing through and the prediction follow it. */
  cycledTo(item: object): void {
    const t = this.tracked.get(item);
    if (t) this.follow(item, t);
  }

  clearCache(): void {
    this.prediction.cancel();
    this.cache.clear();
  }

  /** What the ready-on-accept predictions started, served and cost. */
  predictionStats(): PredictionStats {
    return { ...this.prediction.stats };
  }

  dispose(): void {
    this.prediction.cancel();
  }

  private waitMs(): number {
    const configured = this.hooks.debounceMs();
    return configured > 0 && (this.hooks.adaptive?.() ?? true) ? this.pace.delayMs() : configured;
  }

  /**
   * The wait before asking; false when the next keystroke came first. While it runs, the model reads the prompt ahead,
   * from READ_AHEAD_AFTER_MS on, later while the person's next key usually comes (TypingPace.readAheadAfterMs):
   * building that prompt (snippets included) is main-thread work, done after the keystroke's frame rather than in it,
   * and not at all for a key the next one follows.
   */
  private async pause(source: CompletionSource<R>, req: EngineRequest, signal: AbortSignal): Promise<boolean> {
    const readAhead = follower(signal);
    const wait = this.waitMs();
    const readAt = this.pace.readAheadAfterMs(wait, READ_AHEAD_AFTER_MS);
    const stop =
      source.prefill && wait > readAt
        ? this.clock.after(readAt, () => {
            if (!readAhead.signal.aborted) source.prefill!(req, readAhead.signal);
          })
        : undefined;
    const waited = await sleep(this.clock, wait, signal);
    stop?.();
    readAhead.release();
    return waited;
  }

  /** The engine's result, kept for the same request; undefined when cancelled or failed (a failure is told, a cancel is not). */
  private async complete(source: CompletionSource<R>, req: EngineRequest, key: string, signal: AbortSignal) {
    const call = follower(signal);
    const started = this.clock.now();
    this.hooks.onPending(true);
    try {
      const result = await source.complete(req, call.signal);
      this.cache.keep(key, result);
      return result;
    } catch (e) {
      if (!(e instanceof AbortedError) && !signal.aborted) this.hooks.onError((e as Error).message, this.clock.now() - started);
      return undefined;
    } finally {
      call.release();
      this.hooks.onPending(false);
    }
  }

  /** Alt+] / Alt+[ where the engine had one answer: ask it for another and add it to the suggestion on screen. */
  private async offerSecondBest(s: Shown<At, R>, source: CompletionSource<R>, req: EngineRequest, signal: AbortSignal): Promise<void> {
    const first = s.result;
    let asked = this.secondBests.get(first);
    if (!asked) {
      // The model serves one run at a time: the user asked for this one now.
      this.prediction.cancel();
      const call = follower(signal);
      asked = source.secondBest!(req, first, call.signal).finally(() => call.release());
      this.secondBests.set(first, asked);
      asked.catch(() => this.secondBests.delete(first));
    }
    this.hooks.onPending(true);
    const second = await asked.catch(() => undefined).finally(() => this.hooks.onPending(false));
    const list = this.alternatives(first, second);
    if (list.length < 2 || signal.aborted || this.shown !== s || s.items.length !== 1) return;
    // The first item stays the same object, so the editor keeps it selected and moves on to the new one.
    this.alternativeOf.set(s.items[0], list[0]);
    if (s.tracked.result === first) s.tracked.result = s.result = list[0];
    this.hooks.onAlternative?.(list[0]);
    s.tracked.live++;
    s.items.push(this.item(list[1].text, s.items[0].range, s.tracked, list[1]));
  }

  /** Puts `result` on screen: one item per alternative (Alt+] / Alt+[ cycle them), sharing one Tracked. */
  private show(result: R, where: Omit<Shown<At, R>, 'text' | 'result' | 'tracked' | 'items'>, at: At): SuggestionItem<At>[] {
    const alternatives = this.alternatives(result);
    this.hooks.onResult(alternatives[0]);
    if (!result.text) return [];
    const t: Tracked<R> = { result: alternatives[0], shown: false, accepted: false, seen: false, live: alternatives.length };
    const items = alternatives.map((alt) => this.item(alt.text, at, t, alt));
    this.shown = { ...where, text: alternatives[0].text, result: alternatives[0], tracked: t, items };
    return items;
  }

  /** The rest of the suggestion on screen, after the user typed its first characters: the same suggestion. */
  private typedOn(shown: Shown<At, R>, rest: string, at: At): SuggestionItem<At> {
    shown.tracked.live++;
    return this.item(rest, at, shown.tracked);
  }

  /** An item for the screen, counted in `t`'s suggestion, and the alternative it shows where it starts one. */
  private item(insertText: string, range: At, t: Tracked<R>, alt?: R): SuggestionItem<At> {
    const item = { insertText, range };
    this.tracked.set(item, t);
    if (alt) this.alternativeOf.set(item, alt);
    return item;
  }

  private markShown(t: Tracked<R>): void {
    t.stopTimer?.();
    if (t.shown) return;
    t.shown = true;
    this.hooks.onShown?.(t.result);
  }

  /** The item on screen is this alternative: typing through, the stats, the badge and the prediction follow it. */
  private follow(item: object, t: Tracked<R>): void {
    const alt = this.alternativeOf.get(item);
    const s = this.shown;
    if (alt && alt !== t.result) {
      t.result = alt;
      if (s?.tracked === t) {
        s.text = alt.text;
        s.result = alt;
      }
      this.hooks.onAlternative?.(alt);
    }
    if (s?.tracked === t) this.predictAfter(s);
  }

  /** While a suggestion is on screen: its completion for the text after accepting it, at the model's spare time. */
  private predictAfter(s: Shown<At, R>): void {
    const source = this.hooks.source();
    if (!source?.predict || this.hooks.predictOnAccept?.() === false) return;
    const next = afterAccept(s);
    if (!next) return;
    const key = resultKey(s.file, s.language, undefined, next.prefix, next.suffix);
    const settings = source.resultContext?.() ?? '';
    if (this.cache.holds(key, settings)) return;
    this.prediction.start(key, settings, (signal) =>
      source.predict!({ ...next, language: s.language, file: s.file, documentId: s.document }, signal),
    );
  }
}
