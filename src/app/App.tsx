import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { CompletionResult } from '../completion/pipeline';
import { effectiveCatalog } from '../config/catalog';
import { mergeLayers } from '../config/merge';
import type { AppConfig, ConfigLayer } from '../config/types';
import { Ledger, type LedgerEntry } from '../privacy/ledger';
import { egressVerdict } from '../privacy/policy';
import { CompletionDetails } from './CompletionDetails';
import { CompletionEngine } from './completion-engine';
import { EditorPane } from './EditorPane';
import { readTabs, writeTabs } from './files';
import { FileTree } from './FileTree';
import { HelpOverlay } from './HelpOverlay';
import { ModelRegistry } from './models';
import { ReviewPanel } from './ReviewPanel';
import { SaveIndicator } from './SaveIndicator';
import { StatsPanel } from './StatsPanel';
import { canPickDirectory, downloadBytes, fromDataTransfer, fromDirectoryPicker, fromFileList } from './importers';
import { SAMPLE_WORKSPACE } from '../workspace/samples';
import { describeImport, prepareImport, zipWorkspace, type IncomingFile } from '../workspace/import';
import { capEvents, type StatEvent, type StatRoute } from '../workspace/stats';
import { languageFromFileName } from '../syntax/languages';
import type { OpenedWorkspace } from '../workspace/open';
import { WorkspaceContextFeed } from '../workspace/context-feed';
import { LedgerPanel } from './LedgerPanel';
import { OpenTabs } from './OpenTabs';
import { ModelStatus, type ModelPerf, type ModelState } from './ModelStatus';
import { PrivacyBadge } from './PrivacyBadge';
import { readUserSettings, userConfig, writeUserSettings, type LoadedConfig } from './settings-store';
import { SettingsPanel } from './SettingsPanel';
import { isArray, readStored, writeStored } from './local-store';

const LEDGER_KEY = 'router-ide.ledger';
const LANG_OFF_KEY = 'router-ide.completions-off';
const STATS_KEY = 'router-ide.stats';

const readStats = () => readStored(STATS_KEY, [], isArray) as StatEvent[];
const readLangOff = () => readStored(LANG_OFF_KEY, [], isArray).filter((x): x is string => typeof x === 'string');
const readLedger = () => readStored(LEDGER_KEY, [], isArray) as LedgerEntry[];

