// One Git repository in a file system isomorphic-git can use: lightning-fs
// (IndexedDB) in the browser, node:fs in the unit tests. No DOM, no React:
// the panel calls these, the tests call these. Every network operation goes
// through `network`, which records it in the activity list, so nothing
// reaches a server without a line there.
import git, { type PromiseFsClient } from 'isomorphic-git';
import { explainGitError, GitRefusal } from './errors';
import { gitUrlProblem, guardedHttp } from './guarded-http';
import { installFastPackIndex } from './pack-index';
import { RENAME_MIN_SCORE, renameScore, similarityPercent } from './similarity';
import { withoutUserinfo } from './url';
import type {
  GitActivity,
  GitAuthor,
  GitChange,
  GitCloneOptions,
  GitCredentials,
  GitFetchReport,
  GitFileStatus,
  GitNetworkOp,
  GitProgress,
  GitReviewSet,
  GitReviewSpec,
} from './types';

// Received packs are indexed by our one-pass indexer (pack-index.ts), in the browser and in Node alike.
export const packsIndexed = installFastPackIndex();

export interface GitRepoOptions {
  fs: PromiseFsClient;
  /** The fetch requests go out with (the browser's; Node's in the tests); always through the guard. */
  fetch?: typeof fetch;
  /** The working tree's folder in `fs`. */
  dir: string;
  /** The Git server (git.server): the only origin any request may go to. Read at each request. */
  server: () => string | undefined;
  /** Read at each request, so a token typed after opening the panel is used. */
  credentials: () => GitCredentials;
  onActivity?: (a: GitActivity) => void;
  onProgress?: (p: GitProgress) => void;
  /** The page's origin, for the CORS explanation. */
  origin?: string;
}

type GitResult<T = string> = { ok: true; value: T } | { ok: false; error: string };

const REMOTE = 'origin';

export class GitRepo {
  private readonly http;

  constructor(private readonly o: GitRepoOptions) {
    this.http = guardedHttp({ server: o.server, credentials: o.credentials, fetch: o.fetch });
  }

  /** The folder of this repository's working tree in the file system. */
  get dir(): string {
    return this.o.dir;
  }

  /**
   * isomorphic-git's cache, one for the repository's life: the pack files'
   * indexes and contents are read from the file system once instead of once
   * per command. Packs are never changed, only added, so it does not go stale.
   */
  private readonly cache = {};

  private get base() {
    return { fs: this.o.fs, dir: this.o.dir, cache: this.cache };
  }

  private get remoteOpts() {
    return {
      ...this.base,
      http: this.http,
      onAuth: () => {
        const { user, token } = this.o.credentials();
        // Without a token say nothing: isomorphic-git then reports the 401 as it is.
        return token ? { username: user || 'token', password: token } : { cancel: true };
      },
      onProgress:
        this.o.onProgress &&
        ((e: { phase: string; loaded: number; total?: number }) =>
          this.o.onProgress?.({ phase: e.phase, loaded: e.loaded, total: e.total || undefined })),
    };
  }

