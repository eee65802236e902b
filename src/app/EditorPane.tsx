import { useEffect, useRef } from 'react';
import { monaco } from '../editor/monaco';
import { registerInlineCompletions, type InlineCompletionHooks } from '../editor/inline-completions';
import { languageFromFileName } from '../syntax/languages';
import { monacoLanguageOf, type WorkspaceFile } from './files';

interface Props {
  files: WorkspaceFile[];
  active: string;
  onChange: (path: string, content: string) => void;
  hooks: Omit<InlineCompletionHooks, 'fileOf' | 'languageOf'>;
}

/** One Monaco editor, one text model per file (each with its own undo history). */
export function EditorPane({ files, active, onChange, hooks }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const hooksRef = useRef(hooks);
  hooksRef.current = hooks;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const ed = monaco.editor.create(host.current!, {
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 14,
      inlineSuggest: { enabled: true },
      quickSuggestions: false,
      suggestOnTriggerCharacters: false,
      theme: 'vs',
    });
    editor.current = ed;
    const pathOf = (m: monaco.editor.ITextModel) => m.uri.path.replace(/^\//, '');
    const reg = registerInlineCompletions({
      source: () => hooksRef.current.source(),
      debounceMs: () => hooksRef.current.debounceMs(),
      onResult: (r) => hooksRef.current.onResult(r),
      onError: (m) => hooksRef.current.onError(m),
      onPending: (p) => hooksRef.current.onPending(p),
      fileOf: pathOf,
      languageOf: (m) => languageFromFileName(pathOf(m)) ?? m.getLanguageId(),
    });
    const sub = ed.onDidChangeModelContent(() => {
      const m = ed.getModel();
      if (m) onChangeRef.current(pathOf(m), m.getValue());
    });
    (window as unknown as { __ide?: object }).__ide = { ...(window as unknown as { __ide?: object }).__ide, editor: ed, monaco };
    return () => {
      sub.dispose();
      reg.dispose();
      ed.dispose();
      for (const m of monaco.editor.getModels()) m.dispose();
    };
  }, []);

  const filesRef = useRef(files);
  filesRef.current = files;
  useEffect(() => {
    const ed = editor.current;
    const file = filesRef.current.find((f) => f.path === active);
    if (!ed || !file) return;
    const uri = monaco.Uri.file(file.path);
    const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(file.content, monacoLanguageOf(file.path), uri);
    if (ed.getModel() !== model) ed.setModel(model);
    ed.focus();
  }, [active]);

  return <div className="editor" ref={host} data-testid="editor" />;
}
