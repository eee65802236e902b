// The Git panel's clones: the list read from the Git file system at the
// start (an earlier version's localStorage list taken in), a new clone in a
// folder of its own, and the switch between clones.
import { useCallback, useEffect, useRef } from 'react';
import type { GitConfig } from '../../vocabulary/config';
import { loadClones, markCloneLoaded, newRepoDir, removeRepoDir, saveClones } from '../../git/browser';
import { parseCloneList } from '../../git/clone-list';
import { gitUrlProblem } from '../../git/guarded-http';
import type { GitClone } from '../../git/types';
import { splitUserinfo } from '../../git/url';
import { gitQueue, mark, readJson, type GitCore } from './use-git-core';

/** Where earlier versions kept the list of clones: taken into the Git file system once, then removed. */
const LEGACY_LIST_KEY = 'router-ide.git';

/**
 * Said when the clone list could not be kept: the clone and the user's files are fine, only the list is not;
 * `marked`: the clone carries its own entry, which a reload reads.
 */
const listNotSaved = (marked: boolean) =>
  marked
    ? " The browser's storage is full, so the list of clones was NOT saved; the clone keeps its own entry, so a reload lists it again. Free some space (delete files, or export the workspace as a zip) so the list can be kept."
    : " The browser's storage is full, so the list of clones was NOT saved: after a reload this panel will not show it (its files stay in the workspace). Free some space (delete files, or export the workspace as a zip) and select or clone it again.";

/** Why the URL may not be cloned here, or undefined. */
function cloneUrlProblem(url: string, server: string | undefined): string | undefined {
  if (!/^https?:\/\/[^/]+\/.+/.test(url)) return "Enter the repository's HTTP(S) address, e.g. https://git.example.com/team/project.git.";
  return gitUrlProblem(url, server);
}

/** The workspace folder name a clone of `url` is given (before making it free): the repository's name. */
const repoName = (url: string) =>
  url
    .replace(/\/+$/, '')
    .split('/')
    .pop()!
    .replace(/\.git$/, '') || 'repo';

/**
 * The clone list as the Git file system keeps it, an older version's localStorage list taken in (then removed
 * there). When the file system cannot take it, the old list is shown and kept, and the panel says why.
 */
async function clonesAtStart(): Promise<{ clones: GitClone[]; active?: string; problem?: string }> {
  const legacy = readJson(LEGACY_LIST_KEY);
  try {
    const { list, migrated, saved, error } = await loadClones(legacy);
    if (migrated) localStorage.removeItem(LEGACY_LIST_KEY);
    if (saved) return list;
    return {
      ...list,
      problem: `The list of clones could not be stored in the browser's Git storage (${error?.message}): every clone is shown, and the list is kept where it was; free some space and reload.`,
    };
  } catch (e) {
    // The Git storage could not be read at all: the older list, if any, is all there is to show.
    return {
      ...parseCloneList(legacy),
      problem: `The browser's Git storage could not be read (${(e as Error).message}); reload, and if it stays, free some space.`,
    };
  }
}

/** The clone list, kept in the Git file system; `store` answers false when the browser refused (a full storage), nothing throws. */
function useCloneList(patch: GitCore['patch']) {
  /** The clone list as last kept: what the next change of it starts from, whenever React renders. */
  const clonesNow = useRef<GitClone[]>([]);
  const store = useCallback(async (clones: GitClone[], active: GitClone | undefined): Promise<boolean> => {
    clonesNow.current = clones;
    try {
      await saveClones({ clones, active: active?.dir });
      return true;
    } catch {
      return false;
    }
  }, []);
  // Before any operation: the queue runs them in order, so a clone asked for now adds to the list read here.
  useEffect(() => {
    void gitQueue.run(async () => {
      const { clones, active, problem } = await clonesAtStart();
      clonesNow.current = clones;
      patch({ clones, cloned: clones.find((c) => c.dir === active), ...(problem && { message: { ok: false, text: problem } }) });
    });
  }, [patch]);
  return { clonesNow, store };
}

export function useGitClones(core: GitCore, saveGit: (g: Partial<GitConfig>) => void) {
  const { run, gitRef, workspace, repoAt, loadIntoWorkspace, patch, repo, refresh } = core;
  const cloned = core.view.cloned;
  const { clonesNow, store } = useCloneList(patch);

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
        // A folder of that name already in the workspace keeps its files: the clone takes a free name.
        const folder = workspace.freeName(repoName(url));
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
        const made = { url, folder, dir };
        const marked = await markCloneLoaded(made);
        const clones = [...clonesNow.current, made];
        const kept = await store(clones, made);
        patch({ clones, cloned: made, review: undefined });
        // Just checked out, and the folder holds exactly those files: nothing has changed, so no status to compute.
        patch({ changes: [], branches: await r.branches() });
        const text = `Cloned into ${folder}/ on ${c.value}.`;
        return kept ? { ok: true, text } : { ok: false, text: `${text}${listNotSaved(marked)}` };
      }),
    [run, saveGit, gitRef, workspace, repoAt, loadIntoWorkspace, store, patch, clonesNow],
  );

  /** The panel works on another clone; the one left keeps everything (its commits, its uncommitted text in the workspace). */
  const selectRepo = useCallback(
    (dir: string) =>
      run('Switching repository', async () => {
        const next = clonesNow.current.find((c) => c.dir === dir);
        if (!next) return { ok: false, text: 'No such clone.' };
        // The one left: its folder's text into its clone first, so nothing typed is only in the workspace's memory.
        if (repo && cloned) await refresh(cloned, repo);
        patch({ cloned: next, review: undefined, changes: [], branches: { current: '', local: [], remote: [] } });
        const kept = await store(clonesNow.current, next);
        await refresh(next, repoAt(dir));
        const text = `Working on ${next.folder}/.`;
        return kept ? { ok: true, text } : { ok: false, text: `${text}${listNotSaved(true)}` };
      }),
    [run, cloned, repo, refresh, patch, store, repoAt, clonesNow],
  );

  return { clone, selectRepo };
}
