// The app: a composition of hooks (state with one job each) and components.
// Layout (app.css): toolbar on top, file tree | editor | side panel (both
// collapsible and resizable), status bar at the bottom; messages sit in a
// bar under the editor, so they never cover its text, and what appears while
// loading never moves the editor's top.
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { effectiveCatalog, modelLabel } from '../config/catalog';
import { mergeLayers } from '../config/merge';
import { reloadsModel } from '../config/schema';
import { ConfigStore } from '../config/store';
import type { ConfigLayer } from '../vocabulary/config';
import { largeFileProfile } from '../editor/large-file';
import { countRender } from '../platform/test-seams';
import { egressVerdict } from '../privacy/policy';
import { languageFromFileName } from '../languages/registry';
import type { OpenedWorkspace } from '../workspace/open';
import { WorkspaceContextFeed } from '../workspace/context-feed';
import { planDemo } from '../workspace/demo';
import { zipWorkspace } from '../workspace/zip';
import { applyEditsAsOne, applyFileEdits } from './apply-edits';
import { CommandPalette } from './CommandPalette';
import type { CommandActions } from './commands';
import { CompletionDetails } from './CompletionDetails';
import { RouteAnnouncer } from './CompletionNotices';
import { CompletionStore } from './completion-state';
import { completionReports } from './completion-reports';
import { DiskFolderStatus } from './DiskFolderPanel';
import { EditorPane, type RevealRequest } from './EditorPane';
import { FileTree } from './FileTree';
import { GitPanel } from './GitPanel';
import { HelpOverlay } from './HelpOverlay';
import { useColorScheme } from './hooks/use-color-scheme';
import { useCommandKeys } from './hooks/use-command-keys';
import { useCompletionsOff } from './hooks/use-completions-off';
import { useDiskFolder } from './hooks/use-disk-folder';
import { useEngine } from './hooks/use-engine';
import { useImport } from './hooks/use-import';
import { useLatest } from './hooks/use-latest';
import { useLedger } from './hooks/use-ledger';
import { usePanels } from './hooks/use-panels';
import { useStats } from './hooks/use-stats';
import { useTabs } from './hooks/use-tabs';
import { Icon } from './Icon';
import { canPickDirectory, downloadBytes, fromDataTransfer, fromFileList } from './importers';
import { LedgerPanel } from './LedgerPanel';
import { ModelRegistry } from './models';
import { Messages } from './Messages';
import { OpenTabs } from './OpenTabs';
import { PrivacyBadge } from './PrivacyBadge';
import { QuickOpen } from './QuickOpen';
import { ReviewPanel } from './ReviewPanel';
import { saveNow } from './save';
import { SaveIndicator } from './SaveIndicator';
import { SearchPanel } from './SearchPanel';
import { readUserSettings, userConfig, writeUserSettings, type LoadedConfig } from './settings-store';
import { SettingsPanel } from './SettingsPanel';
import { StatsPanel } from './StatsPanel';
import { StatusBar } from './StatusBar';
import { Store } from './store';
import { Toolbar } from './Toolbar';

/** The file tree, counted on its own in test builds: a keystroke must not render it. */
function CountedFileTree(props: Parameters<typeof FileTree>[0]) {
  countRender('FileTree');
  return <FileTree {...props} />;
}

/** `?` opens the key list, except where `?` is text (inputs, the editor). */
function useHelpKey(open: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.key === '?' && !t?.closest('input, textarea, select, .monaco-editor, [contenteditable]')) {
        e.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}

