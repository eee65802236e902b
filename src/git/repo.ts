// One Git repository in a file system isomorphic-git can use: lightning-fs
// (IndexedDB) in the browser, node:fs in the unit tests. No DOM, no React:
// the panel calls these, the tests call these. Every network operation goes
// through `network`, which records it in the activity list, so nothing
// reaches a server without a line there.
import git, { type HttpClient, type PromiseFsClient } from 'isomorphic-git';
import { explainGitError, GitRefusal } from './errors';
import type { GitActivity, GitAuthor, GitCredentials, GitFileStatus, GitNetworkOp, GitProgress } from './types';

export interface GitRepoOptions {
  fs: PromiseFsClient;
  http: HttpClient;
  /** The working tree's folder in `fs`. */
  dir: string;
  /** Read at each request, so a token typed after opening the panel is used. */
  credentials: () => GitCredentials;
  onActivity?: (a: GitActivity) => void;
  onProgress?: (p: GitProgress) => void;
  /** The page's origin, for the CORS explanation. */
  origin?: string;
}

export type GitResult<T = string> = { ok: true; value: T } | { ok: false; error: string };

const REMOTE = 'origin';

export class GitRepo {
  constructor(private readonly o: GitRepoOptions) {}

  private get base() {
    return { fs: this.o.fs, dir: this.o.dir };
  }

  private get remoteOpts() {
    return {
      ...this.base,
      http: this.o.http,
      onAuth: () => {
        const { user, token } = this.o.credentials();
        // Without a token say nothing: isomorphic-git then reports the 401 as it is.
        return token ? { username: user || 'token', password: token } : { cancel: true };
      },
      onProgress: this.o.onProgress && ((e: { phase: string; loaded: number; total?: number }) => this.o.onProgress?.({ phase: e.phase, loaded: e.loaded, total: e.total || undefined })),
    };
  }

  /** Runs a network operation, records it, and turns a failure into an explanation. */
  private async network<T>(op: GitNetworkOp, url: string, run: () => Promise<{ value: T; detail: string }>): Promise<GitResult<T>> {
    const server = originOf(url);
    try {
      const { value, detail } = await run();
      this.o.onActivity?.({ op, server, ok: true, detail, at: Date.now() });
      return { ok: true, value };
    } catch (e) {
      const error = explainGitError(e, server, this.o.origin);
      this.o.onActivity?.({ op, server, ok: false, detail: error, at: Date.now() });
      return { ok: false, error };
    }
  }

  /** Whether a clone is here already. */
  async exists(): Promise<boolean> {
    try {
      await git.resolveRef({ ...this.base, ref: 'HEAD' });
      return true;
    } catch {
      return false;
    }
  }

  async remoteUrl(): Promise<string | undefined> {
    return (await git.getConfig({ ...this.base, path: `remote.${REMOTE}.url` })) as string | undefined;
  }

  clone(url: string): Promise<GitResult<string>> {
    return this.network('clone', url, async () => {
      await git.clone({ ...this.remoteOpts, url, remote: REMOTE });
      const branch = (await git.currentBranch({ ...this.base })) ?? 'HEAD';
      return { value: branch, detail: `cloned ${url} (${branch})` };
    });
  }

  /** Brings the server's branches in as origin/*; the working tree is untouched. Says how far behind the branch is. */
  async fetch(): Promise<GitResult<number>> {
    const pre = await this.prepare();
    if (!pre.ok) return pre;
    const { url, branch } = pre.value;
    return this.network('fetch', url, async () => {
      await git.fetch({ ...this.remoteOpts, remote: REMOTE });
      const behind = await this.commitsBehind(branch);
      return { value: behind, detail: behind ? `${branch} is ${behind} commit${behind === 1 ? '' : 's'} behind ${REMOTE}/${branch}` : `${branch} is up to date` };
    });
  }

  async push(): Promise<GitResult<string>> {
    const pre = await this.prepare();
    if (!pre.ok) return pre;
    const { url, branch } = pre.value;
    return this.network('push', url, async () => {
      const r = await git.push({ ...this.remoteOpts, remote: REMOTE, ref: branch });
      const refError = Object.values(r.refs ?? {}).find((x) => !x.ok)?.error;
      if (!r.ok || refError) throw new GitRefusal(`Push rejected by the server: ${refError ?? r.error ?? 'no reason given'}`);
      return { value: branch, detail: `pushed ${branch}` };
    });
  }

  /**
   * Fast-forward only: the branch moves to the server's tip when that tip
   * contains every local commit. A diverged branch, or local changes the
   * new files would overwrite, is refused with the reason.
   */
  async pull(): Promise<GitResult<string>> {
    const pre = await this.prepare();
    if (!pre.ok) return pre;
    const { url, branch } = pre.value;
    return this.network('pull', url, async () => {
      await git.fetch({ ...this.remoteOpts, remote: REMOTE, ref: branch, singleBranch: true });
      const local = await git.resolveRef({ ...this.base, ref: branch });
      const remote = await git.resolveRef({ ...this.base, ref: `refs/remotes/${REMOTE}/${branch}` });
      if (local === remote) return { value: branch, detail: `${branch} is up to date` };
      if (await git.isDescendent({ ...this.base, oid: local, ancestor: remote, depth: -1 })) {
        return { value: branch, detail: `${branch} is ahead of ${REMOTE}/${branch}: nothing to pull; push to share your commits` };
      }
      if (!(await git.isDescendent({ ...this.base, oid: remote, ancestor: local, depth: -1 }))) {
        throw new GitRefusal(`Pull refused: ${branch} and ${REMOTE}/${branch} have both got new commits, and only fast-forward pulls are done here. Merge or rebase them with a Git client, or push your work to a new branch.`);
      }
      await this.refuseIfChanged('Pull');
      await git.writeRef({ ...this.base, ref: `refs/heads/${branch}`, value: remote, force: true });
      await git.checkout({ ...this.base, ref: branch, force: true });
      return { value: branch, detail: `fast-forwarded ${branch} to ${remote.slice(0, 7)}` };
    });
  }

