// Monaco glue: turns "the user paused typing" into a completion request and
// the result into ghost text. The wait (adaptive, typing-pace.ts), the
// read-ahead while it runs, cancellation, caching and typing through a
// suggestion live here; everything else is the engine's.
import type { CompletionResult, EngineRequest } from '../completion/pipeline';
import { AbortedError } from '../completion/stages';
import { DocumentSync } from '../syntax/document-sync';
import type { SyntaxDocumentsApi } from '../syntax/live-documents';
import { TypingPace } from '../completion/typing-pace';
import { insideCommentOrString } from '../completion/unasked';
import { windowAround, type WindowDocument } from '../completion/text-window';
import { BoundedCache } from '../platform/bounded-cache';
import { monaco } from './monaco';
import { TYPES_CHECK_SCHEME } from './typescript-worker';
import { typedThrough, type ShownSuggestion } from './type-through';
import { AcceptPrediction, afterAccept, resultKey, type PredictionStats } from './accept-prediction';
import { alternativesOf } from '../completion/alternatives';
import type { PredictionOutcome } from '../vocabulary/types';

export interface CompletionSource {
  complete(req: EngineRequest, signal: AbortSignal): Promise<CompletionResult>;
  /** Reads the prompt of the request that a pause would make, while the user types (optional; see CompletionEngine.prefill). */
  prefill?(req: EngineRequest, signal: AbortSignal): void;
  /** Where editor models are mirrored so completions are checked incrementally (optional). */
  syntaxDocuments?: SyntaxDocumentsApi;
  /** Everything besides the text that decides a result (model, device, router, endpoint, privacy, context): part of the cache key. */
  resultContext?(): string;
  /** The result a request would get, computed ahead and never escalated; undefined: none to keep (see CompletionEngine.predict). */
  predict?(req: EngineRequest, signal: AbortSignal): Promise<CompletionResult | undefined>;
  /** Another answer to a request answered with `first` (the second-best start, never escalated); undefined: none to show. */
  secondBest?(req: EngineRequest, first: CompletionResult, signal: AbortSignal): Promise<CompletionResult | undefined>;
}

export interface InlineCompletionHooks {
  source: () => CompletionSource | undefined;
  /** The wait after typing before a request; with `adaptive`, only the starting point. 0: no wait. */
  debounceMs: () => number;
  /** Follow the person's typing pace and suggestions not taken (src/completion/typing-pace.ts); default on. */
  adaptive?: () => boolean;
  fileOf: (model: monaco.editor.ITextModel) => string;
  /** The validator's language id (a .tsx file is `typescript` to Monaco but `tsx` to the validator). */
  languageOf: (model: monaco.editor.ITextModel) => string;
  /** A fresh result for the text on screen (not called for stale or cancelled requests). */
  onResult: (r: CompletionResult) => void;
  onError: (message: string) => void;
  onPending: (pending: boolean) => void;
  /** Completions on for this language (the per-language toggle); on when absent. */
  enabled?: (language: string) => boolean;
  /** The suggestion stayed visible for SHOWN_AFTER_MS (or was accepted sooner). */
  onShown?: (r: CompletionResult) => void;
  /** Accepted with Tab (partial: false) or word by word (partial: true, once per suggestion). */
  onAccepted?: (r: CompletionResult, partial: boolean) => void;
  /** Compute the suggestion that follows while one is shown, so it is ready on accept (accept-prediction.ts); default on. */
  predictOnAccept?: () => boolean;
  /** Another alternative of the same request is on screen now (Alt+] / Alt+[): the badge follows it. */
  onAlternative?: (r: CompletionResult) => void;
  /** A suggestion computed ahead of an accept ended: served, cancelled or not kept, and its compute (for the stats). */
  onPrediction?: (o: PredictionOutcome) => void;
}

/** A suggestion counts as shown once it was on screen this long. */
export const SHOWN_AFTER_MS = 750;

/** Completion results kept: an identical request (same file, text around the cursor and settings) reuses its result. */
const RESULT_CACHE_ENTRIES = 64;

const sleep = (ms: number, token: monaco.CancellationToken) =>
  new Promise<boolean>((resolve) => {
    const t = setTimeout(() => resolve(true), ms);
    token.onCancellationRequested(() => {
      clearTimeout(t);
      resolve(false);
    });
  });

export interface InlineCompletions {
  dispose(): void;
  clearCache(): void;
  /** What the ready-on-accept predictions started, served and cost. */
  predictionStats(): PredictionStats;
  /** Alt+] / Alt+[ moved to another alternative in `editor`: the badge, typing through and the prediction follow it. */
  cycled(editor: monaco.editor.ICodeEditor): void;
}