  /** Runs a network operation, records it, and turns a failure into an explanation. */
  private async network<T>(op: GitNetworkOp, url: string, run: () => Promise<{ value: T; detail: string }>): Promise<GitResult<T>> {
    // Refused here, before anything: the address (from the form or from .git/config) must be on git.server.
    // The HTTP client checks every request again, redirects included.
    const problem = gitUrlProblem(url, this.o.server());
    if (problem) return { ok: false, error: problem };
    const server = originOf(url);
    try {
      const { value, detail } = await run();
      this.o.onActivity?.({ op, server, ok: true, detail: withoutUserinfo(detail), at: Date.now() });
      return { ok: true, value };
    } catch (e) {
      const error = withoutUserinfo(explainGitError(e, server, this.o.origin));
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

  /** Where a push goes: isomorphic-git takes remote.origin.pushurl over the url when there is one. */
  private async pushUrl(): Promise<string> {
    return (
      ((await git.getConfig({ ...this.base, path: `remote.${REMOTE}.pushurl` })) as string | undefined) ?? (await this.remoteUrl()) ?? ''
    );
  }

  /**
   * `depth`: a shallow clone, as `git clone --depth N`: the last N commits of the server's default branch
   * only, the one branch it then follows. Without it, every branch with its whole history.
   */
  clone(url: string, { depth }: GitCloneOptions = {}): Promise<GitResult<string>> {
    return this.network('clone', url, async () => {
      await git.clone({ ...this.remoteOpts, url, remote: REMOTE, ...(depth && { depth, singleBranch: true }) });
      const branch = (await git.currentBranch({ ...this.base })) ?? 'HEAD';
      return { value: branch, detail: `cloned ${url} (${branch}${depth ? `, last ${depth} commit${depth === 1 ? '' : 's'}` : ''})` };
    });
  }

  /**
   * Whether the clone is shallow: it has commits whose parents it lacks (a `.git/shallow` file lists them).
   * isomorphic-git sends that list with every fetch, so the server sends only what is new on top.
   */
  async isShallow(): Promise<boolean> {
    try {
      return ((await this.o.fs.promises.readFile(`${this.o.dir}/.git/shallow`, 'utf8')) as string).trim() !== '';
    } catch {
      return false;
    }
  }

  /**
   * Brings the server's branches in as origin/* (branches deleted on the
   * server go too); the working tree is untouched. Says how far behind the
   * branch is and which branches are new or gone on the server.
   */
  async fetch(): Promise<GitResult<GitFetchReport>> {
    const pre = await this.prepare();
    if (!pre.ok) return pre;
    const { url, branch } = pre.value;
    return this.network('fetch', url, async () => {
      const before = await this.remoteBranches();
      // A shallow clone follows its one branch, as git's does: fetching the others would bring each one's
      // history down to where it left this one, which a shallow clone is there to avoid.
      const one = (await this.isShallow()) ? { ref: branch, singleBranch: true } : { prune: true };
      await git.fetch({ ...this.remoteOpts, remote: REMOTE, ...one });
      const after = await this.remoteBranches();
      const report: GitFetchReport = {
        behind: await this.commitsBehind(branch),
        newBranches: after.filter((b) => !before.includes(b)),
        deletedBranches: before.filter((b) => !after.includes(b)),
      };
      return { value: report, detail: fetchDetail(branch, report) };
    });
  }

  private async remoteBranches(): Promise<string[]> {
    return (await git.listBranches({ ...this.base, remote: REMOTE })).filter((b) => b !== 'HEAD').sort();
  }

  async push(): Promise<GitResult<string>> {
    const pre = await this.prepare();
    if (!pre.ok) return pre;
    const { branch } = pre.value;
    return this.network('push', await this.pushUrl(), async () => {
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
        throw new GitRefusal(
          `Pull refused: ${branch} and ${REMOTE}/${branch} have both got new commits, and only fast-forward pulls are done here. Merge or rebase them with a Git client, or push your work to a new branch.`,
        );
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

  /**
   * Changed files of the working tree against the last commit, each marked
   * when the index has it staged (what "Commit staged" takes).
   */
  async status(): Promise<GitFileStatus[]> {
    const matrix = await git.statusMatrix({ ...this.base });
    const out: GitFileStatus[] = [];
    for (const [path, head, workdir, stage] of matrix) {
      // statusMatrix's stage column: 0 absent, 1 as HEAD, 2 as the working tree, 3 neither.
      const staged = stage !== head && !(head === 0 && stage === 0);
      const state: GitFileStatus['state'] | undefined =
        head === 0
          ? workdir === 2
            ? staged
              ? 'added'
              : 'untracked'
            : undefined
          : workdir === 0
            ? 'deleted'
            : workdir === 2
              ? 'modified'
              : staged
                ? 'modified'
                : undefined;
      if (state) out.push({ path, state, ...(staged && { staged: true as const }) });
    }
    return out;
  }

  /** Puts a file's change (a deletion too) in the index, for the next "Commit staged". */
  async stage(path: string): Promise<GitResult<string>> {
    try {
      const exists = await this.o.fs.promises.stat(`${this.o.dir}/${path}`).then(
        () => true,
        () => false,
      );
      if (exists) await git.add({ ...this.base, filepath: path });
      else await git.remove({ ...this.base, filepath: path });
      return { ok: true, value: path };
    } catch (e) {
      return { ok: false, error: explainGitError(e, '', this.o.origin) };
    }
  }

  /** Takes a file out of the index (back to the last commit's version there); the working tree keeps the change. */
  async unstage(path: string): Promise<GitResult<string>> {
    try {
      await git.resetIndex({ ...this.base, filepath: path });
      return { ok: true, value: path };
    } catch (e) {
      return { ok: false, error: explainGitError(e, '', this.o.origin) };
    }
  }

  /** Commits what is staged, and only that: the other changes stay in the working tree. */
  async commitStaged(message: string, author: GitAuthor): Promise<GitResult<string>> {
    const problem = commitProblem(message, author);
    if (problem) return { ok: false, error: problem };
    if (!(await this.status()).some((c) => c.staged))
      return { ok: false, error: 'Nothing staged: stage the files to commit first (or use Commit all).' };
    const oid = await git.commit({ ...this.base, message, author });
    return { ok: true, value: oid };
  }

  /** Stages every change (new, modified, deleted files) and commits it. */
  async commitAll(message: string, author: GitAuthor): Promise<GitResult<string>> {
    const problem = commitProblem(message, author);
    if (problem) return { ok: false, error: problem };
    const changes = await this.status();
    if (!changes.length) return { ok: false, error: 'Nothing to commit: no file differs from the last commit.' };
    for (const c of changes) {
      if (c.state === 'deleted') await git.remove({ ...this.base, filepath: c.path });
      else await git.add({ ...this.base, filepath: c.path });
    }
    const oid = await git.commit({ ...this.base, message, author });
    return { ok: true, value: oid };
  }

  /**
   * The changed files of what `spec` names, both sides as text. Reads only:
   * the working tree, the index and the current branch stay as they are.
   */
  async reviewChanges(spec: GitReviewSpec): Promise<GitResult<GitReviewSet>> {
    try {
      if (spec.kind === 'worktree') {
        const head = await git.resolveRef({ ...this.base, ref: 'HEAD' });
        const changes: GitChange[] = [];
        for (const c of await this.status()) {
          if (c.state === 'untracked' || c.state === 'added')
            changes.push(textChange(c.path, 'added', undefined, await this.readWorkFile(c.path)));
          else if (c.state === 'deleted') changes.push(textChange(c.path, 'deleted', await this.readBlobAt(head, c.path), undefined));
          else changes.push(textChange(c.path, 'modified', await this.readBlobAt(head, c.path), await this.readWorkFile(c.path)));
        }
        return {
          ok: true,
          value: {
            title: `working tree against HEAD (${head.slice(0, 7)})`,
            from: head,
            to: head,
            changes: pairRenames(await withBlobIds(changes)),
          },
        };
      }
      if (spec.kind === 'merge-base') {
        const tip = await this.resolveCommit(spec.branch);
        const other = await this.resolveCommit(spec.base);
        const [base] = (await git.findMergeBase({ ...this.base, oids: [tip, other] })) as string[];
        if (!base) throw new GitRefusal(`${spec.branch} and ${spec.base} have no commit in common: review them as two commits instead.`);
        return {
          ok: true,
          value: {
            title: `${spec.branch} against ${spec.base} (merge base ${base.slice(0, 7)})`,
            from: base,
            to: tip,
            changes: await this.treeChanges(base, tip),
          },
        };
      }
      const from = await this.resolveCommit(spec.from);
      const to = await this.resolveCommit(spec.to);
      return {
        ok: true,
        value: {
          title: `${spec.from} (${from.slice(0, 7)}) to ${spec.to} (${to.slice(0, 7)})`,
          from,
          to,
          changes: await this.treeChanges(from, to),
        },
      };
    } catch (e) {
      return { ok: false, error: explainGitError(e, '', this.o.origin) };
    }
  }

  /**
   * A commit of the reviewed files on a new branch whose parent is `parent`
   * (the reviewed end). Made from objects alone: the working tree, the index
   * and the current branch are not touched, so no local change can be lost.
   * `files`: path and its reviewed text, or null for a file removed.
   */
  async commitReview(
    branch: string,
    parent: string,
    files: readonly { path: string; text: string | null }[],
    message: string,
    author: GitAuthor,
  ): Promise<GitResult<string>> {
    const problem = commitProblem(message, author) ?? branchNameProblem(branch);
    if (problem) return { ok: false, error: problem };
    try {
      if (
        await git.resolveRef({ ...this.base, ref: `refs/heads/${branch}` }).then(
          () => true,
          () => false,
        )
      ) {
        return { ok: false, error: `A branch named ${branch} is here already: choose another name, so its commits are not replaced.` };
      }
      const { tree } = await git.readCommit({ ...this.base, oid: parent }).then((c) => c.commit);
      const newTree = await this.treeWith(tree, new Map(files.map((f) => [f.path, f.text])));
      const oid = await git.commit({
        ...this.base,
        message,
        author,
        tree: newTree ?? (await git.writeTree({ ...this.base, tree: [] })),
        parent: [parent],
        ref: `refs/heads/${branch}`,
      });
      return { ok: true, value: oid };
    } catch (e) {
      return { ok: false, error: explainGitError(e, '', this.o.origin) };
    }
  }

  /** Pushes one local branch (a review branch) to the server under the same name; the current branch is not involved. */
  async pushBranch(branch: string): Promise<GitResult<string>> {
    if (!(await this.remoteUrl())) return { ok: false, error: 'Clone a repository first.' };
    return this.network('push', await this.pushUrl(), async () => {
      const r = await git.push({ ...this.remoteOpts, remote: REMOTE, ref: branch, remoteRef: branch });
      const refError = Object.values(r.refs ?? {}).find((x) => !x.ok)?.error;
      if (!r.ok || refError) throw new GitRefusal(`Push rejected by the server: ${refError ?? r.error ?? 'no reason given'}`);
      return { value: branch, detail: `pushed ${branch}` };
    });
  }

  /** A branch name, a server branch (origin/x or just x) or a commit id, full or abbreviated, as a commit id. */
  private async resolveCommit(ref: string): Promise<string> {
    const r = ref.trim();
    if (!r) throw new GitRefusal('Name a branch or a commit to review.');
    // readCommit peels an annotated tag: what comes back is always a commit's id.
    const commitOf = (oid: string | undefined) =>
      oid
        ? git.readCommit({ ...this.base, oid }).then(
            (c) => c.oid,
            () => undefined,
          )
        : undefined;
    for (const candidate of [r, `refs/remotes/${REMOTE}/${r}`]) {
      const oid = await commitOf(await git.resolveRef({ ...this.base, ref: candidate }).catch(() => undefined));
      if (oid) return oid;
    }
    if (/^[0-9a-f]{4,40}$/i.test(r)) {
      const oid = await commitOf(await git.expandOid({ ...this.base, oid: r.toLowerCase() }).catch(() => undefined));
      if (oid) return oid;
    }
    throw new GitRefusal(`No branch or commit named "${r}" here. If it is new on the server, Fetch first.`);
  }

  private async treeChanges(from: string, to: string): Promise<GitChange[]> {
    const found = (await git.walk({
      ...this.base,
      trees: [git.TREE({ ref: from }), git.TREE({ ref: to })],
      map: async (path, [a, b]) => {
        if (path === '.') return undefined;
        const [ta, tb] = [await a?.type(), await b?.type()];
        const blobA = ta === 'blob' ? a : null;
        const blobB = tb === 'blob' ? b : null;
        if (!blobA && !blobB) return undefined;
        if (blobA && blobB && (await blobA.oid()) === (await blobB.oid())) return undefined;
        const text = async (e: typeof a) => (e ? decodeBlob((await e.content()) ?? new Uint8Array()) : undefined);
        return textChange(path, !blobA ? 'added' : !blobB ? 'deleted' : 'modified', await text(blobA), await text(blobB));
      },
    })) as GitChange[];
    return pairRenames(await withBlobIds(found.filter(Boolean)));
  }

  /** The tree `oid` with `changes` (path → text, or null: removed) in it; undefined when nothing is left. */
  private async treeWith(oid: string | undefined, changes: Map<string, string | null>): Promise<string | undefined> {
    const entries = oid ? (await git.readTree({ ...this.base, oid })).tree : [];
    const here = new Map(entries.map((e) => [e.path, e]));
    const below = new Map<string, Map<string, string | null>>();
    for (const [path, text] of changes) {
      const slash = path.indexOf('/');
      if (slash >= 0) {
        const dir = path.slice(0, slash);
        if (!below.has(dir)) below.set(dir, new Map());
        below.get(dir)!.set(path.slice(slash + 1), text);
      } else if (text === null) {
        here.delete(path);
      } else {
        const blob = await git.writeBlob({ ...this.base, blob: new TextEncoder().encode(text) });
        const mode = here.get(path)?.type === 'blob' ? here.get(path)!.mode : '100644';
        here.set(path, { mode, path, oid: blob, type: 'blob' });
      }
    }
    for (const [dir, sub] of below) {
      const was = here.get(dir);
      const tree = await this.treeWith(was?.type === 'tree' ? was.oid : undefined, sub);
      if (tree) here.set(dir, { mode: '040000', path: dir, oid: tree, type: 'tree' });
      else here.delete(dir);
    }
    if (!here.size) return undefined;
    return git.writeTree({ ...this.base, tree: [...here.values()] });
  }

  private async readBlobAt(commit: string, path: string): Promise<Uint8Array> {
    return (await git.readBlob({ ...this.base, oid: commit, filepath: path })).blob;
  }

  private async readWorkFile(path: string): Promise<Uint8Array> {
    const data = await this.o.fs.promises.readFile(`${this.o.dir}/${path}`);
    return typeof data === 'string' ? new TextEncoder().encode(data) : new Uint8Array(data);
  }

  /** The working tree's files as text (skipping .git), for the workspace. */
  async readWorkingTree(): Promise<[string, string][]> {
    const files = await git.listFiles({ ...this.base });
    // All at once: the file system answers the reads of one moment together.
    const texts = await Promise.all(files.map((f) => this.o.fs.promises.readFile(`${this.o.dir}/${f}`, 'utf8').catch(() => undefined)));
    return files.flatMap((f, i) => (typeof texts[i] === 'string' ? [[f, texts[i]] as [string, string]] : []));
  }

  /**
   * Writes the workspace's text of the working tree back; a tracked file
   * missing from `files` is deleted. A workspace file inside a `.git` folder
   * is never written: the repository's own data (its remote's address, its
   * refs) is not the workspace's to change.
   */
  async writeWorkingTree(all: readonly [string, string][]): Promise<void> {
    const p = this.o.fs.promises;
    const files = all.filter(([f]) => !isGitPath(f));
    const wanted = new Set(files.map(([f]) => f));
    // Read together, written together: the file system batches what is asked at one moment.
    const before = await Promise.all(files.map(([f]) => p.readFile(`${this.o.dir}/${f}`, 'utf8').catch(() => undefined)));
    const changed = files.filter(([, text], i) => before[i] !== text);
    for (const [f] of changed) await mkdirs(p, this.o.dir, f);
    await Promise.all(changed.map(([f, text]) => p.writeFile(`${this.o.dir}/${f}`, text, 'utf8')));
    for (const f of await git.listFiles({ ...this.base })) if (!wanted.has(f)) await p.unlink(`${this.o.dir}/${f}`).catch(() => {});
  }

  /** Commits the server's branch has that the local one has not (a branch ahead only is behind by none). */
  private async commitsBehind(branch: string): Promise<number> {
    const local = await git.resolveRef({ ...this.base, ref: branch });
    const remote = await git.resolveRef({ ...this.base, ref: `refs/remotes/${REMOTE}/${branch}` }).catch(() => local);
    if (remote === local) return 0;
    if (await git.isDescendent({ ...this.base, oid: local, ancestor: remote, depth: -1 })) return 0;
    const mine = new Set((await git.log({ ...this.base, ref: local })).map((c) => c.oid));
    return (await git.log({ ...this.base, ref: remote })).filter((c) => !mine.has(c.oid)).length;
  }

  private async refuseIfChanged(what: string): Promise<void> {
    const changed = (await this.status()).filter((c) => c.state !== 'untracked');
    if (changed.length) {
      const names =
        changed
          .slice(0, 3)
          .map((c) => c.path)
          .join(', ') + (changed.length > 3 ? ` and ${changed.length - 3} more` : '');
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

/** Whether a path is inside a `.git` folder at any depth (any case, as case-insensitive file systems read it). */
export function isGitPath(path: string): boolean {
  return path.split('/').some((part) => part.toLowerCase() === '.git');
}

function fetchDetail(branch: string, r: GitFetchReport): string {
  const parts = [
    r.behind ? `${branch} is ${r.behind} commit${r.behind === 1 ? '' : 's'} behind ${REMOTE}/${branch}` : `${branch} is up to date`,
  ];
  if (r.newBranches.length) parts.push(`new on the server: ${r.newBranches.join(', ')}`);
  if (r.deletedBranches.length) parts.push(`deleted on the server: ${r.deletedBranches.join(', ')}`);
  return parts.join('; ');
}

function commitProblem(message: string, author: GitAuthor): string | undefined {
  if (!message.trim()) return 'Write a commit message first.';
  if (!author.name.trim() || !author.email.trim()) return 'Set your name and email for commits in the Git panel first.';
  return undefined;
}

/** Why `name` cannot be a branch, or undefined (the rules of git check-ref-format, the ones people meet). */
function branchNameProblem(name: string): string | undefined {
  if (!name.trim()) return 'Name the review branch first.';
  if (name !== name.trim() || /[\s~^:?*[\\]|\.\.|@\{|\/\/|^[/.-]|[/.]$|\.lock$/.test(name))
    return `"${name}" cannot be a branch name: no spaces, no ~ ^ : ? * [ \\, no "..", and no / or . at either end.`;
  return undefined;
}

const NUL = 0;

function decodeBlob(bytes: Uint8Array): string | Uint8Array {
  return bytes.includes(NUL) ? bytes : new TextDecoder().decode(bytes);
}

/** A change with both sides as text; a side that is not text marks the file binary (listed, not shown; its bytes kept for the patch). */
function textChange(
  path: string,
  state: GitChange['state'],
  before: Uint8Array | string | undefined,
  after: Uint8Array | string | undefined,
): GitChange {
  const b = before instanceof Uint8Array ? decodeBlob(before) : before;
  const a = after instanceof Uint8Array ? decodeBlob(after) : after;
  const binary = typeof b === 'object' || typeof a === 'object';
  const bytesOf = (x: Uint8Array | string | undefined) => (typeof x === 'string' ? new TextEncoder().encode(x) : x);
  return {
    path,
    state,
    before: typeof b === 'string' ? b : '',
    after: typeof a === 'string' ? a : '',
    ...(binary && { binary: true as const, bytes: { before: bytesOf(before), after: bytesOf(after) } }),
  };
}

/** The blob ids of binary files' sides, for the patch's full index line. */
async function withBlobIds(changes: GitChange[]): Promise<GitChange[]> {
  const id = async (x: Uint8Array | undefined) => (x ? (await git.hashBlob({ object: x })).oid : undefined);
  for (const c of changes) {
    if (!c.bytes) continue;
    c.bytes = { ...c.bytes, beforeOid: await id(c.bytes.before), afterOid: await id(c.bytes.after) };
  }
  return changes;
}

/**
 * A deleted and an added file are one file renamed, as `git diff` pairs them:
 * first those with the same content, then those at least half alike by
 * git's measure (similarity.ts), the most alike first, each file in one pair
 * at most.
 */
function pairRenames(changes: GitChange[]): GitChange[] {
  // Empty files are all alike: git pairs none of them, nor does this.
  const empty = (c: GitChange) => !c.binary && !c.before && !c.after;
  const deleted = changes.filter((c) => c.state === 'deleted' && !empty(c));
  const added = changes.filter((c) => c.state === 'added' && !empty(c));
  const pairs: [GitChange, GitChange, number][] = [];
  const key = (c: GitChange, side: 'before' | 'after') =>
    c.binary ? `b:${side === 'before' ? c.bytes?.beforeOid : c.bytes?.afterOid}` : `t:${c[side]}`;
  const byContent = new Map<string, GitChange[]>();
  for (const d of deleted) byContent.set(key(d, 'before'), [...(byContent.get(key(d, 'before')) ?? []), d]);
  const used = new Set<GitChange>();
  for (const a of added) {
    const match = byContent.get(key(a, 'after'))?.find((d) => !used.has(d));
    if (!match) continue;
    used.add(match).add(a);
    pairs.push([match, a, RENAME_EXACT]);
  }
  const srcs = deleted.filter((d) => !used.has(d));
  const dsts = added.filter((a) => !used.has(a));
  // git gives up on inexact renames past diff.renameLimit's default (1000 x 1000 pairs to compare); so does this.
  if (srcs.length && dsts.length && srcs.length * dsts.length <= RENAME_LIMIT ** 2) {
    const side = (c: GitChange, s: 'before' | 'after') => ({
      bytes: (c.binary ? c.bytes?.[s] : new TextEncoder().encode(c[s])) ?? new Uint8Array(),
      text: !c.binary,
    });
    const before = new Map(srcs.map((d) => [d, side(d, 'before')]));
    const candidates: { d: GitChange; a: GitChange; score: number; sameName: boolean; order: number }[] = [];
    for (const a of dsts) {
      const after = side(a, 'after');
      for (const d of srcs) {
        const score = renameScore(before.get(d)!, after);
        if (score >= RENAME_MIN_SCORE)
          candidates.push({ d, a, score, sameName: baseName(d.path) === baseName(a.path), order: candidates.length });
      }
    }
    candidates.sort((x, y) => y.score - x.score || Number(y.sameName) - Number(x.sameName) || x.order - y.order);
    for (const { d, a, score } of candidates) {
      if (used.has(d) || used.has(a)) continue;
      used.add(d).add(a);
      pairs.push([d, a, similarityPercent(score)]);
    }
  }
  const renamed = pairs.map(([d, a, similarity]): GitChange => ({
    ...a,
    state: 'renamed',
    from: d.path,
    similarity,
    before: d.before,
    ...(a.binary && { bytes: { ...a.bytes, before: d.bytes?.before, beforeOid: d.bytes?.beforeOid } }),
  }));
  return [...changes.filter((c) => !used.has(c)), ...renamed].sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}

const RENAME_EXACT = 100;
const RENAME_LIMIT = 1000;
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

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
