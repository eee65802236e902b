// What every Git panel operation shares: the panel's state, the clone the
// panel works on as a repository, the workspace folder written into it and
// read back from it, and the queue that runs one operation at a time and
// stores what it wrote before saying it is done.
import { useCallback, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { GitConfig } from '../../vocabulary/config';
import { browserRepo, flushGitFs } from '../../git/browser';
import { OpQueue } from '../../git/op-queue';
import type { GitRepo } from '../../git/repo';
import type { GitActivity, GitAuthor, GitClone, GitFileStatus, GitProgress, GitReviewSet } from '../../git/types';
import { withoutUserinfo } from '../../git/url';
import type { Workspace } from '../../workspace/workspace';
import { writeStored } from '../local-store';

const ACTIVITY_KEY = 'router-ide.git-activity';
const ACTIVITY_KEPT = 50;
/**
 * Shortest time between two progress renders within one phase: a checkout reports every file, and a render
 * per file would take more of the page's one thread than the checkout itself.
 */
const PROGRESS_EVERY_MS = 100;

/**
 * A User Timing mark at a step of a Git operation (a clone's above all): `npm run bench git` reads them to tell where the app's time goes
 * (the Git module's clone, reading the files back, the workspace taking them in, storing them).
 */
export const mark = (step: string) => performance.mark(`git:${step}`);

/** What an operation tells the panel. */
export interface Said {
  ok: boolean;
  text: string;
}

/** What a Git operation gives back: its value, or what went wrong. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

/** The panel's line for an operation's outcome: `done` words its value; a failure says its error. */
export function said<T>(r: Outcome<T>, done: (v: T) => string): Said {
  return r.ok ? { ok: true, text: done(r.value) } : { ok: false, text: r.error };
}

export function readJson(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function readActivity(): GitActivity[] {
  const raw = readJson(ACTIVITY_KEY);
  const activity = (Array.isArray(raw) ? (raw as GitActivity[]) : []).map((a) => ({ ...a, detail: withoutUserinfo(String(a.detail)) }));
  writeStored(ACTIVITY_KEY, activity);
  return activity;
}

export interface GitView {
  clones: GitClone[];
  /** The clone the panel works on. */
  cloned?: GitClone;
  branches: { current: string; local: string[]; remote: string[] };
  changes: GitFileStatus[];
  busy?: string;
  progress?: GitProgress;
  message?: Said;
  activity: GitActivity[];
  /** The review open in the review dialog. */
  review?: GitReviewSet;
  /** Its edits as kept before a reload, to start the dialog's files from. */
  reviewEdits?: Record<string, string>;
}

// One queue for the page: clones share the file system's database, and a
// clone started while another operation runs must wait for it.
export const gitQueue = new OpQueue();

/** The panel's state; the clones come from the Git file system a moment after the first render. */
function useGitView() {
  const [view, setView] = useState<GitView>(() => ({
    clones: [],
    branches: { current: '', local: [], remote: [] },
    changes: [],
    activity: readActivity(),
  }));
  const patch = useCallback((p: Partial<GitView>) => setView((v) => ({ ...v, ...p })), []);
  return { view, setView, patch };
}

/** A clone's folder as a repository that reports its progress (at most one render each PROGRESS_EVERY_MS within a phase) and its network operations. */
function useRepoAt(gitRef: { current: GitConfig }, setView: Dispatch<SetStateAction<GitView>>, patch: (p: Partial<GitView>) => void) {
  const lastProgress = useRef({ phase: '', at: 0 });
  const showProgress = useCallback(
    (progress: GitProgress) => {
      const now = performance.now();
      const last = lastProgress.current;
      if (progress.phase === last.phase && now - last.at < PROGRESS_EVERY_MS) return;
      lastProgress.current = { phase: progress.phase, at: now };
      patch({ progress });
    },
    [patch],
  );
  return useCallback(
    (dir: string): GitRepo =>
      browserRepo(dir, {
        server: () => gitRef.current.server,
        credentials: () => ({ user: gitRef.current.user, token: gitRef.current.token }),
        onProgress: showProgress,
        onActivity: (a) =>
          setView((v) => {
            const activity = [{ ...a, detail: withoutUserinfo(a.detail) }, ...v.activity].slice(0, ACTIVITY_KEPT);
            writeStored(ACTIVITY_KEY, activity); // the list is a convenience: losing an entry loses no work
            return { ...v, activity };
          }),
      }),
    [gitRef, setView, showProgress],
  );
}

/** The workspace folder's text for a clone, and a clone's files into the folder (then stored, while the operation goes on). */
function useWorkspaceSync(workspace: Workspace, saveWorkspace: () => Promise<void>) {
  /** The workspace's store write of the files an operation brought in, while it is under way. */
  const storing = useRef<Promise<void> | undefined>(undefined);
  const folderFiles = useCallback(
    (folder: string): [string, string][] =>
      workspace
        .paths()
        .filter((p) => p.startsWith(`${folder}/`))
        .map((p) => [p.slice(folder.length + 1), workspace.read(p) ?? '']),
    [workspace],
  );
  /** The clone's files into the workspace folder; files the last commit had and this one has not go. */
  const loadIntoWorkspace = useCallback(
    async (r: GitRepo, folder: string, trackedBefore: readonly string[]) => {
      const files = await r.readWorkingTree();
      mark('read');
      // Imported: the clone has them, so they go to the durable store, not the small journal kept for typing.
      workspace.putMany(
        files.map(([p, t]) => [`${folder}/${p}`, t]),
        [],
        { imported: true },
      );
      const now = new Set(files.map(([p]) => p));
      for (const p of trackedBefore) if (!now.has(p) && workspace.has(`${folder}/${p}`)) workspace.delete(`${folder}/${p}`);
      mark('workspace');
      // Not awaited here: the workspace's store writes while the operation lists branches and the Git file system
      // saves its own state (another database); the operation waits for both before it says it is done.
      storing.current = saveWorkspace();
    },
    [workspace, saveWorkspace],
  );
  return { storing, folderFiles, loadIntoWorkspace };
}

/** Runs an operation in its turn, shows it as busy, and says its outcome once what it wrote is stored. */
function useRunner(patch: (p: Partial<GitView>) => void, storing: { current: Promise<void> | undefined }) {
  return useCallback(
    (label: string, fn: () => Promise<Said>) => {
      patch({ busy: label, progress: undefined, message: undefined });
      return gitQueue.run(async () => {
        let m: Said;
        try {
          m = await fn();
        } catch (e) {
          m = { ok: false, text: (e as Error).message };
        }
        // What the operation wrote is on disk before the panel says it is done: a reload then loses nothing.
        // Both stores at once: the Git file system and the workspace's files are separate databases.
        try {
          await Promise.all([flushGitFs().catch(() => {}), storing.current]);
        } catch (e) {
          m = { ok: false, text: `${m.text} The files were not stored in this browser: ${(e as Error).message}` };
        }
        storing.current = undefined;
        mark('stored');
        patch({ message: { ...m, text: withoutUserinfo(m.text) }, busy: undefined, progress: undefined });
      });
    },
    [patch, storing],
  );
}

/**
 * `saveWorkspace`: writes the workspace's pending changes to its durable store (the saver's flush): files a
 * Git operation brings in are not journaled, so they are stored before the operation says it is done.
 */
export function useGitCore(workspace: Workspace, git: GitConfig, saveWorkspace: () => Promise<void>) {
  const gitRef = useRef(git);
  gitRef.current = git;
  const { view, setView, patch } = useGitView();
  const repoAt = useRepoAt(gitRef, setView, patch);
  const activeDir = view.cloned?.dir;
  const repo = useMemo(() => (activeDir ? repoAt(activeDir) : undefined), [activeDir, repoAt]);
  const { storing, folderFiles, loadIntoWorkspace } = useWorkspaceSync(workspace, saveWorkspace);
  const run = useRunner(patch, storing);
  const steps = useRepoSteps(repo, view.cloned, patch, folderFiles, loadIntoWorkspace);
  const author = useCallback((): GitAuthor => ({ name: gitRef.current.authorName ?? '', email: gitRef.current.authorEmail ?? '' }), []);
  return { view, patch, gitRef, repoAt, repo, activeDir, workspace, folderFiles, loadIntoWorkspace, run, author, ...steps };
}

export type GitCore = ReturnType<typeof useGitCore>;

/** The steps operations are made of, on the clone the panel works on. */
function useRepoSteps(
  repo: GitRepo | undefined,
  cloned: GitClone | undefined,
  patch: (p: Partial<GitView>) => void,
  folderFiles: (folder: string) => [string, string][],
  loadIntoWorkspace: (r: GitRepo, folder: string, trackedBefore: readonly string[]) => Promise<void>,
) {
  /** The workspace folder's text into the clone; then status and branches from it. */
  const refresh = useCallback(
    async (c = cloned, r = repo) => {
      if (!c || !r || !(await r.exists())) return;
      await r.writeWorkingTree(folderFiles(c.folder));
      patch({ changes: await r.status(), branches: await r.branches() });
    },
    [repo, cloned, folderFiles, patch],
  );
  /** Runs `fn` on the clone the panel works on, or says to clone first. */
  const withRepo = useCallback(
    (fn: (r: GitRepo, c: GitClone) => Promise<Said>) => async (): Promise<Said> =>
      repo && cloned ? fn(repo, cloned) : { ok: false, text: 'Clone a repository first.' },
    [repo, cloned],
  );
  /**
   * An operation that reads or changes the clone's state: the workspace's text goes into the clone first, so it
   * sees what was typed, and status and branches are read again after.
   */
  const statusAround = useCallback(
    <T>(op: (r: GitRepo) => Promise<Outcome<T>>, done: (v: T) => string) =>
      withRepo(async (r) => {
        await refresh();
        const o = await op(r);
        await refresh();
        return said(o, done);
      }),
    [withRepo, refresh],
  );
  /** Pull and branch switches change files: the workspace follows when they succeed. */
  const changingFiles = useCallback(
    (op: (r: GitRepo) => Promise<Outcome<string>>, done: (v: string) => string) =>
      withRepo(async (r, c) => {
        await r.writeWorkingTree(folderFiles(c.folder));
        const before = (await r.readWorkingTree()).map(([p]) => p);
        const o = await op(r);
        if (!o.ok) return { ok: false, text: o.error };
        await loadIntoWorkspace(r, c.folder, before);
        await refresh();
        return { ok: true, text: done(o.value) };
      })(),
    [withRepo, folderFiles, loadIntoWorkspace, refresh],
  );
  return { refresh, withRepo, statusAround, changingFiles };
}
