// The browser side of `npm run bench git`: a clone as the Git panel makes one
// (src/app/hooks/use-git.ts), with the same modules and the same steps, timed
// step by step. The page holds nothing else, so what is measured is Git.
import LightningFS from '@isomorphic-git/lightning-fs';
import { browserRepo, flushGitFs, newRepoDir, GitRepo, type GitCredentials } from '../../src/git';

/** The app's file system (src/git/browser.ts: lightning-fs with its store batched), or lightning-fs with its own store, for comparison. */
export type BenchStore = 'app' | 'lightning-fs';

export interface BrowserClone {
  /** From the first request to the panel's "Cloned": clone, the files read for the workspace, the branches, the file system saved. */
  totalMs: number;
  /** git.clone alone (download, index, checkout). */
  cloneMs: number;
  /** The working tree read back as text for the workspace. */
  readMs: number;
  /** The branches listed for the panel. */
  branchesMs: number;
  flushMs: number;
  /** When each progress phase the server and isomorphic-git report began, ms after the start. */
  phases: Record<string, number>;
  files: number;
  branch: string;
}

/** `depth`: a shallow clone of that many commits, as the panel's *History: last commits*. */
async function clone(url: string, server: string, credentials: GitCredentials, store: BenchStore, depth?: number): Promise<BrowserClone> {
  const phases: Record<string, number> = {};
  const t0 = performance.now();
  const since = () => performance.now() - t0;
  const o = {
    server: () => server,
    credentials: () => credentials,
    onProgress: (p: { phase: string }) => {
      if (!(p.phase in phases)) phases[p.phase] = since();
    },
  };
  const plain = store === 'lightning-fs' ? new LightningFS('git-bench-plain') : undefined;
  const dir = plain ? '/bench' : await newRepoDir('bench');
  if (plain) await plain.promises.mkdir(dir);
  const repo = plain ? new GitRepo({ ...o, fs: plain, dir }) : browserRepo(dir, o);
  const c = await repo.clone(url, { depth });
  if (!c.ok) throw new Error(c.error);
  const cloneMs = since();
  const files = await repo.readWorkingTree();
  const readMs = since() - cloneMs;
  await repo.branches();
  const branchesMs = since() - cloneMs - readMs;
  await (plain ? plain.promises.flush() : flushGitFs());
  const totalMs = since();
  return {
    totalMs,
    cloneMs,
    readMs,
    branchesMs,
    flushMs: totalMs - cloneMs - readMs - branchesMs,
    phases,
    files: files.length,
    branch: c.value,
  };
}

(window as unknown as { __gitBench: { clone: typeof clone } }).__gitBench = { clone };
document.title = 'ready';
