// Where the workspace lives in this browser: IndexedDB (durable, per file) and
// a localStorage journal (synchronous, so a reload right after a keystroke
// loses nothing). Files saved by earlier versions under `router-ide.files`
// (and seeded that way by the end-to-end fixture) are imported on first start.
import { languageFromFileName } from '../syntax/languages';
import { IdbStorage, LocalStorageJournal } from '../workspace/idb-storage';
import { openWorkspace, type LegacySource, type OpenedWorkspace } from '../workspace/open';

export interface WorkspaceFile {
  path: string;
  content: string;
}

/** The old flat list (and the e2e fixture's seed). */
export const FILES_KEY = 'router-ide.files';

const legacy: LegacySource = {
  read() {
    try {
      const saved = JSON.parse(localStorage.getItem(FILES_KEY) ?? 'null') as WorkspaceFile[] | null;
      return Array.isArray(saved) ? saved.filter((f) => typeof f?.path === 'string' && typeof f.content === 'string') : undefined;
    } catch {
      return undefined;
    }
  },
  remove: () => localStorage.removeItem(FILES_KEY),
};

export function openBrowserWorkspace(): Promise<OpenedWorkspace> {
  return openWorkspace(new IdbStorage(), new LocalStorageJournal(), legacy);
}

/** Monaco language id for a file; `plaintext` when unknown. */
export function monacoLanguageOf(path: string): string {
  const id = languageFromFileName(path);
  return id === 'tsx' ? 'typescript' : (id ?? 'plaintext');
}

/** Open tabs and the active one, restored after a reload. */
const TABS_KEY = 'router-ide.tabs';
export function readTabs(): { open: string[]; active?: string } | undefined {
  try {
    return JSON.parse(localStorage.getItem(TABS_KEY) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}
export function writeTabs(t: { open: string[]; active?: string }): void {
  try {
    localStorage.setItem(TABS_KEY, JSON.stringify(t));
  } catch {
    // tabs are a convenience; the files themselves report their save errors
  }
}
