// The Git panel's state: one clone (in the browser's Git file system) shown
// as one workspace folder. Before anything reads the clone, the folder's
// current text is written into it, so status, commit, pull and branch
// switches see (and refuse to overwrite) what the user typed.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { GitConfig } from '../../vocabulary/config';
import { browserRepo, wipeBrowserRepo } from '../../git/browser';
import { originOf } from '../../git/repo';
import type { GitActivity, GitFileStatus, GitProgress, GitReviewSet, GitReviewSpec } from '../../git/types';
import type { Workspace } from '../../workspace/workspace';

const STATE_KEY = 'router-ide.git';
const ACTIVITY_KEY = 'router-ide.git-activity';
const ACTIVITY_KEPT = 50;

interface Cloned {
  url: string;
  folder: string;
}

function readJson<T>(key: string, fallback: T): T {
  try {
    return (JSON.parse(localStorage.getItem(key) ?? 'null') as T | null) ?? fallback;
  } catch {
    return fallback;
  }
}

interface GitView {
  cloned?: Cloned;
  branches: { current: string; local: string[]; remote: string[] };
  changes: GitFileStatus[];
  busy?: string;
  progress?: GitProgress;
  message?: { ok: boolean; text: string };
  activity: GitActivity[];
  /** The review open in the review dialog. */
  review?: GitReviewSet;
}

/** Why the URL may not be cloned here, or undefined. */
function cloneUrlProblem(url: string, server: string | undefined): string | undefined {
  if (!/^https?:\/\/[^/]+\/.+/.test(url)) return "Enter the repository's HTTP(S) address, e.g. https://git.example.com/team/project.git.";
  if (!server) return 'No Git server is configured: the organisation sets git.server in config.json (docs/git.md).';
  if (originOf(url) !== originOf(server))
    return `Git traffic goes only to the configured Git server, ${originOf(server)}; this address is on ${originOf(url)}.`;
  return undefined;
}

