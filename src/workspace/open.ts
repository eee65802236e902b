// First start and every start: the durable store, with the last session's
// journal replayed on top; files from the old localStorage format imported
// once; the sample workspace when there is nothing at all.
import { AutoSaver, replayJournal, type Journal, type WorkspaceStorage } from './persistence';
import { SAMPLE_WORKSPACE } from './samples';
import { Workspace, type WorkspaceSnapshot } from './workspace';

export interface OpenedWorkspace {
  workspace: Workspace;
  saver: AutoSaver;
  /** Where the files came from, for the UI and the tests. */
  origin: 'store' | 'legacy' | 'samples';
  /** Something the user should know (an unreadable store ...). */
  problem?: string;
}

export interface LegacySource {
  read(): { path: string; content: string }[] | undefined;
  remove(): void;
}

export async function openWorkspace(storage: WorkspaceStorage, journal: Journal, legacy?: LegacySource, samples: WorkspaceSnapshot = SAMPLE_WORKSPACE): Promise<OpenedWorkspace> {
  let stored: WorkspaceSnapshot | undefined;
  let problem: string | undefined;
  try {
    stored = await storage.load();
  } catch (e) {
    problem = `The saved workspace could not be read (${(e as Error).message}); showing what this tab still had.`;
  }
  const record = journal.read();
  const old = stored ? undefined : legacy?.read();
  let origin: OpenedWorkspace['origin'] = 'store';
  let base = stored;
  if (!base && old?.length) {
    base = { files: old.map((f) => [f.path, f.content]), folders: [] };
    origin = 'legacy';
  }
  let snapshot = replayJournal(base, record);
  if (!snapshot || !snapshot.files.length && !snapshot.folders.length) {
    snapshot = samples;
    origin = 'samples';
  }
  const workspace = new Workspace(snapshot);
  const saver = new AutoSaver(workspace, storage, journal);
  if (origin !== 'store' || record) {
    if (origin === 'store') saver.markDirty(Object.keys(record!.files));
    else saver.markAllDirty(record ? Object.entries(record.files).filter(([, c]) => c === null).map(([p]) => p) : []);
    await saver.flush();
    if (origin === 'legacy' && saver.state.state === 'saved') legacy?.remove();
  }
  return { workspace, saver, origin, problem };
}
