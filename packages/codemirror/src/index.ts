// @router-ide/codemirror: the completion engine's suggestions as ghost text in
// CodeMirror 6. Typing asks the engine after a pause (the next keystroke
// aborts the request); Tab accepts, Escape dismisses, Ctrl+Right (Cmd+Right
// on macOS) accepts the next word; typing the suggestion's own characters
// keeps the rest on screen. The engine is told what became of each suggestion
// (shown, accepted, partly accepted, rejected), and the host's badge hook gets
// the provenance of the suggestion on screen. docs/embedding.md has the rest.
import { Prec, StateEffect, StateField, type EditorState, type Extension } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, WidgetType, keymap, type ViewUpdate } from '@codemirror/view';
import type { Engine, Provenance, Suggestion } from '@router-ide/completion-engine';

export interface InlineCompletionOptions {
  engine: Engine;
  /** The language id the engine's checks know (`python`, `typescript` ...), fixed or read from the state. */
  language: string | ((state: EditorState) => string);
  /** The document's path (never-send rules and the ledger read it). */
  file?: string | ((state: EditorState) => string);
  /** The pause after typing before the engine is asked, in ms (default 250). */
  debounceMs?: number;
  /** Called with the provenance of the suggestion put on screen, and with undefined when none is on screen. */
  onBadge?: (provenance: Provenance | undefined, suggestion: Suggestion | undefined) => void;
  /** A request failed (not an abort): the model did not load, a worker failed ... */
  onError?: (error: unknown) => void;
}

/** The suggestion on screen: its edit, moved along as the user types through it. */
interface Ghost {
  suggestion: Suggestion;
  from: number;
  to: number;
  text: string;
}

const setGhost = StateEffect.define<Ghost | null>();

/** The ghost text, kept while the user types its own characters; any other change or a cursor move ends it. */
const ghostField = StateField.define<Ghost | null>({
  create: () => null,
  update(ghost, tr) {
    for (const e of tr.effects) if (e.is(setGhost)) return e.value;
    if (!ghost) return null;
    if (tr.docChanged) return typedThrough(ghost, tr.changes);
    if (tr.selection && (!tr.state.selection.main.empty || tr.state.selection.main.head !== ghost.to)) return null;
    return ghost;
  },
  provide: (field) =>
    EditorView.decorations.from(field, (ghost) =>
      ghost ? Decoration.set([Decoration.widget({ widget: new GhostWidget(ghost.text), side: 1 }).range(ghost.to)]) : Decoration.none,
    ),
});

/** The ghost after a change: the rest of it where the change typed its next characters at its place, else none. */
function typedThrough(
  ghost: Ghost,
  changes: { iterChanges(f: (fromA: number, toA: number, fromB: number, toB: number, inserted: { toString(): string }) => void): void },
): Ghost | null {
  let typed: string | undefined;
  let fits = ghost.from === ghost.to;
  changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
    if (typed !== undefined || fromA !== ghost.to || toA !== fromA) fits = false;
    typed = inserted.toString();
  });
  if (!fits || !typed || typed.length >= ghost.text.length || !ghost.text.startsWith(typed)) return null;
  const at = ghost.to + typed.length;
  return { ...ghost, from: at, to: at, text: ghost.text.slice(typed.length) };
}

class GhostWidget extends WidgetType {
  constructor(readonly text: string) {
    super();
  }
  override eq(other: GhostWidget): boolean {
    return other.text === this.text;
  }
  toDOM(): HTMLElement {
    const span = document.createElement('span');
    span.className = 'cm-ghostText';
    span.setAttribute('aria-hidden', 'true');
    span.textContent = this.text;
    return span;
  }
  override ignoreEvent(): boolean {
    return true;
  }
}

/** The next word of `text`, with the whitespace before it: what Ctrl+Right takes. */
export function nextWord(text: string): string {
  return /^\s*(?:[\p{L}\p{N}_$]+|[^\s\p{L}\p{N}_$]+)|^\s+/u.exec(text)?.[0] ?? text;
}

const theme = EditorView.baseTheme({
  '.cm-ghostText': { opacity: '0.55', fontStyle: 'italic', whiteSpace: 'pre' },
});

