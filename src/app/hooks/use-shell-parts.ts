// The shell's hooks with one job each (hooks/use-app-shell.ts puts them together).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ConfigStore } from '../../config/store';
import type { Ledger } from '../../privacy/ledger';
import type { ConfigLayer } from '../../vocabulary/config';
import { WorkspaceContextFeed } from '../../workspace/context-feed';
import type { Workspace } from '../../workspace/workspace';
import { commandActions } from '../command-actions';
import type { CompletionStore } from '../completion-state';
import { startDemo as runDemo } from '../demo-start';
import { demoModelLayer, modelChanged, settingsWith } from '../overrides';
import { saveNow } from '../save';
import { closeSearch, openSearch, SEARCH_CLOSED } from '../search-toggle';
import { readUserSettings, writeUserSettings, type LoadedConfig } from '../settings-store';
import type { Overlays, Shell } from '../shell';
import { useCommandKeys } from './use-command-keys';
import type { useEngine } from './use-engine';
import { useLatest } from './use-latest';
import type { Panels } from './use-panels';

type Engine = ReturnType<typeof useEngine>;

/** A change to the user's settings: stored, applied to the current config, and the model loaded again when it changed. */
export function useOverrides(
  loaded: LoadedConfig,
  configStore: ConfigStore,
  setProblems: (p: string[]) => void,
  loadModel: Engine['loadModel'],
) {
  const applyOverrides = useCallback(
    (o: ConfigLayer, reloadModel: boolean) => {
      const { user, config: next, problems } = settingsWith(loaded.orgConfig, readUserSettings(loaded.orgConfig), o);
      writeUserSettings(user);
      const reload = modelChanged(reloadModel, next, configStore.get());
      configStore.set(next);
      setProblems(problems);
      if (reload) void loadModel(next.model);
    },
    [loaded.orgConfig, loadModel, configStore, setProblems],
  );
  const switchToDemoModel = useCallback(() => applyOverrides(demoModelLayer(configStore.get()), true), [applyOverrides, configStore]);
  return { applyOverrides, switchToDemoModel };
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

export function useOverlays(): Overlays {
  const [picker, setPicker] = useState<Overlays['picker']>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const openHelp = useCallback(() => setHelpOpen(true), []);
  const closeHelp = useCallback(() => setHelpOpen(false), []);
  useHelpKey(openHelp);
  return { picker, setPicker, helpOpen, openHelp, closeHelp, settingsOpen, setSettingsOpen };
}

export function useSidePanel(panels: Panels) {
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
  return { sidePanel, showDetails };
}

/** Search opens the side panel; closing it gives the panel back as it was (search-toggle.ts). */
export function useSearchPanel(panels: Panels, focusEditor: () => void): Shell['search'] {
  const [request, setRequest] = useState(0);
  const state = useRef(SEARCH_CLOSED);
  const open = () => {
    state.current = openSearch(state.current, panels.collapsed.side);
    panels.open('side');
    setRequest(state.current.request);
  };
  const close = () => {
    const { next, collapseSide } = closeSearch(state.current, panels.collapsed.side);
    state.current = next;
    setRequest(0);
    if (collapseSide) panels.toggle('side');
    focusEditor();
  };
  return { request, open, close };
}

interface EngineFollows {
  workspace: Workspace;
  engineRef: Engine['engineRef'];
  modelState: Engine['modelState'];
  loadModel: Engine['loadModel'];
  ledger: Ledger;
  completion: CompletionStore;
  active: string | undefined;
  activeLanguage: string | undefined;
}

/** What the engine follows: the model's verdicts, the files for the prompt, the file in front. */
export function useEngineFollows({
  workspace,
  engineRef,
  modelState,
  loadModel,
  ledger,
  completion,
  active,
  activeLanguage,
}: EngineFollows) {
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
  // A file coming to the front lets the engine ready what its completions' checks need (TypeScript's types), before a key is typed.
  useEffect(() => {
    if (activeLanguage) engineRef.current?.fileOpened(activeLanguage);
  }, [activeLanguage, engineRef]);
}

/** Demo: the sample files, the local model only, and a live egress count from the ledger's length at the start. */
export function useDemo(workspace: Workspace, applyOverrides: Shell['applyOverrides'], ledger: Ledger, openFile: (path: string) => void) {
  const [demoFrom, setDemoFrom] = useState<number | null>(null);
  const startDemo = () => {
    const open = runDemo(workspace, applyOverrides);
    setDemoFrom(ledger.all().length);
    openFile(open);
  };
  return { demoFrom, startDemo };
}

/** The commands (commands.ts) and their keys, anywhere on the page; the palette runs the same table. */
export function useCommands(s: Omit<Shell, 'actionsRef'>): Shell['actionsRef'] {
  const actions = commandActions({
    openPicker: s.overlays.setPicker,
    save: () =>
      void saveNow(s.saver, s.disk.sync).then((ok) => {
        if (ok) s.savedAt.set(Date.now());
      }),
    openSearch: s.search.open,
    openHelp: s.overlays.openHelp,
    openSettings: () => s.overlays.setSettingsOpen(true),
    startDemo: s.startDemo,
    exportZip: s.exportZip,
    language: s.activeLanguage,
    completionsOff: s.completionsOff.off,
    setCompletionsOn: s.completionsOff.setOn,
    setView: s.setView,
    togglePanel: s.panels.toggle,
  });
  const actionsRef = useLatest(actions);
  useCommandKeys(actionsRef);
  return actionsRef;
}
