// The Git panel's state: the clones (each its own folder in the browser's
// Git file system, each shown as one workspace folder; their list kept in
// that file system too) and the one the panel works on. Before anything reads a clone, its folder's current text is
// written into it, so status, commit, pull and branch switches see (and
// refuse to overwrite) what the user typed. Operations run one at a time.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { GitConfig } from '../../vocabulary/config';
import { browserRepo, flushGitFs, loadClones, newRepoDir, removeRepoDir, saveClones } from '../../git/browser';
import { parseCloneList } from '../../git/clone-list';
import { gitUrlProblem } from '../../git/guarded-http';
import { OpQueue } from '../../git/op-queue';
import type { GitRepo } from '../../git/repo';
import type { GitActivity, GitClone, GitFetchReport, GitFileStatus, GitProgress, GitReviewSet, GitReviewSpec } from '../../git/types';
import { splitUserinfo, withoutUserinfo } from '../../git/url';
import type { Workspace } from '../../workspace/workspace';
import { loadGitReview, saveGitReview, type StoredGitReview } from '../git-review-store';
import { writeStored } from '../local-store';

/** Where earlier versions kept the list of clones: taken into the Git file system once, then removed. */
const LEGACY_LIST_KEY = 'router-ide.git';
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
const mark = (step: string) => performance.mark(`git:${step}`);
type Cloned = GitClone;

