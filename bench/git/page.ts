// The browser side of `npm run bench git`: a clone as the Git panel makes one
// (src/app/hooks/use-git.ts), with the same modules and the same steps, timed
// step by step. The page holds nothing else, so what is measured is Git.
import { browserRepo, flushGitFs, newRepoDir } from '../../src/git/browser';
import type { GitCredentials } from '../../src/git/types';

export interface BrowserClone {
  /** From the first request to the panel's "Cloned": clone, the files read for the workspace, status, the file system saved. */
  totalMs: number;
  /** git.clone alone (download, index, checkout). */
  cloneMs: number;
  /** The working tree read back as text for the workspace. */
  readMs: number;
  /** The workspace's text written back and the status computed (the panel's refresh). */
  refreshMs: number;
  flushMs: number;
  /** When each progress phase the server and isomorphic-git report began, ms after the start. */
  phases: Record<string, number>;
  files: number;
  branch: string;
}

async function clone(url: string, server: string, credentials: GitCredentials): Promise<BrowserClone> {
  const phases: Record<string, number> = {};
  const t0 = performance.now();
  const since = () => performance.now() - t0;
  const dir = await newRepoDir('bench');
  const repo = browserRepo(dir, {
    server: () => server,
    credentials: () => credentials,
    onProgress: (p) => {
      if (!(p.phase in phases)) phases[p.phase] = since();
    },
  });
  const c = await repo.clone(url);
  if (!c.ok) throw new Error(c.error);
  const cloneMs = since();
  const files = await repo.readWorkingTree();
  const readMs = since() - cloneMs;
  await repo.writeWorkingTree(files);
  await repo.status();
  const refreshMs = since() - cloneMs - readMs;
  await flushGitFs();
  const totalMs = since();
  return {
    totalMs,
    cloneMs,
    readMs,
    refreshMs,
    flushMs: totalMs - cloneMs - readMs - refreshMs,
    phases,
    files: files.length,
    branch: c.value,
  };
}

(window as unknown as { __gitBench: { clone: typeof clone } }).__gitBench = { clone };
document.title = 'ready';