export function App({ loaded, opened }: { loaded: LoadedConfig; opened: OpenedWorkspace }) {
  const { workspace, saver } = opened;
  const [config, setConfig] = useState<AppConfig>(loaded.config);
  const [problems, setProblems] = useState<string[]>(loaded.problems);
  const [modelState, setModelState] = useState<ModelState>({ status: 'loading', model: loaded.config.model.id, files: {} });
  const [perf, setPerf] = useState<ModelPerf | undefined>(undefined);
  const [result, setResult] = useState<CompletionResult | null>(null);
  const [resultSeq, setResultSeq] = useState(0);
  const [pending, setPending] = useState(false);
  const [lastError, setLastError] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(opened.problem ?? null);
  const treeVersion = useSyncExternalStore((fn) => workspace.subscribe(fn), () => workspace.treeVersion);
  const models = useMemo(() => new ModelRegistry(workspace), [workspace]);
  useEffect(() => () => models.dispose(), [models]);
  const [tabs, setTabs] = useState<{ open: string[]; active?: string }>(() => {
    const saved = readTabs();
    const open = (saved?.open ?? []).filter((p) => workspace.has(p));
    const first = workspace.paths()[0];
    if (!open.length && first) open.push(first);
    const active = saved?.active && workspace.has(saved.active) ? saved.active : open[0];
    return { open, active };
  });
  const active = tabs.active;
  useEffect(() => writeTabs(tabs), [tabs]);
  // Opening a file is a request to work in it: the editor takes focus. A tab that changes because
  // a file was deleted or renamed does not pull focus away from where the user is (the file tree).
  const [editorFocusRequest, setEditorFocusRequest] = useState(0);
  const openFile = useCallback((path: string) => {
    setTabs((t) => ({ open: t.open.includes(path) ? t.open : [...t.open, path], active: path }));
    setEditorFocusRequest((n) => n + 1);
  }, []);
  const closeTab = useCallback((path: string) => setTabs((t) => {
    const i = t.open.indexOf(path);
    const open = t.open.filter((p) => p !== path);
    return { open, active: t.active === path ? open[Math.min(i, open.length - 1)] : t.active };
  }), []);
  // Tabs follow renames and deletes.
  useEffect(() => workspace.subscribe((c) => {
    if (c.kind === 'moved') {
      const to = new Map(c.moves);
      setTabs((t) => ({ open: t.open.map((p) => to.get(p) ?? p), active: t.active && (to.get(t.active) ?? t.active) }));
    } else if (c.kind === 'deleted' || c.kind === 'reset') {
      setTabs((t) => {
        const open = t.open.filter((p) => workspace.has(p));
        return { open, active: t.active && workspace.has(t.active) ? t.active : open[0] };
      });
    }
  }), [workspace]);
  const [langOff, setLangOff] = useState<string[]>(readLangOff);
  const langOffRef = useRef(langOff);
  langOffRef.current = langOff;
  const toggleLanguage = (lang: string, on: boolean) => {
    const next = on ? langOff.filter((l) => l !== lang) : [...new Set([...langOff, lang])];
    setLangOff(next);
    writeStored(LANG_OFF_KEY, next); // a preference, not code: best effort
  };
  const [stats, setStats] = useState<{ history: StatEvent[]; sessionFrom: number }>(() => {
    const history = readStats();
    return { history, sessionFrom: history.length };
  });
  const statsRef = useRef(stats);
  statsRef.current = stats;
  const addStat = useCallback((e: StatEvent) => {
    const cur = statsRef.current;
    const all = [...cur.history, e];
    const history = capEvents(all);
    const next = { history, sessionFrom: Math.max(0, cur.sessionFrom - (all.length - history.length)) };
    statsRef.current = next;
    setStats(next);
    writeStored(STATS_KEY, history); // stats are not code: best effort
  }, []);
  const [importReport, setImportReport] = useState<{ text: string; error: boolean } | null>(null);
  const runImport = useCallback(async (incoming: Promise<IncomingFile[] | undefined>) => {
    try {
      const list = await incoming;
      if (!list) return;
      const r = await prepareImport(list, workspace, undefined, (done, total) =>
        setImportReport({ text: `Importing: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} files looked at…`, error: false }));
      workspace.putMany(r.accepted);
      setImportReport({ text: describeImport(r), error: r.skipped.length > 0 });
      if (r.accepted[0]) openFile(r.accepted[0][0]);
    } catch (e) {
      setImportReport({ text: `Import failed: ${(e as Error).message.replace(/\.$/, '')}. Nothing in the workspace was changed.`, error: true });
    }
  }, [workspace, openFile]);
  const showFound = (n: number) => setImportReport({ text: `Reading the folder: ${n.toLocaleString('en')} files found…`, error: false });
  const exportZip = () => downloadBytes('workspace.zip', zipWorkspace(workspace.snapshot().files), 'application/zip');
  const [helpOpen, setHelpOpen] = useState(false);
  const [view, setView] = useState<'editor' | 'review'>('editor');
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.key === '?' && !t?.closest('input, textarea, select, .monaco-editor, [contenteditable]')) { e.preventDefault(); setHelpOpen(true); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

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
    engine.onSpeed = (speed, budgets) => setPerf({ speed, budgets });
    engine.onNotice = (message, info) => {
      setNotice(message);
      if (info) setModelState({ status: 'ready', info });
    };
    (window as unknown as { __ide?: Record<string, unknown> }).__ide = { ...(window as unknown as { __ide?: object }).__ide, engine };
    void loadModel(configRef.current.model);
    return () => engine.dispose();
  }, [ledger, loadModel]);

  // Snippets of other files for the prompt: the workspace's index and the recently edited/viewed files.
  const contextFeed = useMemo(() => new WorkspaceContextFeed(workspace), [workspace]);
  useEffect(() => () => contextFeed.dispose(), [contextFeed]);
  useEffect(() => engineRef.current?.attachWorkspace(contextFeed), [contextFeed, ledger, loadModel]);
  useEffect(() => { if (active) contextFeed.noteViewed(active); }, [active, contextFeed]);

  const applyOverrides = useCallback((o: ConfigLayer, reloadModel: boolean) => {
    const user = mergeLayers(readUserSettings(loaded.orgConfig), o);
    writeUserSettings(user);
    const { config: next, problems: modelProblems } = userConfig(loaded.orgConfig, user);
    const modelChanged = reloadModel || next.device !== configRef.current.device;
    setConfig(next);
    engineRef.current?.setConfig(next);
    setProblems(modelProblems);
    if (modelChanged) void loadModel(next.model);
  }, [loaded.orgConfig, loadModel]);

  const useDemoModel = useCallback(() => {
    const demo = configRef.current.demoModel;
    // A reference when the demo model is in the catalog (it is, built in), so its entry decides how it loads.
    applyOverrides({ model: effectiveCatalog(configRef.current.catalog).some((e) => e.id === demo)
      ? { catalogId: demo }
      : { id: demo, family: 'qwen2.5-coder', source: { kind: 'bundled' } } }, true);
  }, [applyOverrides]);

  // Demo: the sample files (added under demo/, nothing replaced), the local model only, and a live egress count.
  const [demoFrom, setDemoFrom] = useState<number | null>(null);
  const startDemo = () => {
    workspace.putMany(SAMPLE_WORKSPACE.files.map(([p, c]) => [`demo/${p}`, c] as [string, string]).filter(([p]) => !workspace.has(p)));
    applyOverrides({ privacy: { mode: 'local-only' } }, false);
    setDemoFrom(entries.length);
    openFile('demo/python/main.py');
  };
  const demoBytes = demoFrom === null ? 0 : entries.slice(demoFrom).reduce((a, e) => a + e.bytes, 0);

  // Screen readers hear the route when it changes (not every result).
  const [announcement, setAnnouncement] = useState('');
  const lastRoute = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!result || result.route === lastRoute.current) return;
    lastRoute.current = result.route;
    const words = { local: 'Local: no code left this machine', escalated: `Escalated: code sent to ${result.destination ?? 'the server'}`, blocked: 'Kept local: nothing left this machine', failed: 'Escalation failed' } as const;
    setAnnouncement(`Suggestion route changed. ${words[result.route]}.`);
  }, [result]);

  const egress = egressVerdict(config, { pageOrigin: location.origin });
  const ready = modelState.status === 'ready';
  const localOnly = config.privacy.mode === 'local-only';
  const activeLanguage = active ? (languageFromFileName(active) ?? 'plaintext') : undefined;

  return (
    <div className="app">
      <header>
        <h1>Router IDE</h1>
        <ModelStatus state={modelState} onUseDemo={useDemoModel} perf={perf} />
        <div className="egress" data-testid="egress-mode">
          {egress.allowed ? `Escalation to ${egress.destination} allowed when the router asks` : `Local only: ${egress.reason}`}
        </div>
        <label className="switch" title={loaded.orgConfig.privacy.lockMode ? 'Set by your organisation' : 'Nothing leaves this machine while on'}>
          <input type="checkbox" role="switch" checked={localOnly} disabled={loaded.orgConfig.privacy.lockMode}
            onChange={(e) => applyOverrides({ privacy: { mode: e.target.checked ? 'local-only' : 'escalate' } }, false)} data-testid="local-only-switch" />
          Local only
        </label>
        {demoFrom === null
          ? <button type="button" onClick={startDemo} data-testid="start-demo" title="Sample Python, Java and C++ files, local model only">Demo</button>
          : <span className="demo-live" data-testid="demo-bytes" role="status" aria-live="polite">Demo: <b>{demoBytes}</b> bytes have left this machine</span>}
        <SaveIndicator saver={saver} />
        <button type="button" onClick={() => setHelpOpen(true)} data-testid="open-help" aria-haspopup="dialog">Keys</button>
        <button type="button" onClick={() => setSettingsOpen(true)} data-testid="open-settings">Settings</button>
      </header>
      {problems.length > 0 && <div className="banner error" role="alert">{problems.map((p) => <p key={p}>{p}</p>)}</div>}
      {importReport && <div className={`banner ${importReport.error ? 'notice' : 'ok'}`} role="status" data-testid="import-report">{importReport.text} <button type="button" onClick={() => setImportReport(null)} aria-label="Dismiss">×</button></div>}
      {notice && <div className="banner notice" role="status" data-testid="engine-notice">{notice} <button type="button" onClick={() => setNotice(null)} aria-label="Dismiss">×</button></div>}
      <main>
        <div className="sidebar">
          <FileTree workspace={workspace} version={treeVersion} active={active} onOpen={openFile}
            onDropFiles={(e) => void runImport(fromDataTransfer(e.dataTransfer, showFound))} />
          <div className="import-export" role="group" aria-label="Import and export">
            {canPickDirectory() && <button type="button" onClick={() => void runImport(fromDirectoryPicker(showFound))} data-testid="import-folder-fsa">Open folder…</button>}
            <label className="file-button">Add files<input type="file" multiple onChange={(e) => { void runImport(Promise.resolve(fromFileList(e.target.files ?? []))); e.target.value = ''; }} data-testid="import-files" /></label>
            <label className="file-button">Add folder<input type="file" multiple {...{ webkitdirectory: '' }} onChange={(e) => { void runImport(Promise.resolve(fromFileList(e.target.files ?? []))); e.target.value = ''; }} data-testid="import-dir" /></label>
            <button type="button" onClick={exportZip} data-testid="export-zip">Export zip</button>
          </div>
        </div>
        <section className="editor-area">
          <div className="views" role="tablist" aria-label="View">
            <button type="button" role="tab" aria-selected={view === 'editor'} onClick={() => setView('editor')} data-testid="view-editor">Editor</button>
            <button type="button" role="tab" aria-selected={view === 'review'} onClick={() => setView('review')} data-testid="view-review">Review a diff</button>
          </div>
          {view === 'review' && <ReviewPanel workspace={workspace} models={models} localOnly={!egress.allowed}
            egressText={egress.allowed ? `to ${egress.destination}` : egress.reason} />}
          <div className="editor-view" hidden={view !== 'editor'}>
          <OpenTabs open={tabs.open} active={active} onOpen={openFile} onClose={closeTab} />
          {!active && <p className="empty-editor" data-testid="no-file">No file open. Pick one in the file tree, or create one with + File.</p>}
          <EditorPane models={models} active={active} version={treeVersion} focusRequest={editorFocusRequest} hooks={{
            enabled: (lang) => !langOffRef.current.includes(lang),
            source: () => (ready ? engineRef.current ?? undefined : undefined),
            debounceMs: () => configRef.current.editor.debounceMs,
            adaptive: () => configRef.current.editor.adaptiveDebounce !== false,
            onResult: (r) => {
              setResult(r); setResultSeq((n) => n + 1); setLastError(null);
              addStat({ k: 'result', t: Date.now(), route: r.route as StatRoute, ms: r.latencyMs, bytes: r.bytesSent });
            },
            onShown: (r) => addStat({ k: 'shown', t: Date.now(), route: r.route as StatRoute }),
            onAccepted: (r, partial) => addStat({ k: 'accepted', t: Date.now(), route: r.route as StatRoute, partial }),
            onError: (m) => setLastError(m),
            onPending: setPending,
          }} />
          {active && activeLanguage && (
            <div className="status-bar">
              <span data-testid="active-path">{active}</span>
              <span>{activeLanguage}</span>
              <label>
                <input type="checkbox" checked={!langOff.includes(activeLanguage)} onChange={(e) => toggleLanguage(activeLanguage, e.target.checked)}
                  data-testid="lang-toggle" data-language={activeLanguage} />
                Completions for {activeLanguage}
              </label>
            </div>
          )}
          </div>
        </section>
        <aside>
          <PrivacyBadge result={result} pending={pending} seq={resultSeq} />
          <div className="sr-only" aria-live="assertive" role="status" data-testid="route-announcer">{announcement}</div>
          {lastError && <p className="error" role="alert" data-testid="completion-error">Completion failed: {lastError}</p>}
          <CompletionDetails result={result} />
          <LedgerPanel entries={entries} onClear={() => ledger.clear()} exportJson={() => ledger.exportJson()} />
          <StatsPanel session={stats.history.slice(stats.sessionFrom)} history={stats.history}
            onClear={() => { const next = { history: [], sessionFrom: 0 }; statsRef.current = next; setStats(next); localStorage.removeItem(STATS_KEY); }} />
        </aside>
      </main>
      {helpOpen && <HelpOverlay onClose={() => setHelpOpen(false)} />}
      {settingsOpen && (
        <SettingsPanel config={config} device={modelState.status === 'ready' ? modelState.info.device : undefined} locks={loaded.orgConfig.privacy} preview={(o) => userConfig(loaded.orgConfig, mergeLayers(readUserSettings(loaded.orgConfig), o)).config}
          onSave={(o) => { applyOverrides(o, false); setSettingsOpen(false); }} onClose={() => setSettingsOpen(false)}
          onPickModel={(m) => {
            // A reference, not a copy: the entry's fields (config.json's overrides included) are resolved at every load.
            applyOverrides({ model: { catalogId: m.id } }, true);
            setSettingsOpen(false);
          }} />
      )}
    </div>
  );
}