export function useGit(workspace: Workspace, git: GitConfig) {
  const gitRef = useRef(git);
  gitRef.current = git;
  const [view, setView] = useState<GitView>(() => ({
    cloned: readJson<Cloned | undefined>(STATE_KEY, undefined),
    branches: { current: '', local: [], remote: [] },
    changes: [],
    activity: readJson<GitActivity[]>(ACTIVITY_KEY, []),
  }));
  const patch = useCallback((p: Partial<GitView>) => setView((v) => ({ ...v, ...p })), []);

  const repo = useMemo(
    () =>
      browserRepo({
        credentials: () => ({ user: gitRef.current.user, token: gitRef.current.token }),
        onProgress: (progress) => patch({ progress }),
        onActivity: (a) =>
          setView((v) => {
            const activity = [a, ...v.activity].slice(0, ACTIVITY_KEPT);
            localStorage.setItem(ACTIVITY_KEY, JSON.stringify(activity));
            return { ...v, activity };
          }),
      }),
    [patch],
  );

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
    async (cloned = view.cloned) => {
      if (!cloned || !(await repo.exists())) return;
      await repo.writeWorkingTree(folderFiles(cloned.folder));
      patch({ changes: await repo.status(), branches: await repo.branches() });
    },
    [repo, view.cloned, folderFiles, patch],
  );

  /** The clone's files into the workspace folder; files the last commit had and this one has not go. */
  const loadIntoWorkspace = useCallback(
    async (folder: string, trackedBefore: readonly string[]) => {
      const files = await repo.readWorkingTree();
      workspace.putMany(files.map(([p, t]) => [`${folder}/${p}`, t]));
      const now = new Set(files.map(([p]) => p));
      for (const p of trackedBefore) if (!now.has(p) && workspace.has(`${folder}/${p}`)) workspace.delete(`${folder}/${p}`);
    },
    [repo, workspace],
  );

  const run = useCallback(
    async (label: string, fn: () => Promise<{ ok: boolean; text: string }>) => {
      patch({ busy: label, progress: undefined, message: undefined });
      try {
        patch({ message: await fn() });
      } catch (e) {
        patch({ message: { ok: false, text: (e as Error).message } });
      } finally {
        patch({ busy: undefined, progress: undefined });
      }
    },
    [patch],
  );

  const clone = useCallback(
    (url: string) =>
      run('Cloning', async () => {
        const problem = cloneUrlProblem(url.trim(), gitRef.current.server);
        if (problem) return { ok: false, text: problem };
        await wipeBrowserRepo();
        const name =
          url
            .trim()
            .replace(/\/+$/, '')
            .split('/')
            .pop()!
            .replace(/\.git$/, '') || 'repo';
        // A folder of that name already in the workspace keeps its files: the clone takes a free name.
        const folder = workspace.freeName(name);
        const r = await repo.clone(url.trim());
        if (!r.ok) return { ok: false, text: r.error };
        await loadIntoWorkspace(folder, []);
        const cloned = { url: url.trim(), folder };
        localStorage.setItem(STATE_KEY, JSON.stringify(cloned));
        patch({ cloned });
        await refresh(cloned);
        return { ok: true, text: `Cloned into ${folder}/ on ${r.value}.` };
      }),
    [run, repo, workspace, loadIntoWorkspace, refresh, patch],
  );

  /** Pull and branch switches change files: the workspace follows when they succeed. */
  const changingFiles = useCallback(
    async (op: () => Promise<{ ok: true; value: string } | { ok: false; error: string }>, done: (v: string) => string) => {
      const cloned = view.cloned!;
      await repo.writeWorkingTree(folderFiles(cloned.folder));
      const before = (await repo.readWorkingTree()).map(([p]) => p);
      const r = await op();
      if (!r.ok) return { ok: false, text: r.error };
      await loadIntoWorkspace(cloned.folder, before);
      await refresh();
      return { ok: true, text: done(r.value) };
    },
    [view.cloned, repo, folderFiles, loadIntoWorkspace, refresh],
  );

  const actions = useMemo(
    () => ({
      clone,
      refresh: () =>
        run('Reading status', async () => {
          await refresh();
          return { ok: true, text: 'Status updated.' };
        }),
      fetch: () =>
        run('Fetching', async () => {
          await refresh();
          const r = await repo.fetch();
          await refresh();
          return r.ok
            ? {
                ok: true,
                text: r.value
                  ? `${r.value} new commit${r.value === 1 ? '' : 's'} on the server: Pull to bring ${r.value === 1 ? 'it' : 'them'} in.`
                  : 'Up to date with the server.',
              }
            : { ok: false, text: r.error };
        }),
      pull: () =>
        run('Pulling', () =>
          changingFiles(
            () => repo.pull(),
            () => 'Pulled (fast-forward).',
          ),
        ),
      push: () =>
        run('Pushing', async () => {
          const r = await repo.push();
          return r.ok ? { ok: true, text: `Pushed ${r.value}.` } : { ok: false, text: r.error };
        }),
      commit: (message: string) =>
        run('Committing', async () => {
          await refresh();
          const g = gitRef.current;
          const r = await repo.commitAll(message, { name: g.authorName ?? '', email: g.authorEmail ?? '' });
          await refresh();
          return r.ok ? { ok: true, text: `Committed ${r.value.slice(0, 7)}.` } : { ok: false, text: r.error };
        }),
      stage: (path: string, on: boolean) =>
        run(on ? 'Staging' : 'Unstaging', async () => {
          await refresh();
          const r = on ? await repo.stage(path) : await repo.unstage(path);
          await refresh();
          return r.ok ? { ok: true, text: on ? `Staged ${path}.` : `Unstaged ${path}.` } : { ok: false, text: r.error };
        }),
      commitStaged: (message: string) =>
        run('Committing', async () => {
          await refresh();
          const g = gitRef.current;
          const r = await repo.commitStaged(message, { name: g.authorName ?? '', email: g.authorEmail ?? '' });
          await refresh();
          return r.ok ? { ok: true, text: `Committed the staged files: ${r.value.slice(0, 7)}.` } : { ok: false, text: r.error };
        }),
      /** Reads the change `spec` names; the working tree first gets the workspace's text, so its review shows what was typed. */
      openReview: (spec: GitReviewSpec) =>
        run('Reading the change', async () => {
          await refresh();
          const r = await repo.reviewChanges(spec);
          if (!r.ok) return { ok: false, text: r.error };
          patch({ review: r.value });
          const n = r.value.changes.length;
          return { ok: true, text: `Reviewing ${r.value.title}: ${n} changed file${n === 1 ? '' : 's'}.` };
        }),
      closeReview: () => patch({ review: undefined }),
      /** The reviewed files as a commit on a new branch, pushed to the server; the working tree and current branch stay as they are. */
      commitReview: (branch: string, files: { path: string; text: string | null }[], message: string) =>
        run('Committing the review', async () => {
          const set = view.review;
          if (!set) return { ok: false, text: 'Open a review first.' };
          const g = gitRef.current;
          const c = await repo.commitReview(branch.trim(), set.to, files, message, {
            name: g.authorName ?? '',
            email: g.authorEmail ?? '',
          });
          if (!c.ok) return { ok: false, text: c.error };
          patch({ branches: await repo.branches() });
          const p = await repo.pushBranch(branch.trim());
          return p.ok
            ? { ok: true, text: `Committed ${c.value.slice(0, 7)} on ${branch.trim()} and pushed it.` }
            : { ok: false, text: `Committed ${c.value.slice(0, 7)} on ${branch.trim()}, but the push failed: ${p.error}` };
        }),
      pushBranch: (branch: string) =>
        run('Pushing', async () => {
          const r = await repo.pushBranch(branch.trim());
          return r.ok ? { ok: true, text: `Pushed ${r.value}.` } : { ok: false, text: r.error };
        }),
      switchBranch: (name: string) =>
        run('Switching branch', () =>
          changingFiles(
            () => repo.switchBranch(name),
            (b) => `On ${b}.`,
          ),
        ),
      createBranch: (name: string) =>
        run('Creating branch', async () => {
          const r = await repo.createBranch(name.trim());
          await refresh();
          return r.ok ? { ok: true, text: `Created and switched to ${r.value}.` } : { ok: false, text: r.error };
        }),
    }),
    [clone, run, refresh, repo, changingFiles, patch, view.review],
  );

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { view, actions };
}