export function registerInlineCompletions(hooks: InlineCompletionHooks): InlineCompletions {
  const cache = new BoundedCache<string, CompletionResult>(RESULT_CACHE_ENTRIES);
  const prediction = new AcceptPrediction<CompletionResult>(undefined, (o) => hooks.onPrediction?.(o));
  let cacheSettings = '';
  const empty = { items: [] };
  // What each shown item came from, for the stats (shown after 750 ms, accepted).
  // `live`: items on screen for this suggestion (typing through replaces one item with the next).
  // `result`: the alternative last on screen (Alt+] / Alt+[ switch it).
  type Tracked = { result: CompletionResult; timer?: ReturnType<typeof setTimeout>; shown: boolean; accepted: boolean; live: number };
  const pace = new TypingPace({ initialMs: hooks.debounceMs() });
  const waitMs = () => {
    const configured = hooks.debounceMs();
    return configured > 0 && (hooks.adaptive?.() ?? true) ? pace.delayMs() : configured;
  };
  const tracked = new WeakMap<object, Tracked>();
  // Each item's own alternative (its text and provenance).
  const alternativeOf = new WeakMap<object, CompletionResult>();
  const markShown = (t: Tracked) => {
    clearTimeout(t.timer);
    if (!t.shown) {
      t.shown = true;
      hooks.onShown?.(t.result);
    }
  };
  // The suggestion last put on screen: typing its own characters keeps the rest (type-through.ts).
  // Its items share one Tracked: a suggestion typed through counts as one suggestion, shown and accepted once.
  let shown:
    | (ShownSuggestion<CompletionResult> & { tracked: Tracked; file: string; language: string; items: monaco.languages.InlineCompletion[] })
    | undefined;
  // While a suggestion is on screen: its completion for the text after accepting it, at the model's spare time.
  const predictAfter = (s: NonNullable<typeof shown>) => {
    const source = hooks.source();
    if (!source?.predict || hooks.predictOnAccept?.() === false) return;
    const next = afterAccept(s);
    if (!next) return;
    const key = resultKey(s.file, s.language, undefined, next.prefix, next.suffix);
    const settings = source.resultContext?.() ?? '';
    if (cache.peek(key) && settings === cacheSettings) return;
    prediction.start(key, settings, (signal) =>
      source.predict!({ ...next, language: s.language, file: s.file, documentId: s.document }, signal),
    );
  };
  // The item on screen is this alternative: typing through, the stats, the badge and the prediction follow it.
  const follow = (item: object, t: Tracked) => {
    const alt = alternativeOf.get(item);
    if (alt && alt !== t.result) {
      t.result = alt;
      if (shown?.tracked === t) {
        shown.text = alt.text;
        shown.result = alt;
      }
      hooks.onAlternative?.(alt);
    }
    if (shown?.tracked === t) predictAfter(shown);
  };
  // Asked once per result (an answer, or none, stays with the result); a cancelled ask is asked again next time.
  const secondBests = new WeakMap<CompletionResult, Promise<CompletionResult | undefined>>();
  // Alt+] / Alt+[ where the engine had one answer: ask it for another and add it to the suggestion on screen.
  const offerSecondBest = async (
    s: NonNullable<typeof shown>,
    source: CompletionSource,
    req: EngineRequest,
    token: monaco.CancellationToken,
  ) => {
    const first = s.result;
    let asked = secondBests.get(first);
    if (!asked) {
      // The model serves one run at a time: the user asked for this one now.
      prediction.cancel();
      const ac = new AbortController();
      const sub = token.onCancellationRequested(() => ac.abort());
      asked = source.secondBest!(req, first, ac.signal).finally(() => sub.dispose());
      secondBests.set(first, asked);
      asked.catch(() => secondBests.delete(first));
    }
    hooks.onPending(true);
    const second = await asked.catch(() => undefined).finally(() => hooks.onPending(false));
    const list = alternativesOf(first, second);
    if (list.length === 1 || token.isCancellationRequested || shown !== s || s.items.length !== 1) return;
    // The first item stays the same object, so Monaco keeps it selected and moves on to the new one.
    alternativeOf.set(s.items[0], list[0]);
    if (s.tracked.result === first) s.tracked.result = s.result = list[0];
    hooks.onAlternative?.(list[0]);
    const item = { insertText: list[1].text, range: s.items[0].range };
    tracked.set(item, s.tracked);
    alternativeOf.set(item, list[1]);
    s.tracked.live++;
    s.items.push(item);
  };
  const provider: monaco.languages.InlineCompletionsProvider = {
    async provideInlineCompletions(model, position, context, token) {
      const source = hooks.source();
      if (!source) return empty;
      // Typing cancels the token; a request that outlived its keystroke shows nothing.
      const explicit = context.triggerKind === monaco.languages.InlineCompletionTriggerKind.Explicit;
      if (!explicit) pace.keystroke(performance.now());
      const versionAtRequest = model.getVersionId();
      // A bounded window around the cursor (src/completion/text-window.ts): what a keystroke reads, keys and posts.
      const at = windowAround(windowDocumentOf(model), model.getOffsetAt(position));
      const { prefix, suffix, window: place } = at;
      const language = hooks.languageOf(model);
      // Off for this language: only an explicit request (Alt+Backslash) completes.
      if (!explicit && hooks.enabled && !hooks.enabled(language)) return empty;
      const here = new monaco.Range(position.lineNumber, position.column, position.lineNumber, position.column);
      const through = explicit ? undefined : typedThrough(shown, model.uri.toString(), prefix, suffix, place?.start);
      if (through) {
        const item = { insertText: through.rest, range: here };
        shown!.tracked.live++;
        tracked.set(item, shown!.tracked);
        return { items: [item] };
      }
      // Asked again where the suggestion is on screen (Alt+] / Alt+[ ask before cycling): the same items, the same suggestion,
      // and where it is the engine's only answer, its second-best start as the next item.
      if (
        explicit &&
        shown &&
        shown.document === model.uri.toString() &&
        shown.prefix === prefix &&
        shown.suffix === suffix &&
        shown.start === place?.start
      ) {
        const s = shown;
        if (s.items.length === 1 && source.secondBest) {
          const req = { ...at, language, file: hooks.fileOf(model), documentId: model.uri.toString(), version: versionAtRequest };
          await offerSecondBest(s, source, req, token);
        }
        return { items: shown === s ? s.items : [] };
      }
      shown = undefined;
      // A result is reused only for the same file and text under the same settings: changed settings drop them all.
      const settings = source.resultContext?.() ?? '';
      const key = resultKey(hooks.fileOf(model), language, place?.start, prefix, suffix);
      // The text after an accept: the prediction made for it, finished or still running. Anything else stops it.
      const predicted = explicit ? (prediction.cancel(), undefined) : prediction.take(key, settings);
      // In a comment or a string only an explicit request completes (src/completion/unasked.ts).
      if (!explicit && insideCommentOrString(language, prefix)) return empty;
      if (settings !== cacheSettings) {
        cache.clear();
        cacheSettings = settings;
      }
      if (predicted && !cache.get(key)) {
        hooks.onPending(true);
        const ready = await predicted.finally(() => hooks.onPending(false));
        if (ready && ready.route !== 'failed') cache.set(key, ready);
        if (token.isCancellationRequested) return empty;
      }
      if (!explicit && !cache.get(key)) {
        // While the debounce waits, the model reads the prompt ahead; the next keystroke stops it.
        const readAhead = new AbortController();
        const sub = token.onCancellationRequested(() => readAhead.abort());
        source.prefill?.(
          { ...at, language, file: hooks.fileOf(model), documentId: model.uri.toString(), version: versionAtRequest },
          readAhead.signal,
        );
        const waited = await sleep(waitMs(), token);
        sub.dispose();
        if (!waited) return empty;
      }
      let result = cache.get(key);
      if (!result) {
        const ac = new AbortController();
        const sub = token.onCancellationRequested(() => ac.abort());
        hooks.onPending(true);
        try {
          result = await source.complete(
            { ...at, language, file: hooks.fileOf(model), documentId: model.uri.toString(), version: versionAtRequest },
            ac.signal,
          );
          // A failed escalation is not kept: the same place asked again tries again.
          if (result.route !== 'failed') cache.set(key, result);
        } catch (e) {
          if (!(e instanceof AbortedError) && !token.isCancellationRequested) hooks.onError((e as Error).message);
          return empty;
        } finally {
          sub.dispose();
          hooks.onPending(false);
        }
      }
      if (token.isCancellationRequested || model.getVersionId() !== versionAtRequest) return empty;
      // Where the engine has more than one answer (the large model's and the local one), each is an item: Alt+] / Alt+[ cycle them.
      const alternatives = alternativesOf(result);
      hooks.onResult(alternatives[0]);
      if (!result.text) return empty;
      const t: Tracked = { result: alternatives[0], shown: false, accepted: false, live: alternatives.length };
      const items = alternatives.map((alt) => {
        const item = { insertText: alt.text, range: here };
        tracked.set(item, t);
        alternativeOf.set(item, alt);
        return item;
      });
      shown = {
        document: model.uri.toString(),
        prefix,
        suffix,
        ...(place && { start: place.start }),
        text: alternatives[0].text,
        result: alternatives[0],
        tracked: t,
        file: hooks.fileOf(model),
        language,
        items,
      };
      return { items };
    },
    handleItemDidShow(_c, item) {
      const t = tracked.get(item);
      if (!t) return;
      follow(item, t);
      if (!t.shown && !t.timer) t.timer = setTimeout(() => markShown(t), SHOWN_AFTER_MS);
    },
    handlePartialAccept(_c, item) {
      const t = tracked.get(item);
      if (!t || t.accepted) return;
      t.accepted = true;
      markShown(t);
      hooks.onAccepted?.(t.result, true);
    },
    handleEndOfLifetime(_c, item, reason) {
      const t = tracked.get(item);
      if (!t) return;
      t.live--;
      const acceptedNow = reason.kind === monaco.languages.InlineCompletionEndOfLifeReasonKind.Accepted;
      if (acceptedNow && !t.accepted) {
        t.accepted = true;
        markShown(t);
        hooks.onAccepted?.(t.result, false);
      } else {
        clearTimeout(t.timer);
        t.timer = undefined;
      }
      if (t.accepted || t.live > 0) {
        if (acceptedNow) pace.accepted();
        return;
      }
      // Gone without being taken (dismissed, typed over): never brought back by typing through it, and no next one to prepare.
      if (shown?.tracked === t) {
        shown = undefined;
        prediction.cancel();
      }
      if (t.shown) pace.rejected();
    },
    disposeInlineCompletions() {},
  };
  const reg = monaco.languages.registerInlineCompletionsProvider('*', provider);
  const mirror = mirrorModels(hooks);
  return {
    dispose: () => {
      prediction.cancel();
      reg.dispose();
      mirror.dispose();
    },
    clearCache: () => {
      prediction.cancel();
      cache.clear();
    },
    predictionStats: () => ({ ...prediction.stats }),
    cycled: (editor) => {
      const item = shownItemOf(editor);
      const t = item && tracked.get(item);
      if (item && t) follow(item, t);
    },
  };
}