export function App({ loaded, opened }: { loaded: LoadedConfig; opened: OpenedWorkspace }) {
  countRender('App');
  const { workspace, saver } = opened;
  const scheme = useColorScheme();
  // The one current config: the engine and the editor's completions subscribe to it, and the app renders from it.
  const configStore = useMemo(() => new ConfigStore(loaded.config), [loaded.config]);
  const config = useSyncExternalStore(configStore.subscribe, configStore.get);
  const [problems, setProblems] = useState<string[]>(loaded.problems);
  const [notice, setNotice] = useState<string | null>(opened.problem ?? null);
  const dismissNotice = useCallback(() => setNotice(null), []);
  const treeVersion = useSyncExternalStore(
    (fn) => workspace.subscribe(fn),
    () => workspace.treeVersion,
  );
  const models = useMemo(() => new ModelRegistry(workspace), [workspace]);
  useEffect(() => () => models.dispose(), [models]);
  const tabs = useTabs(workspace);
  const { active } = tabs;
  const completionsOff = useCompletionsOff();
  const completionsOffRef = useLatest(completionsOff.off);
  const stats = useStats();
  const imports = useImport(workspace, tabs.openFile);
  const disk = useDiskFolder(workspace, saver, imports);
  const { ledger, notSaved: ledgerNotSaved } = useLedger();
  const { engineRef, modelState, perf, loadModel } = useEngine(configStore, ledger, setNotice);

  // Per-request and per-keystroke state lives in stores the components that show it subscribe to: the app does not re-render for it.
  const completion = useMemo(() => new CompletionStore(), []);
  const completionReported = useMemo(() => completionReports(completion, stats), [completion, stats]);
  const largeFile = useMemo(() => new Store(largeFileProfile(0, 0)), []);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  useHelpKey(openHelp);
  const panels = usePanels();
  const sidePanel = useRef<HTMLElement>(null);
  // The status bar's badge: the panel opens at its top (the full badge, then the details) and takes focus for keyboard users.
  const showDetails = useCallback(() => {
    panels.open('side');
    const el = sidePanel.current;
    if (!el) return;
    // Not inert from now on (React follows when the panel reports its new size): an inert element cannot take focus.
    el.inert = false;
    el.scrollTo({ top: 0 });
    el.focus();
  }, [panels]);
  const [view, setView] = useState<'editor' | 'review'>('editor');
  // A verdict belongs to the model that made it: when that model is gone (a new one loading, or a load that failed), so is the verdict.
  useEffect(() => {
    if (modelState.status === 'ready') return;
    completion.forget();
  }, [modelState.status, completion]);

  // Snippets of other files for the prompt: the workspace's index and the recently edited/viewed files.
  const contextFeed = useMemo(() => new WorkspaceContextFeed(workspace), [workspace]);
  useEffect(() => () => contextFeed.dispose(), [contextFeed]);
  useEffect(() => engineRef.current?.attachWorkspace(contextFeed), [contextFeed, ledger, loadModel]);
  useEffect(() => {
    if (active) contextFeed.noteViewed(active);
  }, [active, contextFeed]);

  const applyOverrides = useCallback(
    (o: ConfigLayer, reloadModel: boolean) => {
      const user = mergeLayers(readUserSettings(loaded.orgConfig), o);
      writeUserSettings(user);
      const { config: next, problems: modelProblems } = userConfig(loaded.orgConfig, user);
      const modelChanged = reloadModel || next.device !== configStore.get().device;
      configStore.set(next);
      setProblems(modelProblems);
      if (modelChanged) void loadModel(next.model);
    },
    [loaded.orgConfig, loadModel, configStore],
  );

  const switchToDemoModel = useCallback(() => {
    const demo = configStore.get().demoModel;
    // A reference when the demo model is in the catalog (it is, built in), so its entry decides how it loads.
    applyOverrides(
      {
        model: effectiveCatalog(configStore.get().catalog).some((e) => e.id === demo)
          ? { catalogId: demo }
          : { id: demo, family: 'qwen2.5-coder', source: { kind: 'bundled' } },
      },
      true,
    );
  }, [applyOverrides, configStore]);

  // Demo: the sample files (never a second copy, nothing replaced), the local model only, and a live egress count.
  const [demoFrom, setDemoFrom] = useState<number | null>(null);
  const startDemo = () => {
    const plan = planDemo(workspace);
    workspace.putMany(plan.add);
    applyOverrides({ privacy: { mode: 'local-only' } }, false);
    setDemoFrom(ledger.all().length);
    tabs.openFile(plan.open);
  };

  const catalog = useMemo(() => effectiveCatalog(config.catalog), [config.catalog]);
  const labelOf = useCallback((id: string) => modelLabel(catalog, id), [catalog]);
  const egress = egressVerdict(config, { pageOrigin: location.origin });
  const ready = modelState.status === 'ready';
  const activeLanguage = active ? (languageFromFileName(active) ?? 'plaintext') : undefined;
  // A file coming to the front lets the engine ready what its completions' checks need (TypeScript's types), before a key is typed.
  useEffect(() => {
    if (activeLanguage) engineRef.current?.fileOpened(activeLanguage);
  }, [activeLanguage, engineRef]);
  const exportZip = () => {
    const { files, folders } = workspace.snapshot();
    downloadBytes('workspace.zip', zipWorkspace(files, folders), 'application/zip');
  };
  const fromInput = (files: FileList | null) => void imports.runImport(Promise.resolve(fromFileList(files ?? [])));

  // The commands (commands.ts) and their keys, anywhere on the page; the overlays they open.
  const [picker, setPicker] = useState<'quickOpen' | 'palette' | null>(null);
  const [searchRequest, setSearchRequest] = useState(0); // 0: the search panel is closed
  const [reveal, setReveal] = useState<RevealRequest>();
  const savedAt = useMemo(() => new Store(0), []);
  // Search opens the side panel; closing it gives the panel back as it was.
  const sideWasCollapsed = useRef(false);
  const closeSearch = () => {
    setSearchRequest(0);
    if (sideWasCollapsed.current && !panels.collapsed.side) panels.toggle('side');
    focusEditor();
  };
  const focusEditor = () => {
    if (active) tabs.openFile(active);
  };
  const actions: CommandActions = {
    quickOpen: () => setPicker('quickOpen'),
    palette: () => setPicker('palette'),
    save: () =>
      void saveNow(saver, disk.sync).then((ok) => {
        if (ok) savedAt.set(Date.now());
      }),
    search: () => {
      if (searchRequest === 0) sideWasCollapsed.current = panels.collapsed.side;
      panels.open('side');
      setSearchRequest((n) => n + 1);
    },
    help: openHelp,
    settings: () => setSettingsOpen(true),
    demo: startDemo,
    exportZip,
    toggleCompletions: () => {
      if (activeLanguage) completionsOff.setOn(activeLanguage, completionsOff.off.includes(activeLanguage));
    },
    viewEditor: () => setView('editor'),
    viewReview: () => setView('review'),
    toggleTree: () => panels.toggle('tree'),
    toggleSidePanel: () => panels.toggle('side'),
  };
  const actionsRef = useLatest(actions);
  useCommandKeys(actionsRef);

  return (
    <div className="app" data-theme={scheme}>
      <Toolbar
        config={config}
        egress={egress}
        modeLocked={loaded.orgConfig.privacy.lockMode}
        setLocalOnly={(on) => applyOverrides({ privacy: { mode: on ? 'local-only' : 'escalate' } }, false)}
        ledger={ledger}
        demoFrom={demoFrom}
        startDemo={startDemo}
        openHelp={openHelp}
        openSettings={() => setSettingsOpen(true)}
      />
      {/* One landmark around the panels: the separators between them must be inside one too (axe's region rule). */}
      <main className="workbench" aria-label="Workspace, editor and side panel">
        <Group
          className="workbench-panels"
          orientation="horizontal"
          onLayoutChanged={(_, meta) => panels.onLayoutChanged(meta.isUserInteraction)}
        >
          <Panel
            id="tree"
            panelRef={panels.refs.tree}
            collapsible
            minSize={160}
            maxSize="40%"
            groupResizeBehavior="preserve-pixel-size"
            defaultSize={panels.initial.tree.collapsed ? 0 : panels.initial.tree.px}
            onResize={panels.onResize.tree}
          >
            <nav className="sidebar" aria-label="Workspace" data-testid="file-tree-panel" inert={panels.collapsed.tree}>
              <CountedFileTree
                workspace={workspace}
                version={treeVersion}
                active={active}
                onOpen={tabs.openFile}
                onDropFiles={(e) => void imports.runImport(fromDataTransfer(e.dataTransfer, imports.showFound))}
              />
              <div className="import-export" role="group" aria-label="Import and export">
                {canPickDirectory() ? (
                  <button
                    type="button"
                    onClick={() => void disk.open()}
                    data-testid="import-folder-fsa"
                    title="Open a folder from disk read-write: edits, new, renamed and deleted files are written back to it"
                  >
                    <Icon name="folderOpened" /> Open folder…
                  </button>
                ) : (
                  <p className="note" data-testid="folder-unsupported">
                    This browser cannot write to a folder on disk: Add folder imports copies, and Export zip saves your work.
                  </p>
                )}
                <label className="file-button" title="Add files from disk">
                  <Icon name="newFile" /> Add files
                  <input
                    type="file"
                    multiple
                    onChange={(e) => {
                      fromInput(e.target.files);
                      e.target.value = '';
                    }}
                    data-testid="import-files"
                  />
                </label>
                <label className="file-button" title="Add a folder from disk">
                  <Icon name="newFolder" /> Add folder
                  <input
                    type="file"
                    multiple
                    {...{ webkitdirectory: '' }}
                    onChange={(e) => {
                      fromInput(e.target.files);
                      e.target.value = '';
                    }}
                    data-testid="import-dir"
                  />
                </label>
                <button type="button" onClick={exportZip} data-testid="export-zip" title="Save the workspace as workspace.zip">
                  <Icon name="desktopDownload" /> Export zip
                </button>
              </div>
              <DiskFolderStatus link={disk} models={models} />
              <GitPanel
                workspace={workspace}
                git={config.git}
                saveGit={(git) => applyOverrides({ git }, false)}
                saveWorkspace={() => saver.flush()}
              />
            </nav>
          </Panel>
          <Separator className="separator" data-testid="tree-separator" aria-label="Resize the file tree" />
          <Panel id="editor-panel" minSize="40%" style={{ overflow: 'hidden' }}>
            <div className="editor-area" data-testid="editor-area">
              <div className="views" role="tablist" aria-label="View">
                <button
                  type="button"
                  role="tab"
                  aria-selected={view === 'editor'}
                  onClick={() => setView('editor')}
                  data-testid="view-editor"
                >
                  <Icon name="fileCode" /> Editor
                </button>
                <button
                  type="button"
                  role="tab"
                  aria-selected={view === 'review'}
                  onClick={() => setView('review')}
                  data-testid="view-review"
                >
                  <Icon name="diff" /> Review a diff
                </button>
              </div>
              {view === 'review' && (
                <ReviewPanel
                  workspace={workspace}
                  models={models}
                  localOnly={!egress.allowed}
                  egressText={egress.allowed ? `to ${egress.destination}` : egress.reason}
                />
              )}
              <div className="editor-view" hidden={view !== 'editor'}>
                <OpenTabs open={tabs.open} active={active} onOpen={tabs.openFile} onClose={tabs.closeTab} />
                {!active && (
                  <p className="empty-editor" data-testid="no-file">
                    No file open. Pick one in the file tree, or create one with + File.
                  </p>
                )}
                <EditorPane
                  models={models}
                  active={active}
                  version={treeVersion}
                  focusRequest={tabs.focusRequest}
                  theme={scheme}
                  largeFile={largeFile}
                  reveal={reveal}
                  config={configStore}
                  hooks={{
                    enabled: (lang) => !completionsOffRef.current.includes(lang),
                    source: () => (ready ? (engineRef.current ?? undefined) : undefined),
                    ...completionReported,
                  }}
                />
              </div>
              <Messages
                completion={completion}
                modelState={modelState}
                perf={perf}
                onUseDemo={switchToDemoModel}
                modelLabel={labelOf}
                problems={problems}
                importReport={imports.report}
                dismissImportReport={imports.dismissReport}
                notice={notice}
                dismissNotice={dismissNotice}
              />
            </div>
          </Panel>
          <Separator className="separator" data-testid="side-separator" aria-label="Resize the side panel" />
          <Panel
            id="side"
            panelRef={panels.refs.side}
            collapsible
            minSize={240}
            maxSize="50%"
            groupResizeBehavior="preserve-pixel-size"
            defaultSize={panels.initial.side.collapsed ? 0 : panels.initial.side.px}
            onResize={panels.onResize.side}
          >
            {/* Search opens the panel: never inert meanwhile, so its field takes focus before the panel reports its new size. */}
            <section
              className="side-panel"
              aria-label="Suggestion, ledger and stats"
              data-testid="side-panel"
              ref={sidePanel}
              tabIndex={-1}
              inert={panels.collapsed.side && searchRequest === 0}
            >
              {/* Search takes the side panel's place while open: beside the editor, never over its text. */}
              {searchRequest > 0 ? (
                <SearchPanel
                  workspace={workspace}
                  focusRequest={searchRequest}
                  onClose={closeSearch}
                  apply={(path, edits) => applyFileEdits(models, workspace, path, edits)}
                  applyAll={(changes) => applyEditsAsOne(models, changes)}
                  openAt={(path, m) => {
                    setView('editor');
                    tabs.openFile(path);
                    setReveal({ path, offset: m.offset, length: m.length });
                  }}
                />
              ) : (
                <>
                  <PrivacyBadge completion={completion} />
                  <CompletionDetails completion={completion} modelLabel={labelOf} />
                  <LedgerPanel ledger={ledger} notSavedStore={ledgerNotSaved} />
                  <StatsPanel stats={stats} />
                </>
              )}
            </section>
          </Panel>
        </Group>
      </main>
      {/* Outside the side panel: a collapsed (inert) panel would silence it. */}
      <RouteAnnouncer completion={completion} />
      <StatusBar
        modelState={modelState}
        perf={perf}
        onUseDemo={switchToDemoModel}
        modelLabel={labelOf}
        completion={completion}
        largeFile={largeFile}
        active={active}
        language={activeLanguage}
        completionsOn={!!activeLanguage && !completionsOff.off.includes(activeLanguage)}
        setCompletionsOn={(on) => activeLanguage && completionsOff.setOn(activeLanguage, on)}
        save={<SaveIndicator saver={saver} savedAt={savedAt} />}
        showDetails={showDetails}
        detailsShown={!panels.collapsed.side}
      />
      {picker === 'quickOpen' && (
        <QuickOpen
          paths={workspace.paths()}
          onOpen={(p) => {
            setView('editor');
            tabs.openFile(p);
          }}
          onClose={() => {
            setPicker(null);
            focusEditor();
          }}
        />
      )}
      {picker === 'palette' && <CommandPalette run={(id) => actionsRef.current[id]()} onClose={() => setPicker(null)} />}
      {helpOpen && <HelpOverlay onClose={() => setHelpOpen(false)} />}
      {settingsOpen && (
        <SettingsPanel
          config={config}
          device={modelState.status === 'ready' ? modelState.info.device : undefined}
          locks={loaded.orgConfig.privacy}
          preview={(o) => userConfig(loaded.orgConfig, mergeLayers(readUserSettings(loaded.orgConfig), o)).config}
          // A setting of the loaded model (prompt lookup): a change reloads it.
          onSave={(o) => {
            applyOverrides(o, reloadsModel(o, config));
            setSettingsOpen(false);
          }}
          onClose={() => setSettingsOpen(false)}
          onPickModel={(m) => {
            // A reference, not a copy: the entry's fields (config.json's overrides included) are resolved at every load.
            applyOverrides({ model: { catalogId: m.id } }, true);
            setSettingsOpen(false);
          }}
        />
      )}
    </div>
  );
}