/** The extension: add it to the editor's state (`extensions: [inlineCompletion({ engine, language: 'python' })]`). */
export function inlineCompletion(options: InlineCompletionOptions): Extension {
  const { engine } = options;
  const debounceMs = options.debounceMs ?? 250;
  const read = (v: string | ((s: EditorState) => string) | undefined, state: EditorState) => (typeof v === 'function' ? v(state) : v);
  /** Suggestions taken, whole or in part: never reported rejected afterwards. */
  const taken = new WeakSet<Suggestion>();

  const plugin = ViewPlugin.fromClass(
    class {
      private request: AbortController | undefined;
      private timer: ReturnType<typeof setTimeout> | undefined;

      constructor(readonly view: EditorView) {}

      update(u: ViewUpdate): void {
        const before = u.startState.field(ghostField);
        const after = u.state.field(ghostField);
        if (before && before.suggestion !== after?.suggestion) this.ended(before.suggestion);
        if (after && after.suggestion !== before?.suggestion) {
          engine.shown(after.suggestion);
          options.onBadge?.(after.suggestion.provenance, after.suggestion);
        } else if (before && !after) options.onBadge?.(undefined, undefined);
        // Typing through the suggestion keeps it: nothing to ask.
        if (u.docChanged && !(after && after.suggestion === before?.suggestion)) this.schedule();
        else if (u.selectionSet || u.docChanged) this.cancel();
      }

      destroy(): void {
        this.cancel();
        const ghost = this.view.state.field(ghostField);
        if (ghost) this.ended(ghost.suggestion);
      }

      private ended(s: Suggestion): void {
        if (!taken.has(s)) engine.rejected(s);
      }

      private cancel(): void {
        clearTimeout(this.timer);
        this.request?.abort();
        this.request = undefined;
      }

      /** Asks after the pause; meanwhile the model reads the prompt ahead. */
      private schedule(): void {
        this.cancel();
        const { state } = this.view;
        if (state.selection.ranges.length !== 1 || !state.selection.main.empty) return;
        const ac = new AbortController();
        this.request = ac;
        const input = {
          text: state.doc.toString(),
          cursor: state.selection.main.head,
          language: read(options.language, state)!,
          ...(options.file && { file: read(options.file, state) }),
        };
        engine.prefill(input, { signal: ac.signal });
        this.timer = setTimeout(() => void this.ask(input, state, ac), debounceMs);
      }

      private async ask(input: { text: string; cursor: number; language: string }, state: EditorState, ac: AbortController) {
        try {
          for await (const s of engine.complete(input, { signal: ac.signal, alternatives: 1 })) {
            // A result for text no longer on screen is not shown.
            if (ac.signal.aborted || this.view.state.doc !== state.doc || this.view.state.selection.main.head !== input.cursor) return;
            this.view.dispatch({ effects: setGhost.of({ suggestion: s, from: s.edit.from, to: s.edit.to, text: s.edit.text }) });
          }
        } catch (e) {
          if (!ac.signal.aborted) options.onError?.(e);
        }
      }
    },
  );

  /** Puts `text` of the ghost in place of its range, cursor after it; the rest (if any) stays on screen. */
  const take = (view: EditorView, ghost: Ghost, text: string): boolean => {
    const rest = ghost.text.slice(text.length);
    const at = ghost.from + text.length;
    taken.add(ghost.suggestion);
    view.dispatch({
      changes: { from: ghost.from, to: ghost.to, insert: text },
      selection: { anchor: at },
      effects: setGhost.of(rest ? { ...ghost, from: at, to: at, text: rest } : null),
      userEvent: 'input.complete',
      scrollIntoView: true,
    });
    if (rest) engine.partlyAccepted(ghost.suggestion, text);
    else engine.accepted(ghost.suggestion);
    return true;
  };
  const withGhost = (run: (view: EditorView, ghost: Ghost) => boolean) => (view: EditorView) => {
    const ghost = view.state.field(ghostField);
    return ghost ? run(view, ghost) : false;
  };

  const keys = Prec.highest(
    keymap.of([
      { key: 'Tab', run: withGhost((view, ghost) => take(view, ghost, ghost.text)) },
      { key: 'Ctrl-ArrowRight', mac: 'Cmd-ArrowRight', run: withGhost((view, ghost) => take(view, ghost, nextWord(ghost.text))) },
      {
        key: 'Escape',
        run: withGhost((view) => {
          view.dispatch({ effects: setGhost.of(null) });
          return true;
        }),
      },
    ]),
  );

  return [ghostField, plugin, keys, theme];
}