/**
 * The provider's item Monaco shows now. Monaco tells a provider when an item
 * is first shown, not when cycling comes back to one, so after Alt+] / Alt+[
 * this asks the inline-completions controller (not public API: undefined where
 * its shape differs, and the badge then keeps the last one it was told).
 */
function shownItemOf(editor: monaco.editor.ICodeEditor): object | undefined {
  type Controller = {
    model?: { get(): { selectedInlineCompletion?: { get(): { getSourceCompletion?(): object } | undefined } } | undefined };
  };
  const controller = editor.getContribution('editor.contrib.inlineCompletionsController') as unknown as Controller | null;
  try {
    return controller?.model?.get()?.selectedInlineCompletion?.get()?.getSourceCompletion?.();
  } catch {
    return undefined;
  }
}

/** The window's view of a Monaco model: offsets and lines, read without copying the whole text. */
function windowDocumentOf(model: monaco.editor.ITextModel): WindowDocument {
  const lineOf = (offset: number) => model.getPositionAt(offset).lineNumber;
  return {
    length: model.getValueLength(),
    lineAt: (offset) => {
      const line = lineOf(offset);
      return { line: line - 1, start: model.getOffsetAt({ lineNumber: line, column: 1 }) };
    },
    lineEndAt: (offset) => {
      const line = lineOf(offset);
      return model.getOffsetAt({ lineNumber: line, column: model.getLineMaxColumn(line) });
    },
    read: (start, end) => model.getValueInRange(monaco.Range.fromPositions(model.getPositionAt(start), model.getPositionAt(end))),
  };
}

