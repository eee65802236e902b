// The shell's state (shell.ts), built once in App from hooks with one job each;
// the feature contributions read it from the shell context.
import { useCallback, useEffect, useMemo, useReducer, useState, useSyncExternalStore } from 'react';
import { effectiveCatalog, modelLabel } from '../../config/catalog';
import { ConfigStore } from '../../config/store';
import { CompletionFeature } from '../../completion/browser/completion-feature';
import { registerEditorKeys, registerInlineCompletions } from '../../completion/browser/inline-completions';
import { largeFileProfile } from '../../editor/large-file';
import { monacoTypesCheck } from '../../editor/typescript-worker';
import { languageFromFileName } from '../../languages/registry';
import type { Ledger } from '../../privacy/ledger';
import { egressVerdict } from '../../privacy/policy';
import type { OpenedWorkspace } from '../../workspace/open';
import { zipWorkspace } from '../../workspace/zip';
import { CompletionStore } from '../completion-state';
import { completionReports } from '../completion-reports';
import type { RevealRequest } from '../EditorPane';
import { downloadBytes, fromFileList } from '../importers';
import { ModelRegistry } from '../models';
import type { LoadedConfig } from '../settings-store';
import type { Shell } from '../shell';
import { Store } from '../store';
import { useColorScheme } from './use-color-scheme';
import { useCompletionsOff } from './use-completions-off';
import { useDiskFolder } from './use-disk-folder';
import { useEngine } from './use-engine';
import { useImport } from './use-import';
import { useLedger } from './use-ledger';
import { usePanels } from './use-panels';
import { useStats, type StatsStore } from './use-stats';
import { useTabs } from './use-tabs';
import { useCommands, useDemo, useEngineFollows, useOverlays, useOverrides, useSearchPanel, useSidePanel } from './use-shell-parts';

/** The workspace's side: its files, tabs, imports, the disk folder and the editor's models. */
function useWorkspaceParts(opened: OpenedWorkspace) {
  const { workspace, saver } = opened;
  const treeVersion = useSyncExternalStore(
    (fn) => workspace.subscribe(fn),
    () => workspace.treeVersion,
  );
  const models = useMemo(() => new ModelRegistry(workspace), [workspace]);
  useEffect(() => () => models.dispose(), [models]);
  const tabs = useTabs(workspace);
  const imports = useImport(workspace, tabs.openFile);
  const disk = useDiskFolder(workspace, saver, imports);
  const exportZip = () => {
    const { files, folders } = workspace.snapshot();
    downloadBytes('workspace.zip', zipWorkspace(files, folders), 'application/zip');
  };
  const fromInput = (files: FileList | null) => void imports.runImport(Promise.resolve(fromFileList(files ?? [])));
  return { workspace, saver, treeVersion, models, tabs, active: tabs.active, imports, disk, exportZip, fromInput };
}

/**
 * The completion feature, built for the config store, the ledger and the editor's models: the languages switched
 * off, and where results are reported. Started once mounted (it builds the engine and loads the model) and
 * disposed on unmount or when what it is built from changes; a feature disposed under it (React's StrictMode
 * unmounts and mounts again) is replaced by a new one rather than started again. EditorPane attaches its editor.
 */
function useCompletionFeature(configStore: ConfigStore, ledger: Ledger, models: ModelRegistry, stats: StatsStore) {
  const completionsOff = useCompletionsOff();
  const completion = useMemo(() => new CompletionStore(), []);
  const offStore = completionsOff.store;
  const [generation, renew] = useReducer((n: number) => n + 1, 0);
  const completionFeature = useMemo(
    () =>
      new CompletionFeature({
        config: configStore,
        ledger,
        typesCheck: monacoTypesCheck,
        documents: models,
        completionsOff: offStore,
        reports: completionReports(completion, stats),
        register: registerInlineCompletions,
        keys: registerEditorKeys,
      }),
    // `generation`: a new feature when the one built was disposed before it was started again.
    [configStore, ledger, models, offStore, completion, stats, generation],
  );
  useEffect(() => {
    if (completionFeature.disposed) {
      renew();
      return;
    }
    completionFeature.start();
    return () => completionFeature.dispose();
  }, [completionFeature]);
  return { completionsOff, completion, completionFeature };
}

/** The model's side: the config, the engine, the ledger, and the stores per-request state lives in. */
function useModelParts(loaded: LoadedConfig, opened: OpenedWorkspace, models: ModelRegistry) {
  const configStore = useMemo(() => new ConfigStore(loaded.config), [loaded.config]);
  const config = useSyncExternalStore(configStore.subscribe, configStore.get);
  const [problems, setProblems] = useState<string[]>(loaded.problems);
  const [notice, setNotice] = useState<string | null>(opened.problem ?? null);
  const dismissNotice = useCallback(() => setNotice(null), []);
  const stats = useStats();
  const { ledger, notSaved: ledgerNotSaved } = useLedger();
  // Per-request and per-keystroke state lives in stores the components that show it subscribe to: the app does not re-render for it.
  const { completionsOff, completion, completionFeature } = useCompletionFeature(configStore, ledger, models, stats);
  const { engineRef, modelState, perf, loadModel } = useEngine(completionFeature, setNotice);
  const largeFile = useMemo(() => new Store(largeFileProfile(0, 0)), []);
  const savedAt = useMemo(() => new Store(0), []);
  const { applyOverrides, switchToDemoModel } = useOverrides(loaded, configStore, setProblems, loadModel);
  const catalog = useMemo(() => effectiveCatalog(config.catalog), [config.catalog]);
  const labelOf = useCallback((id: string) => modelLabel(catalog, id), [catalog]);
  const egress = egressVerdict(config, { pageOrigin: location.origin });
  return {
    ...{ configStore, config, problems, notice, dismissNotice, stats, ledger, ledgerNotSaved },
    ...{ engineRef, modelState, perf, loadModel, completion, completionsOff, completionFeature, largeFile, savedAt },
    ...{ applyOverrides, switchToDemoModel, labelOf, egress },
  };
}

export function useAppShell(loaded: LoadedConfig, opened: OpenedWorkspace): Shell {
  const scheme = useColorScheme();
  const ws = useWorkspaceParts(opened);
  const { loadModel, ...model } = useModelParts(loaded, opened, ws.models);
  const { workspace, tabs, active } = ws;
  const overlays = useOverlays();
  const panels = usePanels();
  const { sidePanel, showDetails } = useSidePanel(panels);
  const [view, setView] = useState<'editor' | 'review'>('editor');
  const [reveal, setReveal] = useState<RevealRequest>();
  const activeLanguage = active ? (languageFromFileName(active) ?? 'plaintext') : undefined;
  useEngineFollows({ ...model, workspace, active, activeLanguage, loadModel });
  const { demoFrom, startDemo } = useDemo(workspace, model.applyOverrides, model.ledger, tabs.openFile);
  const focusEditor = () => {
    if (active) tabs.openFile(active);
  };
  const search = useSearchPanel(panels, focusEditor);
  const parts = {
    ...{ loaded, scheme, ...ws, ...model, overlays, panels, sidePanel, showDetails },
    ...{ view, setView, reveal, setReveal, activeLanguage, demoFrom, startDemo, focusEditor, search },
  };
  const actionsRef = useCommands(parts);
  // A new value with each render of App, which renders only for app-wide state (never for a keystroke): the
  // contributions render then anyway. Per-keystroke state stays in the stores they subscribe to.
  return { ...parts, actionsRef };
}
