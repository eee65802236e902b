// The Git panel's state: the clones (each its own folder in the browser's
// Git file system, each shown as one workspace folder; their list kept in
// that file system too) and the one the panel works on. Before anything
// reads a clone, its folder's current text is written into it, so status,
// commit, pull and branch switches see (and refuse to overwrite) what the
// user typed. Operations run one at a time. The parts: use-git-core.ts (the
// state and the steps every operation shares), use-git-clones.ts (the
// clones), use-git-review.ts (reviews), and here the operations on the
// current branch.
import { useEffect, useMemo } from 'react';
import type { GitConfig } from '../../vocabulary/config';
import type { GitFetchReport } from '../../git/types';
import type { Workspace } from '../../workspace/workspace';
import { useGitClones } from './use-git-clones';
import { gitQueue, said, useGitCore, type GitCore } from './use-git-core';
import { useGitReview } from './use-git-review';

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
  const core = useGitCore(workspace, git, saveWorkspace);
  const clones = useGitClones(core, saveGit);
  const { refresh } = core;
  useEffect(() => {
    void gitQueue.run(() => refresh()).catch(() => {});
  }, [refresh]);
  const branch = useBranchOps(core);
  const review = useGitReview(core);
  const actions = useMemo(() => ({ ...clones, ...branch, ...review }), [clones, branch, review]);
  return { view: core.view, actions };
}

/** Status, fetch, pull, push, staging, commits and branches of the clone the panel works on. */
function useBranchOps({ run, withRepo, refresh, statusAround, changingFiles, author }: GitCore) {
  return useMemo(
    () => ({
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
    [run, withRepo, refresh, statusAround, changingFiles, author],
  );
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
