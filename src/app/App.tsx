import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CompletionResult } from '../completion/pipeline';
import { mergeConfig, type DeepPartial } from '../config/merge';
import type { AppConfig } from '../config/types';
import { Ledger, type LedgerEntry } from '../privacy/ledger';
import { applyLocks } from '../privacy/locks';
import { egressVerdict } from '../privacy/policy';
import { CompletionDetails } from './CompletionDetails';
import { CompletionEngine } from './completion-engine';
import { EditorPane } from './EditorPane';
import { loadFiles, saveFiles, type WorkspaceFile } from './files';
import { LedgerPanel } from './LedgerPanel';
import { ModelStatus, type ModelState } from './ModelStatus';
import { PrivacyBadge } from './PrivacyBadge';
import { readUserSettings, writeUserSettings, type LoadedConfig } from './settings-store';
import { SettingsPanel } from './SettingsPanel';

const LEDGER_KEY = 'router-ide.ledger';

function readLedger(): LedgerEntry[] {
  try {
    return JSON.parse(localStorage.getItem(LEDGER_KEY) ?? '[]') as LedgerEntry[];
  } catch {
    return [];
  }
}

export function App({ loaded }: { loaded: LoadedConfig }) {
  const [config, setConfig] = useState<AppConfig>(loaded.config);
  const [problems, setProblems] = useState<string[]>(loaded.problems);
  const [modelState, setModelState] = useState<ModelState>({ status: 'loading', model: loaded.config.model.id, files: {} });
  const [result, setResult] = useState<CompletionResult | null>(null);
  const [resultSeq, setResultSeq] = useState(0);
  const [pending, setPending] = useState(false);
  const [lastError, setLastError] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [files, setFiles] = useState<WorkspaceFile[]>(loadFiles);
  const [active, setActive] = useState(files[0].path);
  const [saveError, setSaveError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);

  const ledger = useMemo(() => new Ledger(readLedger(), (e) => localStorage.setItem(LEDGER_KEY, JSON.stringify(e))), []);
  const [entries, setEntries] = useState<readonly LedgerEntry[]>(ledger.all());
  useEffect(() => ledger.subscribe(setEntries), [ledger]);

  const engineRef = useRef<CompletionEngine | null>(null);
  const configRef = useRef(config);
  configRef.current = config;

  const loadModel = useCallback(async (model: AppConfig['model']) => {
    const engine = engineRef.current!;
    setModelState({ status: 'loading', model: model.id, files: {} });
    try {
      const info = await engine.loadModel(model, (p) =>
        setModelState((s) => (s.status === 'loading' ? { ...s, files: { ...s.files, [p.file]: p } } : s)));
      setModelState({ status: 'ready', info });
    } catch (e) {
      setModelState({ status: 'error', model: model.id, message: (e as Error).message });
    }
  }, []);

  useEffect(() => {
    const engine = new CompletionEngine(configRef.current, ledger);
    engineRef.current = engine;
    engine.onNotice = (message, info) => {
      setNotice(message);
      if (info) setModelState({ status: 'ready', info });
    };
    (window as unknown as { __ide?: Record<string, unknown> }).__ide = { ...(window as unknown as { __ide?: object }).__ide, engine };
    void loadModel(configRef.current.model);
    return () => engine.dispose();
  }, [ledger, loadModel]);

  const applyOverrides = useCallback((o: DeepPartial<AppConfig>, reloadModel: boolean) => {
    const user = mergeConfig(readUserSettings() as DeepPartial<AppConfig>, o) as DeepPartial<AppConfig>;
    writeUserSettings(user);
    const next = mergeConfig(loaded.orgConfig, applyLocks(user, loaded.orgConfig).layer);
    const modelChanged = reloadModel || next.device !== configRef.current.device;
    setConfig(next);
    engineRef.current?.setConfig(next);
    setProblems([]);
    if (modelChanged) void loadModel(next.model);
  }, [loaded.orgConfig, loadModel]);

  const useDemoModel = useCallback(() => {
    applyOverrides({ model: { id: configRef.current.demoModel, family: 'qwen2.5-coder', source: { kind: 'bundled' } } }, true);
  }, [applyOverrides]);

  // Saved synchronously on every change, outside React's batching: a reload
  // right after a keystroke must not lose it.
  const filesRef = useRef(files);
  const onChange = useCallback((path: string, content: string) => {
    const next = filesRef.current.map((f) => (f.path === path ? { ...f, content } : f));
    filesRef.current = next;
    setSaveError(saveFiles(next));
    setFiles(next);
  }, []);

  const egress = egressVerdict(config, { pageOrigin: location.origin });
  const ready = modelState.status === 'ready';

  return (
    <div className="app">
      <header>
        <h1>Router IDE</h1>
        <ModelStatus state={modelState} onUseDemo={useDemoModel} />
        <div className="egress" data-testid="egress-mode">
          {egress.allowed ? `Escalation to ${egress.destination} allowed when the router asks` : `Local only: ${egress.reason}`}
        </div>
        <button type="button" onClick={() => setSettingsOpen(true)} data-testid="open-settings">Settings</button>
      </header>
      {problems.length > 0 && <div className="banner error" role="alert">{problems.map((p) => <p key={p}>{p}</p>)}</div>}
      {saveError && <div className="banner error" role="alert">{saveError}</div>}
      {notice && <div className="banner notice" role="status" data-testid="engine-notice">{notice} <button type="button" onClick={() => setNotice(null)} aria-label="Dismiss">×</button></div>}
      <main>
        <section className="editor-area">
          <nav className="tabs" role="tablist">
            {files.map((f) => (
              <button key={f.path} role="tab" aria-selected={f.path === active} onClick={() => setActive(f.path)} data-testid={`tab-${f.path}`}>{f.path}</button>
            ))}
          </nav>
          <EditorPane files={files} active={active} onChange={onChange} hooks={{
            source: () => (ready ? engineRef.current ?? undefined : undefined),
            debounceMs: () => configRef.current.editor.debounceMs,
            onResult: (r) => { setResult(r); setResultSeq((n) => n + 1); setLastError(null); },
            onError: (m) => setLastError(m),
            onPending: setPending,
          }} />
        </section>
        <aside>
          <PrivacyBadge result={result} pending={pending} seq={resultSeq} />
          {lastError && <p className="error" role="alert" data-testid="completion-error">Completion failed: {lastError}</p>}
          <CompletionDetails result={result} />
          <LedgerPanel entries={entries} onClear={() => ledger.clear()} exportJson={() => ledger.exportJson()} />
        </aside>
      </main>
      {settingsOpen && (
        <SettingsPanel config={config} locks={loaded.orgConfig.privacy} preview={(o) => mergeConfig(loaded.orgConfig, applyLocks(mergeConfig(readUserSettings(), o), loaded.orgConfig).layer)}
          onSave={(o) => { applyOverrides(o, false); setSettingsOpen(false); }} onClose={() => setSettingsOpen(false)}
          onPickModel={(m) => {
            applyOverrides({ model: {
              id: m.id, family: m.family, dtype: m.dtype, contextWindow: m.contextWindow, fileName: m.fileName,
              // Hub models come from the organisation's mirror when it has one.
              source: m.bundled ? { kind: 'bundled' } : loaded.orgConfig.model.source.kind === 'url' ? loaded.orgConfig.model.source : { kind: 'hub' },
            } }, true);
            setSettingsOpen(false);
          }} />
      )}
    </div>
  );
}