  async branch(): Promise<string> {
    const b = await git.currentBranch({ ...this.base });
    if (!b) throw new GitRefusal('The repository is not on a branch (detached HEAD): switch to a branch first.');
    return b;
  }

  /** Local branches, and the server's ones not checked out yet. */
  async branches(): Promise<{ current: string; local: string[]; remote: string[] }> {
    const local = await git.listBranches({ ...this.base });
    const remote = (await git.listBranches({ ...this.base, remote: REMOTE })).filter((b) => b !== 'HEAD' && !local.includes(b));
    return { current: await this.branch(), local, remote };
  }

  /** Switches branch (a server branch becomes a local one tracking it); refused while files have changes. */
  async switchBranch(name: string): Promise<GitResult<string>> {
    try {
      await this.refuseIfChanged('Switching branch');
      await git.checkout({ ...this.base, ref: name, remote: REMOTE });
      return { ok: true, value: name };
    } catch (e) {
      return { ok: false, error: explainGitError(e, '', this.o.origin) };
    }
  }

  /** A new branch at the current commit, switched to; local changes come along. */
  async createBranch(name: string): Promise<GitResult<string>> {
    try {
      await git.branch({ ...this.base, ref: name, checkout: true });
      return { ok: true, value: name };
    } catch (e) {
      return { ok: false, error: (e as Error).message };
    }
  }

  /** Changed files of the working tree against the last commit. */
  async status(): Promise<GitFileStatus[]> {
    const matrix = await git.statusMatrix({ ...this.base });
    const out: GitFileStatus[] = [];
    for (const [path, head, workdir] of matrix) {
      if (head === 0 && workdir === 2) out.push({ path, state: 'untracked' });
      else if (head === 1 && workdir === 0) out.push({ path, state: 'deleted' });
      else if (head === 1 && workdir === 2) out.push({ path, state: 'modified' });
    }
    return out;
  }

  /** Stages every change (new, modified, deleted files) and commits it. */
  async commitAll(message: string, author: GitAuthor): Promise<GitResult<string>> {
    if (!message.trim()) return { ok: false, error: 'Write a commit message first.' };
    if (!author.name.trim() || !author.email.trim()) return { ok: false, error: 'Set your name and email for commits in the Git panel first.' };
    const changes = await this.status();
    if (!changes.length) return { ok: false, error: 'Nothing to commit: no file differs from the last commit.' };
    for (const c of changes) {
      if (c.state === 'deleted') await git.remove({ ...this.base, filepath: c.path });
      else await git.add({ ...this.base, filepath: c.path });
    }
    const oid = await git.commit({ ...this.base, message, author });
    return { ok: true, value: oid };
  }

  /** The working tree's files as text (skipping .git), for the workspace. */
  async readWorkingTree(): Promise<[string, string][]> {
    const files = await git.listFiles({ ...this.base });
    const out: [string, string][] = [];
    for (const f of files) {
      const data = await this.o.fs.promises.readFile(`${this.o.dir}/${f}`, 'utf8').catch(() => undefined);
      if (typeof data === 'string') out.push([f, data]);
    }
    return out;
  }

  /** Writes the workspace's text of the working tree back; a tracked file missing from `files` is deleted. */
  async writeWorkingTree(files: readonly [string, string][]): Promise<void> {
    const p = this.o.fs.promises;
    const wanted = new Set(files.map(([f]) => f));
    for (const [f, text] of files) {
      await mkdirs(p, this.o.dir, f);
      const before = await p.readFile(`${this.o.dir}/${f}`, 'utf8').catch(() => undefined);
      if (before !== text) await p.writeFile(`${this.o.dir}/${f}`, text, 'utf8');
    }
    for (const f of await git.listFiles({ ...this.base })) if (!wanted.has(f)) await p.unlink(`${this.o.dir}/${f}`).catch(() => {});
  }

  private async commitsBehind(branch: string): Promise<number> {
    const local = await git.resolveRef({ ...this.base, ref: branch });
    const remote = await git.resolveRef({ ...this.base, ref: `refs/remotes/${REMOTE}/${branch}` }).catch(() => local);
    if (remote === local) return 0;
    const log = await git.log({ ...this.base, ref: remote });
    const i = log.findIndex((c) => c.oid === local);
    return i < 0 ? log.length : i;
  }

  private async refuseIfChanged(what: string): Promise<void> {
    const changed = (await this.status()).filter((c) => c.state !== 'untracked');
    if (changed.length) {
      const names = changed.slice(0, 3).map((c) => c.path).join(', ') + (changed.length > 3 ? ` and ${changed.length - 3} more` : '');
      throw new GitRefusal(`${what} refused: it would overwrite your changes to ${names}. Commit them first.`);
    }
  }

  /** The remote's URL and the current branch, which every network operation after clone needs. */
  private async prepare(): Promise<GitResult<{ url: string; branch: string }>> {
    try {
      const url = await this.remoteUrl();
      if (!url) return { ok: false, error: 'Clone a repository first.' };
      return { ok: true, value: { url, branch: await this.branch() } };
    } catch (e) {
      return { ok: false, error: explainGitError(e, '', this.o.origin) };
    }
  }
}

export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

async function mkdirs(p: PromiseFsClient['promises'], dir: string, file: string): Promise<void> {
  const parts = file.split('/').slice(0, -1);
  let at = dir;
  for (const part of parts) {
    at = `${at}/${part}`;
    await p.mkdir(at).catch(() => {});
  }
}
