import { useEffect, useRef } from 'react';
import { monaco } from '../editor/monaco';
import { registerInlineCompletions, startInlineCompletionsNow, type InlineCompletionHooks } from '../editor/inline-completions';
import { registerCompletionKeys } from '../editor/keys';
import { languageFromFileName } from '../syntax/languages';
import { useLatest } from './hooks/use-latest';
import type { ModelRegistry } from './models';
import { exposeForTests } from '../platform/test-seams';

interface Props {
  models: ModelRegistry;
  /** The file on screen; undefined when no tab is open. */
  active: string | undefined;
  /** The workspace's tree version: a reset gives every file a new model. */
  version: number;
  hooks: Omit<InlineCompletionHooks, 'fileOf' | 'languageOf'>;
  /** Changes when the user opens a file (tree, tab, import): the editor takes focus then, and on first show. */
  focusRequest: number;
  /** The OS colour scheme: Monaco's theme (global to all its editors, the diff view too) follows it. */
  theme: 'light' | 'dark';
}

const monacoTheme = (t: 'light' | 'dark') => (t === 'dark' ? 'vs-dark' : 'vs');

/** One Monaco editor; each file has its own text model (and so its own undo history). */
export function EditorPane({ models, active, version, hooks, focusRequest, theme }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const hooksRef = useLatest(hooks);
  const modelsRef = useLatest(models);
  const themeRef = useLatest(theme);

  useEffect(() => {
    const ed = monaco.editor.create(host.current!, {
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 14,
      inlineSuggest: { enabled: true },
      quickSuggestions: false,
      suggestOnTriggerCharacters: false,
      theme: monacoTheme(themeRef.current),
      ariaLabel: 'Code editor',
    });
    editor.current = ed;
    startInlineCompletionsNow(ed);
    const reg = registerInlineCompletions({
      source: () => hooksRef.current.source(),
      debounceMs: () => hooksRef.current.debounceMs(),
      adaptive: () => hooksRef.current.adaptive?.() ?? true,
      onResult: (r) => hooksRef.current.onResult(r),
      onError: (m) => hooksRef.current.onError(m),
      onPending: (p) => hooksRef.current.onPending(p),
      enabled: (language) => hooksRef.current.enabled?.(language) ?? true,
      onShown: (r) => hooksRef.current.onShown?.(r),
      onAccepted: (r, partial) => hooksRef.current.onAccepted?.(r, partial),
      fileOf: (m) => modelsRef.current.pathOf(m),
      languageOf: (m) => languageFromFileName(modelsRef.current.pathOf(m)) ?? m.getLanguageId(),
    });
    const keys = registerCompletionKeys(ed);
    // For the end-to-end tests: the editor, and the workspace path of what it shows.
    exposeForTests({
      editor: ed, monaco,
      activePath: () => { const m = ed.getModel(); return m ? modelsRef.current.pathOf(m) : null; },
    });
    return () => {
      keys.dispose();
      reg.dispose();
      ed.dispose();
    };
  }, [hooksRef, modelsRef, themeRef]);

  useEffect(() => {
    const ed = editor.current;
    if (!ed) return;
    const model = active ? models.get(active) : undefined;
    if (ed.getModel() !== (model ?? null)) ed.setModel(model ?? null);
  }, [active, models, version]);

  useEffect(() => {
    if (editor.current?.getModel()) editor.current.focus();
  }, [focusRequest]);

  useEffect(() => monaco.editor.setTheme(monacoTheme(theme)), [theme]);

  return <div className="editor" ref={host} data-testid="editor" hidden={!active} />;
}
