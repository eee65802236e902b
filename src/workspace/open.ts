// First start and every start: the durable store, with the last session's
// journal replayed on top; files from the old localStorage format imported
// once; the sample workspace when there is nothing at all.
import { readJournal, replayJournal, type Journal, type StoredWorkspace } from './journal';
import { AutoSaver, type WorkspaceStorage } from './persistence';
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

export async function openWorkspace(
  storage: WorkspaceStorage,
  journal: Journal,
  legacy?: LegacySource,
  samples: WorkspaceSnapshot = SAMPLE_WORKSPACE,
): Promise<OpenedWorkspace> {
  let stored: StoredWorkspace | undefined;
  let problem: string | undefined;
  try {
    stored = await storage.load();
  } catch (e) {
    problem = `The saved workspace could not be read (${(e as Error).message}); showing what this tab still had.`;
  }
  const contents = readJournal(journal);
  const pending = contents.entries.length > 0 || !!contents.folders || !!contents.legacy;
  const old = stored ? undefined : legacy?.read();
  let origin: OpenedWorkspace['origin'] = 'store';
  let base = stored;
  if (!base && old?.length) {
    base = { files: old.map((f) => [f.path, f.content, 0]), folders: [], foldersSeq: 0 };
    origin = 'legacy';
  }
  const replayed = replayJournal(base, contents);
  let snapshot: WorkspaceSnapshot = replayed;
  if (!snapshot.files.length && !snapshot.folders.length) {
    snapshot = samples;
    origin = 'samples';
  }
  const workspace = new Workspace(snapshot);
  const saver = new AutoSaver(workspace, storage, journal, { lastSeq: replayed.lastSeq });
  if (origin !== 'store' || pending) {
    if (origin === 'store') saver.markDirty(replayed.touched);
    else saver.markAllDirty(replayed.touched.filter((p) => !workspace.has(p)));
    await saver.flush();
    if (origin === 'legacy' && saver.state.state === 'saved') legacy?.remove();
  }
  return { workspace, saver, origin, problem };
}
