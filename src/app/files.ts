// Where the workspace lives in this browser: IndexedDB (durable, per file) and
// a localStorage journal (synchronous, so a reload right after a keystroke
// loses nothing). Files saved by earlier versions under `router-ide.files`
// (and seeded that way by the end-to-end fixture) are imported on first start.
import { languageFromFileName, languageSpec } from '../languages/registry';
import { IdbStorage, LocalStorageJournal } from '../workspace/idb-storage';
import { openWorkspace, type LegacySource, type OpenedWorkspace } from '../workspace/open';
import { isArray, readStored, writeStored } from './local-store';

interface WorkspaceFile {
  path: string;
  content: string;
}

/** The old flat list (and the e2e fixture's seed). */
const FILES_KEY = 'router-ide.files';

const legacy: LegacySource = {
  read() {
    const saved = readStored<unknown[] | undefined>(FILES_KEY, undefined, isArray) as Partial<WorkspaceFile>[] | undefined;
    return saved?.filter((f): f is WorkspaceFile => typeof f?.path === 'string' && typeof f.content === 'string');
  },
  remove: () => localStorage.removeItem(FILES_KEY),
};

export function openBrowserWorkspace(): Promise<OpenedWorkspace> {
  return openWorkspace(new IdbStorage(), new LocalStorageJournal(), legacy);
}

/** Monaco language id for a file; `plaintext` when unknown. */
export function monacoLanguageOf(path: string): string {
  const id = languageFromFileName(path);
  return (id && languageSpec(id)?.monaco) ?? 'plaintext';
}

/** Open tabs and the active one, restored after a reload. */
const TABS_KEY = 'router-ide.tabs';
type Tabs = { open: string[]; active?: string };
export function readTabs(): Tabs | undefined {
  return readStored<Tabs | undefined>(TABS_KEY, undefined, (v): v is Tabs | undefined => !!v && typeof v === 'object');
}
export function writeTabs(t: Tabs): void {
  writeStored(TABS_KEY, t); // tabs are a convenience; the files themselves report their save errors
}