function readJson(key: string): unknown {
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

interface GitView {
  clones: Cloned[];
  /** The clone the panel works on. */
  cloned?: Cloned;
  branches: { current: string; local: string[]; remote: string[] };
  changes: GitFileStatus[];
  busy?: string;
  progress?: GitProgress;
  message?: { ok: boolean; text: string };
  activity: GitActivity[];
  /** The review open in the review dialog. */
  review?: GitReviewSet;
  /** Its edits as kept before a reload, to start the dialog's files from. */
  reviewEdits?: Record<string, string>;
}

/** Why the URL may not be cloned here, or undefined. */
function cloneUrlProblem(url: string, server: string | undefined): string | undefined {
  if (!/^https?:\/\/[^/]+\/.+/.test(url)) return "Enter the repository's HTTP(S) address, e.g. https://git.example.com/team/project.git.";
  return gitUrlProblem(url, server);
}

// One queue for the page: clones share the file system's database, and a
// clone started while another operation runs must wait for it.
const queue = new OpQueue();

/** Said when the clone list could not be kept: the clone and the user's files are fine, only the list is not. */
const LIST_NOT_SAVED =
  " The browser's storage is full, so the list of clones was NOT saved: after a reload this panel will not show it (its files stay in the workspace). Free some space (delete files, or export the workspace as a zip) and select or clone it again.";

/**
 * The clone list as the Git file system keeps it, an older version's localStorage list taken in (then removed
 * there). When the file system cannot take it, the old list is shown and kept, and the panel says why.
 */
async function clonesAtStart(): Promise<{ clones: Cloned[]; active?: string; problem?: string }> {
  const legacy = readJson(LEGACY_LIST_KEY);
  try {
    const { list, migrated } = await loadClones(legacy);
    if (migrated) localStorage.removeItem(LEGACY_LIST_KEY);
    return list;
  } catch (e) {
    return {
      ...parseCloneList(legacy),
      problem: `The list of clones could not be stored in the browser's Git storage (${(e as Error).message}): it stays where it was; free some space and reload.`,
    };
  }
}

/**
 * `saveWorkspace`: writes the workspace's pending changes to its durable store (the saver's flush): files a
 * Git operation brings in are not journaled, so they are stored before the operation says it is done.
 */
export function useGit(
  workspace: Workspace,
  git: GitConfig,
  saveGit: (g: Partial<GitConfig>) => void,
  saveWorkspace: () => Promise<void> = async () => {},
) {
  const gitRef = useRef(git);
  gitRef.current = git;
  // The clones come from the Git file system a moment after the first render (see the effect below).
  const [view, setView] = useState<GitView>(() => ({
    clones: [],
    branches: { current: '', local: [], remote: [] },
    changes: [],
    activity: readActivity(),
  }));
  /** The clone list as last kept: what the next change of it starts from, whenever React renders. */
  const clonesNow = useRef<Cloned[]>([]);
  const patch = useCallback((p: Partial<GitView>) => setView((v) => ({ ...v, ...p })), []);
  /** The open review as kept for a reload. */
  const reviewKept = useRef<StoredGitReview | undefined>(undefined);
  const lastProgress = useRef({ phase: '', at: 0 });
  /** Shows a progress report when its phase is new or the last one shown is PROGRESS_EVERY_MS old. */
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

  const repoAt = useCallback(
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
    [patch, showProgress],
  );
  const activeDir = view.cloned?.dir;
  const repo = useMemo(() => (activeDir ? repoAt(activeDir) : undefined), [activeDir, repoAt]);

  /** Keeps the clone list in the Git file system; false when the browser refused (a full storage): the caller says so, nothing throws. */
  const store = useCallback(async (clones: Cloned[], active: Cloned | undefined): Promise<boolean> => {
    clonesNow.current = clones;
    try {
      await saveClones({ clones, active: active?.dir });
      return true;
    } catch {
      return false;
    }
  }, []);

  const folderFiles = useCallback(
    (folder: string): [string, string][] =>
      workspace
        .paths()
        .filter((p) => p.startsWith(`${folder}/`))
        .map((p) => [p.slice(folder.length + 1), workspace.read(p) ?? '']),
    [workspace],
  );

  /** The workspace folder's text into the clone; then status and branches from it. */
  const refresh = useCallback(
    async (cloned = view.cloned, r = repo) => {
      if (!cloned || !r || !(await r.exists())) return;
      await r.writeWorkingTree(folderFiles(cloned.folder));
      patch({ changes: await r.status(), branches: await r.branches() });
    },
    [repo, view.cloned, folderFiles, patch],
  );

  /** The workspace's store write of the files an operation brought in, while it is under way. */
  const storing = useRef<Promise<void> | undefined>(undefined);
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

  const run = useCallback(
    (label: string, fn: () => Promise<{ ok: boolean; text: string }>) => {
      patch({ busy: label, progress: undefined, message: undefined });
      return queue.run(async () => {
        let m: { ok: boolean; text: string };
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
    [patch],
  );

  /** Runs `fn` on the clone the panel works on, or says to clone first. */
  const withRepo = useCallback(
    (fn: (r: GitRepo, c: Cloned) => Promise<{ ok: boolean; text: string }>) => async () =>
      repo && view.cloned ? fn(repo, view.cloned) : { ok: false, text: 'Clone a repository first.' },
    [repo, view.cloned],
  );

  /** `depth`: the last this many commits only (a shallow clone); absent, the whole history. */
  const clone = useCallback(
    (input: string, depth?: number) =>
      run('Cloning', async () => {
        // A user name and token typed into the address go to the token store, never into what is shown or kept.
        const { url, user, token } = splitUserinfo(input);
        if (token) {
          gitRef.current = { ...gitRef.current, token, ...(user && { user }) };
          saveGit({ token, ...(user && { user }) });
        }
        const problem = cloneUrlProblem(url, gitRef.current.server);
        if (problem) return { ok: false, text: problem };
        const name =
          url
            .replace(/\/+$/, '')
            .split('/')
            .pop()!
            .replace(/\.git$/, '') || 'repo';
        // A folder of that name already in the workspace keeps its files: the clone takes a free name.
        const folder = workspace.freeName(name);
        // A folder of its own: the clones made before keep their commits.
        const dir = await newRepoDir(folder);
        const r = repoAt(dir);
        mark('start');
        const c = await r.clone(url, { depth });
        mark('cloned');
        if (!c.ok) {
          await removeRepoDir(dir);
          return { ok: false, text: c.error };
        }
        await loadIntoWorkspace(r, folder, []);
        const cloned = { url, folder, dir };
        const clones = [...clonesNow.current, cloned];
        const kept = await store(clones, cloned);
        patch({ clones, cloned, review: undefined });
        // Just checked out, and the folder holds exactly those files: nothing has changed, so no status to compute.
        patch({ changes: [], branches: await r.branches() });
        return kept
          ? { ok: true, text: `Cloned into ${folder}/ on ${c.value}.` }
          : { ok: false, text: `Cloned into ${folder}/ on ${c.value}.${LIST_NOT_SAVED}` };
      }),
    [run, saveGit, workspace, repoAt, loadIntoWorkspace, store, patch],
  );

  /** The panel works on another clone; the one left keeps everything (its commits, its uncommitted text in the workspace). */
  const selectRepo = useCallback(
    (dir: string) =>
      run('Switching repository', async () => {
        const cloned = clonesNow.current.find((c) => c.dir === dir);
        if (!cloned) return { ok: false, text: 'No such clone.' };
        // The one left: its folder's text into its clone first, so nothing typed is only in the workspace's memory.
        if (repo && view.cloned) await refresh(view.cloned, repo);
        patch({ cloned, review: undefined, changes: [], branches: { current: '', local: [], remote: [] } });
        const kept = await store(clonesNow.current, cloned);
        await refresh(cloned, repoAt(dir));
        return kept
          ? { ok: true, text: `Working on ${cloned.folder}/.` }
          : { ok: false, text: `Working on ${cloned.folder}/.${LIST_NOT_SAVED}` };
      }),
    [run, view.cloned, repo, refresh, patch, store, repoAt],
  );

  /**
   * An operation that reads or changes the clone's state: the workspace's text goes into the clone first, so it
   * sees what was typed, and status and branches are read again after.
   */
  const statusAround = useCallback(
    <T>(op: (r: GitRepo) => Promise<Outcome<T>>, done: (v: T) => string) =>
      withRepo(async (repo) => {
        await refresh();
        const r = await op(repo);
        await refresh();
        return said(r, done);
      }),
    [withRepo, refresh],
  );
  const author = () => ({ name: gitRef.current.authorName ?? '', email: gitRef.current.authorEmail ?? '' });

  /** Pull and branch switches change files: the workspace follows when they succeed. */
  const changingFiles = useCallback(
    (op: (r: GitRepo) => Promise<{ ok: true; value: string } | { ok: false; error: string }>, done: (v: string) => string) =>
      withRepo(async (repo, cloned) => {
        await repo.writeWorkingTree(folderFiles(cloned.folder));
        const before = (await repo.readWorkingTree()).map(([p]) => p);
        const r = await op(repo);
        if (!r.ok) return { ok: false, text: r.error };
        await loadIntoWorkspace(repo, cloned.folder, before);
        await refresh();
        return { ok: true, text: done(r.value) };
      })(),
    [withRepo, folderFiles, loadIntoWorkspace, refresh],
  );

  const actions = useMemo(
    () => ({
      clone,
      selectRepo,
      refresh: () =>
        run(
          'Reading status',
          withRepo(async () => {
            await refresh();
            return { ok: true, text: 'Status updated.' };
          }),
        ),
      fetch: () =>
        run(
          'Fetching',
          statusAround((repo) => repo.fetch(), fetchMessage),
        ),
      pull: () =>
        run('Pulling', () =>
          changingFiles(
            (repo) => repo.pull(),
            () => 'Pulled (fast-forward).',
          ),
        ),
      push: () =>
        run(
          'Pushing',
          withRepo(async (repo) => said(await repo.push(), (b) => `Pushed ${b}.`)),
        ),
      commit: (message: string) =>
        run(
          'Committing',
          statusAround(
            (repo) => repo.commitAll(message, author()),
            (oid) => `Committed ${oid.slice(0, 7)}.`,
          ),
        ),
      stage: (path: string, on: boolean) =>
        run(
          on ? 'Staging' : 'Unstaging',
          statusAround(
            (repo) => (on ? repo.stage(path) : repo.unstage(path)),
            () => (on ? `Staged ${path}.` : `Unstaged ${path}.`),
          ),
        ),
      commitStaged: (message: string) =>
        run(
          'Committing',
          statusAround(
            (repo) => repo.commitStaged(message, author()),
            (oid) => `Committed the staged files: ${oid.slice(0, 7)}.`,
          ),
        ),
      /** Reads the change `spec` names; the working tree first gets the workspace's text, so its review shows what was typed. */
      openReview: (spec: GitReviewSpec) =>
        run(
          'Reading the change',
          withRepo(async (repo, cloned) => {
            await refresh();
            const r = await repo.reviewChanges(spec);
            if (!r.ok) return { ok: false, text: r.error };
            patch({ review: r.value, reviewEdits: undefined });
            // Pinned to the commits read now: after a reload the same change comes back, whatever a fetch moved since.
            const pinned: GitReviewSpec = spec.kind === 'worktree' ? spec : { kind: 'commits', from: r.value.from, to: r.value.to };
            reviewKept.current = { dir: cloned.dir, spec: pinned, title: r.value.title, edits: {} };
            void saveGitReview(reviewKept.current);
            const n = r.value.changes.length;
            return { ok: true, text: `Reviewing ${r.value.title}: ${n} changed file${n === 1 ? '' : 's'}.` };
          }),
        ),
      closeReview: () => {
        reviewKept.current = undefined;
        void saveGitReview(undefined);
        patch({ review: undefined, reviewEdits: undefined });
      },
      /** The dialog's edits so far: kept, so a reload reopens the review with them. */
      keepReviewEdits: (edits: Record<string, string>) => {
        if (!reviewKept.current) return;
        reviewKept.current = { ...reviewKept.current, edits };
        void saveGitReview(reviewKept.current);
      },
      /** The reviewed files as a commit on a new branch, pushed to the server; the working tree and current branch stay as they are. */
      commitReview: (branch: string, files: { path: string; text: string | null }[], message: string) =>
        run(
          'Committing the review',
          withRepo(async (repo) => {
            const set = view.review;
            if (!set) return { ok: false, text: 'Open a review first.' };
            const c = await repo.commitReview(branch.trim(), set.to, files, message, author());
            if (!c.ok) return { ok: false, text: c.error };
            patch({ branches: await repo.branches() });
            const p = await repo.pushBranch(branch.trim());
            return p.ok
              ? { ok: true, text: `Committed ${c.value.slice(0, 7)} on ${branch.trim()} and pushed it.` }
              : { ok: false, text: `Committed ${c.value.slice(0, 7)} on ${branch.trim()}, but the push failed: ${p.error}` };
          }),
        ),
      pushBranch: (branch: string) =>
        run(
          'Pushing',
          withRepo(async (repo) => said(await repo.pushBranch(branch.trim()), (b) => `Pushed ${b}.`)),
        ),
      switchBranch: (name: string) =>
        run('Switching branch', () =>
          changingFiles(
            (repo) => repo.switchBranch(name),
            (b) => `On ${b}.`,
          ),
        ),
      createBranch: (name: string) =>
        run(
          'Creating branch',
          withRepo(async (repo) => {
            const r = await repo.createBranch(name.trim());
            await refresh();
            return said(r, (b) => `Created and switched to ${b}.`);
          }),
        ),
    }),
    [clone, selectRepo, run, withRepo, refresh, statusAround, changingFiles, patch, view.review],
  );

  // Before any operation: the queue runs them in order, so a clone asked for now adds to the list read here.
  useEffect(() => {
    void queue.run(async () => {
      const { clones, active, problem } = await clonesAtStart();
      clonesNow.current = clones;
      patch({ clones, cloned: clones.find((c) => c.dir === active), ...(problem && { message: { ok: false, text: problem } }) });
    });
  }, [patch]);

  useEffect(() => {
    void queue.run(() => refresh()).catch(() => {});
  }, [refresh]);

  // A review open before a reload comes back, with its edits.
  useEffect(() => {
    if (!repo || !activeDir) return;
    void queue.run(async () => {
      const kept = await loadGitReview();
      if (!kept || kept.dir !== activeDir || reviewKept.current) return;
      const r = await repo.reviewChanges(kept.spec);
      if (!r.ok) return;
      reviewKept.current = kept;
      patch({ review: { ...r.value, title: kept.title }, reviewEdits: kept.edits });
    });
  }, [repo, activeDir, patch]);

  return { view, actions };
}

/** What a Git operation gives back: its value, or what went wrong. */
type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

/** The panel's line for an operation's outcome: `done` words its value; a failure says its error. */
function said<T>(r: Outcome<T>, done: (v: T) => string): { ok: boolean; text: string } {
  return r.ok ? { ok: true, text: done(r.value) } : { ok: false, text: r.error };
}

function fetchMessage(r: GitFetchReport): string {
  const commits = r.behind
    ? `${r.behind} new commit${r.behind === 1 ? '' : 's'} on the server: Pull to bring ${r.behind === 1 ? 'it' : 'them'} in.`
    : 'Up to date with the server.';
  const parts = [commits];
  if (r.newBranches.length) parts.push(`New branch${r.newBranches.length === 1 ? '' : 'es'} on the server: ${r.newBranches.join(', ')}.`);
  if (r.deletedBranches.length)
    parts.push(`Deleted on the server: ${r.deletedBranches.join(', ')} (your local branches of the same name stay).`);
  return parts.join(' ');
}
