import { useEffect, useMemo, useRef } from 'react';
import { monaco } from '../editor/monaco';
import { startInlineCompletionsNow } from '../completion/browser/inline-completions';
import type { CompletionFeature } from '../completion/browser/completion-feature';
import { undoEditGroups } from '../editor/edit-group-keys';
import { largeFileOptions, largeFileProfile, type LargeFileProfile } from '../editor/large-file';
import { hasLongLine, type LineChange } from '../editor/long-lines';
import { ghostTextWarmUpOutcome, warmUpGhostTextWhenIdle } from '../completion/browser/ghost-text-warm-up';
import { useLatest } from './hooks/use-latest';
import type { ModelRegistry } from './models';
import type { Store } from './store';
import { countRender, exposeForTests } from '../platform/test-seams';

interface Props {
  models: ModelRegistry;
  /** The file on screen; undefined when no tab is open. */
  active: string | undefined;
  /** The workspace's tree version: a reset gives every file a new model. */
  version: number;
  /** The app's completions (src/completion/browser/completion-feature.ts), built once: the editor attaches to it when created. */
  completion: CompletionFeature;
  /** Changes when the user opens a file (tree, tab, import): the editor takes focus then, and on first show. */
  focusRequest: number;
  /** The OS colour scheme: Monaco's theme (global to all its editors, the diff view too) follows it. */
  theme: 'light' | 'dark';
  /** Where the shown file's size class goes (the status bar reads it); the editor's options follow it. */
  largeFile: Store<LargeFileProfile>;
  /** A place to show (a search result): selected, scrolled into view and focused once its file is on screen. */
  reveal?: RevealRequest;
}

/** Offsets in the file's text; a new object for every request, even to the same place. */
export interface RevealRequest {
  path: string;
  offset: number;
  length: number;
}

const monacoTheme = (t: 'light' | 'dark') => (t === 'dark' ? 'vs-dark' : 'vs');

/**
 * Sets the editor's options for the size of `model` (features whose work per
 * key grows with the file are off in a large one; every other file gets them
 * back) and publishes the answer. Cheap enough for every keystroke: length and
 * line count are kept by the text model, a keystroke's `changes` say which
 * lines to look at for a long one, and nothing happens unless the answer changes.
 */
function followSize(
  ed: monaco.editor.IStandaloneCodeEditor,
  model: monaco.editor.ITextModel | null,
  out: Store<LargeFileProfile>,
  changes?: readonly LineChange[],
): void {
  const p = largeFileProfile(model?.getValueLength() ?? 0, model?.getLineCount() ?? 0, !!model && hasLongLine(model, changes));
  if (p === out.get()) return;
  ed.updateOptions(largeFileOptions(p));
  out.set(p);
}

/** What the editor reads when called, not when created: the props of the latest render. */
interface LatestProps {
  models: { readonly current: ModelRegistry };
  theme: { readonly current: Props['theme'] };
  largeFile: { readonly current: Store<LargeFileProfile> };
}

/** Creates the editor in `host` with inline completions, their keys and grouped undo; `dispose` takes it all down. */
function mountEditor(host: HTMLElement, completion: CompletionFeature, latest: LatestProps) {
  const ed = monaco.editor.create(host, {
    automaticLayout: true,
    minimap: { enabled: false },
    fontSize: 14,
    inlineSuggest: { enabled: true },
    quickSuggestions: false,
    suggestOnTriggerCharacters: false,
    theme: monacoTheme(latest.theme.current),
    ariaLabel: 'Code editor',
  });
  startInlineCompletionsNow(ed);
  warmUpGhostTextWhenIdle();
  const reg = completion.attach(ed);
  const groupUndo = undoEditGroups(ed, () => latest.models.current.editGroups);
  // A paste can make a file large (or a cut a normal one): the options follow the text, not only the tab.
  const sizes = ed.onDidChangeModelContent((e) => followSize(ed, ed.getModel(), latest.largeFile.current, e.changes));
  // For the end-to-end tests: the editor, and the workspace path of what it shows.
  exposeForTests({
    editor: ed,
    monaco,
    activePath: () => {
      const m = ed.getModel();
      return m ? latest.models.current.pathOf(m) : null;
    },
    predictionStats: () => reg.predictionStats(),
    ghostTextWarmUp: ghostTextWarmUpOutcome,
  });
  const dispose = () => {
    sizes.dispose();
    groupUndo.dispose();
    reg.dispose();
    ed.dispose();
  };
  return { ed, dispose };
}

/** Selects a search result's place, scrolls it into view and focuses the editor, once its file is the one on screen. */
function revealPlace(ed: monaco.editor.IStandaloneCodeEditor | null, models: ModelRegistry, reveal: RevealRequest | undefined): void {
  const model = ed?.getModel();
  if (!ed || !model || !reveal || models.pathOf(model) !== reveal.path) return;
  const a = model.getPositionAt(reveal.offset);
  const b = model.getPositionAt(reveal.offset + reveal.length);
  ed.setSelection(new monaco.Selection(a.lineNumber, a.column, b.lineNumber, b.column));
  ed.revealRangeInCenter(new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column));
  ed.focus();
}

/** One Monaco editor; each file has its own text model (and so its own undo history). */
export function EditorPane({ models, active, version, completion, focusRequest, theme, largeFile, reveal }: Props) {
  countRender('EditorPane');
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const modelsRef = useLatest(models);
  const themeRef = useLatest(theme);
  const largeFileRef = useLatest(largeFile);
  // The refs are the same objects for the pane's lifetime: the editor is created once.
  const latest = useMemo(() => ({ models: modelsRef, theme: themeRef, largeFile: largeFileRef }), [modelsRef, themeRef, largeFileRef]);

  // The completion feature is built once per app: the editor is created once.
  useEffect(() => {
    const { ed, dispose } = mountEditor(host.current!, completion, latest);
    editor.current = ed;
    return dispose;
  }, [completion, latest]);

  useEffect(() => {
    const ed = editor.current;
    if (!ed) return;
    const model = active ? models.get(active) : undefined;
    if (ed.getModel() === (model ?? null)) return;
    // Before the model is shown, so a large file never starts its folding or sticky-scroll pass.
    followSize(ed, model ?? null, largeFile);
    ed.setModel(model ?? null);
  }, [active, models, version, largeFile]);

  useEffect(() => {
    if (editor.current?.getModel()) editor.current.focus();
  }, [focusRequest]);

  // After the effect above that shows the file: the place is in the model on screen.
  useEffect(() => revealPlace(editor.current, models, reveal), [reveal, active, models]);

  useEffect(() => monaco.editor.setTheme(monacoTheme(theme)), [theme]);

  return <div className="editor" ref={host} data-testid="editor" hidden={!active} />;
}
