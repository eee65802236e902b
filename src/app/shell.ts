// The shell's app-wide state, built once (hooks/use-shell.ts) and read by the
// feature contributions (features.ts) from one context, so nothing is threaded
// through App as props. Per-request and per-keystroke state is not here: it
// lives in stores (CompletionStore, Store) the components showing it subscribe to.
import { createContext, useContext, type RefObject } from 'react';
import type { ConfigStore } from '../config/store';
import type { EgressVerdict } from '../privacy/policy';
import type { AppConfig, ConfigLayer } from '../vocabulary/config';
import type { AutoSaver } from '../workspace/persistence';
import type { Workspace } from '../workspace/workspace';
import type { CommandActions } from './commands';
import type { CompletionFeature } from '../completion/browser/completion-feature';
import type { CompletionStore } from './completion-state';
import type { RevealRequest } from './EditorPane';
import type { useColorScheme } from './hooks/use-color-scheme';
import type { useCompletionsOff } from './hooks/use-completions-off';
import type { useDiskFolder } from './hooks/use-disk-folder';
import type { useEngine } from './hooks/use-engine';
import type { useImport } from './hooks/use-import';
import type { useLedger } from './hooks/use-ledger';
import type { Panels } from './hooks/use-panels';
import type { useTabs } from './hooks/use-tabs';
import type { StatsStore } from './hooks/use-stats';
import type { largeFileProfile } from '../editor/large-file';
import type { ModelRegistry } from './models';
import type { LoadedConfig } from './settings-store';
import type { Store } from './store';

type Engine = ReturnType<typeof useEngine>;

/** The overlays over the page: the pickers, the key list and the settings. */
export interface Overlays {
  picker: 'quickOpen' | 'palette' | null;
  setPicker: (p: 'quickOpen' | 'palette' | null) => void;
  helpOpen: boolean;
  openHelp: () => void;
  closeHelp: () => void;
  settingsOpen: boolean;
  setSettingsOpen: (open: boolean) => void;
}

export interface Shell {
  loaded: LoadedConfig;
  workspace: Workspace;
  saver: AutoSaver;
  scheme: ReturnType<typeof useColorScheme>;
  /** The one current config: the engine and the editor's completions subscribe to it, and the app renders from it. */
  configStore: ConfigStore;
  config: AppConfig;
  problems: string[];
  applyOverrides: (o: ConfigLayer, reloadModel: boolean) => void;
  switchToDemoModel: () => void;
  labelOf: (id: string) => string;
  egress: EgressVerdict;
  notice: string | null;
  dismissNotice: () => void;
  treeVersion: number;
  models: ModelRegistry;
  tabs: ReturnType<typeof useTabs>;
  active: string | undefined;
  activeLanguage: string | undefined;
  completionsOff: ReturnType<typeof useCompletionsOff>;
  stats: StatsStore;
  imports: ReturnType<typeof useImport>;
  disk: ReturnType<typeof useDiskFolder>;
  ledger: ReturnType<typeof useLedger>['ledger'];
  ledgerNotSaved: ReturnType<typeof useLedger>['notSaved'];
  engineRef: Engine['engineRef'];
  modelState: Engine['modelState'];
  perf: Engine['perf'];
  completion: CompletionStore;
  /** The editor's completions and their engine, built once (src/completion/browser/completion-feature.ts): EditorPane attaches its editor to it. */
  completionFeature: CompletionFeature;
  largeFile: Store<ReturnType<typeof largeFileProfile>>;
  savedAt: Store<number>;
  overlays: Overlays;
  panels: Panels;
  sidePanel: RefObject<HTMLElement | null>;
  showDetails: () => void;
  view: 'editor' | 'review';
  setView: (view: 'editor' | 'review') => void;
  demoFrom: number | null;
  startDemo: () => void;
  search: { request: number; open: () => void; close: () => void };
  reveal: RevealRequest | undefined;
  setReveal: (r: RevealRequest) => void;
  actionsRef: { readonly current: CommandActions };
  focusEditor: () => void;
  exportZip: () => void;
  fromInput: (files: FileList | null) => void;
}

export const ShellContext = createContext<Shell | null>(null);

/** The shell, for a feature contribution rendered under App. */
export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell: outside the app shell');
  return shell;
}