/**
 * Monaco makes an editor's inline-completions controller only once the browser
 * is idle ("eventually"): keys typed into a new editor before then never ask
 * for a completion (a diff opened and typed into at once, or under load). Call
 * on every editor that shows suggestions, right after creating it.
 */
export function startInlineCompletionsNow(editor: monaco.editor.ICodeEditor): void {
  editor.getContribution('editor.contrib.inlineCompletionsController');
}

/** Keep the syntax worker's copy of every model in step with the editor (src/syntax/document-sync.ts). */
function mirrorModels(hooks: InlineCompletionHooks): monaco.IDisposable {
  const sync = new DocumentSync(() => hooks.source()?.syntaxDocuments);
  const subs: monaco.IDisposable[] = [];
  const watch = (model: monaco.editor.ITextModel) => {
    // The types check's hidden models are no documents of the user's.
    if (model.uri.scheme === TYPES_CHECK_SCHEME) return;
    const synced = {
      uri: model.uri.toString(),
      language: () => hooks.languageOf(model),
      version: () => model.getVersionId(),
      text: () => model.getValue(),
      length: () => model.getValueLength(),
    };
    sync.opened(synced);
    subs.push(model.onDidChangeContent((e) => sync.changed(synced, e.versionId, e.changes)));
    // A renamed file keeps its model; a new extension means a new grammar for the worker's copy.
    subs.push(model.onDidChangeLanguage(() => sync.opened(synced)));
    subs.push(model.onWillDispose(() => sync.closed(synced.uri)));
  };
  monaco.editor.getModels().forEach(watch);
  subs.push(monaco.editor.onDidCreateModel(watch));
  return { dispose: () => subs.forEach((d) => d.dispose()) };
}
