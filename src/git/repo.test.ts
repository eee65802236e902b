// The Git module against a real server: Debian's git http-backend behind the
// loopback shim the end-to-end tests use, with node:fs and Node's fetch in
// place of lightning-fs and the browser's fetch (through the same guard).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startGitServer, type GitServerHandle } from '../../testing/servers/git-server';
import { reviewedFiles, unifiedDiff } from './patch';
import { GitRepo, packsIndexed } from './repo';
import type { GitActivity, GitChange, GitCredentials, GitFileStatus, GitProgress } from './types';

const author = { name: 'Tester', email: 'tester@example.test' };
let servers: GitServerHandle[] = [];

afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function setup(
  opts: Parameters<typeof startGitServer>[0] = {},
  creds: GitCredentials = {},
  more: { configured?: (server: GitServerHandle) => string; fetch?: typeof fetch } = {},
) {
  const server = await startGitServer(opts);
  servers.push(server);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'git-clone-'));
  const activity: GitActivity[] = [];
  const progress: GitProgress[] = [];
  const repo = new GitRepo({
    fs,
    fetch: more.fetch,
    dir,
    server: () => (more.configured ? more.configured(server) : server.url),
    credentials: () => creds,
    onActivity: (a) => activity.push(a),
    onProgress: (p) => progress.push(p),
  });
  return { server, dir, repo, activity, progress };
}

describe('GitRepo against git http-backend', () => {
  it("clones, and the working tree holds the server's files", async () => {
    const { server, repo, activity, progress } = await setup();
    const indexedBefore = packsIndexed();
    const r = await repo.clone(server.repoUrl);
    expect(r).toEqual({ ok: true, value: 'main' });
    // The received pack was indexed by our indexer (pack-index.ts), not isomorphic-git's own.
    expect(packsIndexed()).toBe(indexedBefore + 1);
    // The transfer reports its phases as it goes: what the panel shows.
    const phases = new Set(progress.map((p) => p.phase));
    expect(phases).toContain('Receiving objects');
    expect(progress.at(-1)?.loaded).toBeGreaterThan(0);
    expect(Object.fromEntries(await repo.readWorkingTree())).toEqual({
      'README.md': '# Demo\n',
      'src/app.py': 'def main():\n    return 1\n',
    });
    expect(activity).toMatchObject([{ op: 'clone', server: server.url, ok: true }]);
  });

  it("fetch sees a colleague's commit; pull fast-forwards to it", async () => {
    const { server, repo } = await setup();
    await repo.clone(server.repoUrl);
    server.commitFromElsewhere('Colleague change', { 'README.md': '# Demo v2\n' });
    expect(await repo.fetch()).toEqual({ ok: true, value: { behind: 1, newBranches: [], deletedBranches: [] } });
    expect(await repo.pull()).toMatchObject({ ok: true });
    expect(Object.fromEntries(await repo.readWorkingTree())['README.md']).toBe('# Demo v2\n');
  });

  it('a shallow clone has the last commits only, and fetch, pull and push work on it', async () => {
    const { server, dir, repo, activity } = await setup();
    const first = server.commitFromElsewhere('Second', { 'README.md': '# Demo 2\n' });
    server.commitFromElsewhere('Third', { 'README.md': '# Demo 3\n' });
    server.branchFromElsewhere('old', first);
    expect(await repo.clone(server.repoUrl, { depth: 1 })).toEqual({ ok: true, value: 'main' });
    expect(await repo.isShallow()).toBe(true);
    // Command-line git reads the clone as isomorphic-git wrote it: one commit, the older ones absent.
    const cli = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();
    expect(cli('rev-list', '--count', 'HEAD')).toBe('1');
    expect(() => cli('cat-file', '-e', first)).toThrow();
    expect(Object.fromEntries(await repo.readWorkingTree())['README.md']).toBe('# Demo 3\n');
    expect(activity[0].detail).toMatch(/last 1 commit\)$/);
    // It follows its one branch: the server's other branches are not brought in.
    expect((await repo.branches()).remote).toEqual([]);

    server.commitFromElsewhere('Fourth', { 'README.md': '# Demo 4\n' });
    server.commitFromElsewhere('Fifth', { 'README.md': '# Demo 5\n' });
    expect(await repo.fetch()).toEqual({ ok: true, value: { behind: 2, newBranches: [], deletedBranches: [] } });
    expect(await repo.pull()).toMatchObject({ ok: true, value: 'main' });
    expect(Object.fromEntries(await repo.readWorkingTree())['README.md']).toBe('# Demo 5\n');
    // Only what was new came: still shallow, three commits deep, nothing of the older history.
    expect(cli('rev-list', '--count', 'HEAD')).toBe('3');
    expect(() => cli('cat-file', '-e', first)).toThrow();

    await repo.writeWorkingTree([
      ['README.md', '# Demo 5\nmine\n'],
      ['src/app.py', 'def main():\n    return 1\n'],
    ]);
    expect((await repo.commitAll('From a shallow clone', author)).ok).toBe(true);
    expect(await repo.push()).toEqual({ ok: true, value: 'main' });
    expect(server.log().slice(0, 4)).toEqual(['From a shallow clone', 'Fifth', 'Fourth', 'Third']);
    expect(server.show('README.md')).toBe('# Demo 5\nmine');
    // The server's repository is whole after the push from a shallow clone.
    expect(() => execFileSync('git', ['-C', server.bareDir, 'fsck', '--strict'], { stdio: 'pipe' })).not.toThrow();
  });

  it("commits and pushes; the server's log has the commit", async () => {
    const { server, repo } = await setup();
    await repo.clone(server.repoUrl);
    await repo.writeWorkingTree([
      ['README.md', '# Demo\nedited\n'],
      ['src/app.py', 'def main():\n    return 1\n'],
      ['new.txt', 'hi\n'],
    ]);
    expect(await repo.status()).toEqual([
      { path: 'README.md', state: 'modified' },
      { path: 'new.txt', state: 'untracked' },
    ]);
    expect((await repo.commitAll('Edit readme', author)).ok).toBe(true);
    expect(await repo.status()).toEqual([]);
    expect(await repo.push()).toEqual({ ok: true, value: 'main' });
    expect(server.log()[0]).toBe('Edit readme');
    expect(server.show('new.txt')).toBe('hi');
  });

  it('a push after someone else pushed is rejected with what to do', async () => {
    const { server, repo, activity } = await setup();
    await repo.clone(server.repoUrl);
    server.commitFromElsewhere('Theirs', { 'other.txt': 'x\n' });
    await repo.writeWorkingTree([...(await repo.readWorkingTree()), ['mine.txt', 'y\n']]);
    await repo.commitAll('Mine', author);
    const r = await repo.push();
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/Push rejected.*Pull/);
    expect(server.log()[0]).toBe('Theirs');
    // Only fast-forward pulls: the diverged branch is refused, not merged.
    const pull = await repo.pull();
    expect(!pull.ok && pull.error).toMatch(/only fast-forward/);
    expect(activity.map((a) => [a.op, a.ok])).toEqual([
      ['clone', true],
      ['push', false],
      ['pull', false],
    ]);
  });

  it('pull and switching branch refuse to overwrite local changes', async () => {
    const { server, repo } = await setup();
    await repo.clone(server.repoUrl);
    server.commitFromElsewhere('Theirs', { 'README.md': 'theirs\n' });
    await repo.writeWorkingTree([
      ['README.md', 'my unsaved work\n'],
      ['src/app.py', 'def main():\n    return 1\n'],
    ]);
    const pull = await repo.pull();
    expect(!pull.ok && pull.error).toMatch(/overwrite your changes to README.md/);
    expect((await repo.createBranch('feature')).ok).toBe(true);
    const sw = await repo.switchBranch('main');
    expect(!sw.ok && sw.error).toMatch(/Switching branch refused/);
    expect(fs.readFileSync(path.join((repo as unknown as { o: { dir: string } }).o.dir, 'README.md'), 'utf8')).toBe('my unsaved work\n');
  });

  it('lists branches and switches to a server branch', async () => {
    const { server, repo } = await setup();
    server.commitFromElsewhere('On dev', { 'dev.txt': 'dev\n' }, 'main');
    await repo.clone(server.repoUrl);
    expect((await repo.createBranch('topic')).ok).toBe(true);
    expect(await repo.branches()).toMatchObject({ current: 'topic', local: ['main', 'topic'] });
    expect((await repo.switchBranch('main')).ok).toBe(true);
    expect((await repo.branches()).current).toBe('main');
  });

  it('a token is sent as Basic auth; a wrong one is explained', async () => {
    const auth = { user: 'alice', password: 's3cret-token' };
    const good = await setup({ auth }, { user: 'alice', token: 's3cret-token' });
    expect((await good.repo.clone(good.server.repoUrl)).ok).toBe(true);
    const bad = await setup({ auth }, { user: 'alice', token: 'not-the-token-42' });
    const r = await bad.repo.clone(bad.server.repoUrl);
    expect(!r.ok && r.error).toMatch(/refused the credentials \(HTTP 401\).*token/);
    expect(JSON.stringify(bad.activity)).not.toContain('not-the-token-42');
    const none = await setup({ auth });
    const r2 = await none.repo.clone(none.server.repoUrl);
    expect(!r2.ok && r2.error).toMatch(/enter a token/);
  });
});

describe('GitRepo explains a server it cannot reach', () => {
  it('names both causes, CORS with its fix, and records the failure', async () => {
    const activity: GitActivity[] = [];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'git-clone-'));
    const repo = new GitRepo({
      fs,
      dir,
      server: () => 'http://127.0.0.1:9',
      credentials: () => ({}),
      origin: 'http://localhost:4173',
      onActivity: (a) => activity.push(a),
    });
    // Port 9 (discard) refuses on loopback: as unreachable as a server without CORS looks to a page.
    const r = await repo.clone('http://127.0.0.1:9/team/repo.git');
    expect(!r.ok && r.error).toMatch(
      /could not be reached, or it does not allow this page \(http:\/\/localhost:4173\).*CORS.*docs\/git\.md/,
    );
    expect(activity).toMatchObject([{ op: 'clone', server: 'http://127.0.0.1:9', ok: false }]);
  });
});

/** A feature branch on the server with its own commit, while main moves on after it left. */
function featureAndMain(server: GitServerHandle) {
  server.branchFromElsewhere('feature');
  const feature = server.commitFromElsewhere(
    'Feature work',
    { 'src/app.py': 'def main():\n    return 2\n', 'new.py': 'x = 1\n', 'README.md': null },
    'feature',
  );
  server.commitFromElsewhere('Main moves on', { 'main-only.txt': 'm\n' });
  return { feature };
}

const summary = (changes: readonly Pick<GitChange | GitFileStatus, 'path' | 'state'>[]) => changes.map((c) => [c.path, c.state]);

describe('GitRepo reviews', () => {
  it("a branch against its merge base: only the branch's own changes, both sides as text", async () => {
    const { server, repo } = await setup();
    featureAndMain(server);
    await repo.clone(server.repoUrl);
    const r = await repo.reviewChanges({ kind: 'merge-base', branch: 'feature', base: 'main' });
    if (!r.ok) throw new Error(r.error);
    expect(summary(r.value.changes)).toEqual([
      ['README.md', 'deleted'],
      ['new.py', 'added'],
      ['src/app.py', 'modified'],
    ]);
    expect(r.value.changes[2]).toMatchObject({ before: 'def main():\n    return 1\n', after: 'def main():\n    return 2\n' });
    expect(r.value.changes[0]).toMatchObject({ before: '# Demo\n', after: '' });
    // The merge base is the first commit: main's later commit is not part of the branch's change.
    expect(server.log('main').at(-1)).toBe('First commit');
    expect(r.value.title).toMatch(/^feature against main \(merge base [0-9a-f]{7}\)$/);
  });

  it("two commits, by name or abbreviated id: everything between them, main's later work included", async () => {
    const { server, repo } = await setup();
    const { feature } = featureAndMain(server);
    await repo.clone(server.repoUrl);
    const r = await repo.reviewChanges({ kind: 'commits', from: 'main', to: feature.slice(0, 8) });
    if (!r.ok) throw new Error(r.error);
    expect(r.value.to).toBe(feature);
    expect(summary(r.value.changes)).toEqual([
      ['README.md', 'deleted'],
      ['main-only.txt', 'deleted'],
      ['new.py', 'added'],
      ['src/app.py', 'modified'],
    ]);
    // An annotated tag names the commit it points at, not the tag object.
    const { server: s2, repo: repo2 } = await setup();
    const first = execFileSync('git', ['rev-parse', 'main'], { cwd: s2.bareDir, encoding: 'utf8' }).trim();
    execFileSync('git', ['tag', '-a', 'v1', '-m', 'Version 1', 'main'], {
      cwd: s2.bareDir,
      env: { ...process.env, GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@example.test' },
    });
    s2.commitFromElsewhere('After v1', { 'later.txt': 'l\n' });
    await repo2.clone(s2.repoUrl);
    const tagged = await repo2.reviewChanges({ kind: 'commits', from: 'v1', to: 'main' });
    expect(tagged).toMatchObject({ ok: true, value: { from: first, changes: [{ path: 'later.txt', state: 'added' }] } });
    const missing = await repo.reviewChanges({ kind: 'commits', from: 'main', to: 'no-such-branch' });
    expect(!missing.ok && missing.error).toMatch(/No branch or commit named "no-such-branch".*Fetch/);
  });

  it('the working tree against HEAD: modified, new and removed files, and nothing committed by looking', async () => {
    const { server, repo } = await setup();
    await repo.clone(server.repoUrl);
    await repo.writeWorkingTree([
      ['README.md', '# Demo\nmore\n'],
      ['notes.txt', 'todo\n'],
    ]);
    const r = await repo.reviewChanges({ kind: 'worktree' });
    if (!r.ok) throw new Error(r.error);
    expect(summary(r.value.changes)).toEqual([
      ['README.md', 'modified'],
      ['notes.txt', 'added'],
      ['src/app.py', 'deleted'],
    ]);
    expect(r.value.changes[0]).toMatchObject({ before: '# Demo\n', after: '# Demo\nmore\n' });
    expect(r.value.changes[1]).toMatchObject({ before: '', after: 'todo\n' });
    expect(summary(await repo.status())).toEqual([
      ['README.md', 'modified'],
      ['notes.txt', 'untracked'],
      ['src/app.py', 'deleted'],
    ]);
  });

  it('stages and unstages single files; Commit staged takes only the staged ones', async () => {
    const { server, repo } = await setup();
    await repo.clone(server.repoUrl);
    await repo.writeWorkingTree([
      ['README.md', '# Demo\nstaged edit\n'],
      ['src/app.py', 'def main():\n    return 3\n'],
      ['new.txt', 'new\n'],
    ]);
    expect(await repo.commitStaged('Nothing yet', author)).toEqual({ ok: false, error: expect.stringMatching(/Nothing staged/) });
    expect((await repo.stage('README.md')).ok).toBe(true);
    expect((await repo.stage('new.txt')).ok).toBe(true);
    expect(await repo.status()).toEqual([
      { path: 'README.md', state: 'modified', staged: true },
      { path: 'new.txt', state: 'added', staged: true },
      { path: 'src/app.py', state: 'modified' },
    ]);
    expect((await repo.unstage('new.txt')).ok).toBe(true);
    expect((await repo.status())[1]).toEqual({ path: 'new.txt', state: 'untracked' });
    expect((await repo.commitStaged('Only the readme', author)).ok).toBe(true);
    // What was not staged is still a change of the working tree, not lost.
    expect(await repo.status()).toEqual([
      { path: 'new.txt', state: 'untracked' },
      { path: 'src/app.py', state: 'modified' },
    ]);
    expect((await repo.push()).ok).toBe(true);
    expect(server.log()[0]).toBe('Only the readme');
    expect(server.show('README.md')).toBe('# Demo\nstaged edit');
    expect(server.show('src/app.py')).toBe('def main():\n    return 1');
    expect(() => server.show('new.txt')).toThrow();
  });

  it('stages a deletion', async () => {
    const { server, repo } = await setup();
    await repo.clone(server.repoUrl);
    await repo.writeWorkingTree([['README.md', '# Demo\n']]);
    expect((await repo.stage('src/app.py')).ok).toBe(true);
    expect(await repo.status()).toEqual([{ path: 'src/app.py', state: 'deleted', staged: true }]);
    expect((await repo.commitStaged('Remove app', author)).ok).toBe(true);
    expect(await repo.status()).toEqual([]);
  });

  it('a reviewed branch is committed on a new review branch and pushed; the working tree and current branch are untouched', async () => {
    const { server, repo, dir, activity } = await setup();
    featureAndMain(server);
    await repo.clone(server.repoUrl);
    await repo.writeWorkingTree((await repo.readWorkingTree()).map(([p, t]) => [p, p === 'README.md' ? '# Demo\nlocal work\n' : t]));
    const r = await repo.reviewChanges({ kind: 'merge-base', branch: 'feature', base: 'main' });
    if (!r.ok) throw new Error(r.error);
    const edited = 'def main():\n    # reviewed\n    return 2\n';
    const files = reviewedFiles(r.value.changes, (p) => (p === 'src/app.py' ? edited : undefined)).map((f) => ({
      path: f.path,
      text: f.after,
    }));
    const bad = await repo.commitReview('review feature', r.value.to, files, 'Review', author);
    expect(!bad.ok && bad.error).toMatch(/cannot be a branch name/);
    const c = await repo.commitReview('review/feature', r.value.to, files, 'Review of feature', author);
    expect(c.ok).toBe(true);
    expect(await repo.pushBranch('review/feature')).toEqual({ ok: true, value: 'review/feature' });
    expect(server.log('review/feature').slice(0, 2)).toEqual(['Review of feature', 'Feature work']);
    expect(server.show('src/app.py', 'review/feature')).toBe(edited.trimEnd());
    expect(server.show('new.py', 'review/feature')).toBe('x = 1');
    expect(() => server.show('README.md', 'review/feature')).toThrow();
    expect(activity.at(-1)).toMatchObject({ op: 'push', ok: true, detail: 'pushed review/feature' });
    // Local work stays where it was.
    expect((await repo.branches()).current).toBe('main');
    expect(fs.readFileSync(path.join(dir, 'README.md'), 'utf8')).toBe('# Demo\nlocal work\n');
    expect(summary(await repo.status())).toEqual([['README.md', 'modified']]);
    const again = await repo.commitReview('review/feature', r.value.to, files, 'Again', author);
    expect(!again.ok && again.error).toMatch(/review\/feature is here already/);
  });

  it('the exported diff has every changed file, edits included, and applies with git apply at the merge base', async () => {
    const { server, repo } = await setup();
    featureAndMain(server);
    await repo.clone(server.repoUrl);
    const r = await repo.reviewChanges({ kind: 'merge-base', branch: 'feature', base: 'main' });
    if (!r.ok) throw new Error(r.error);
    const edited = 'def main():\n    return 2  # checked\n';
    const patch = unifiedDiff(reviewedFiles(r.value.changes, (p) => (p === 'src/app.py' ? edited : undefined)));
    expect(patch.match(/^diff --git /gm)).toHaveLength(3);
    expect(patch).toContain('diff --git a/README.md b/README.md\ndeleted file mode 100644\n--- a/README.md\n+++ /dev/null\n');
    expect(patch).toContain('diff --git a/new.py b/new.py\nnew file mode 100644\n--- /dev/null\n+++ b/new.py\n@@ -0,0 +1,1 @@\n+x = 1\n');
    expect(patch).toContain('+    return 2  # checked\n');
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'git-apply-'));
    const run = (...args: string[]) =>
      execFileSync('git', args, { cwd: work, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
    run('clone', '--quiet', server.bareDir, '.');
    run('checkout', '--quiet', r.value.from);
    fs.writeFileSync(path.join(work, 'review.diff'), patch);
    run('apply', '--check', 'review.diff');
    run('apply', 'review.diff');
    expect(fs.readFileSync(path.join(work, 'src/app.py'), 'utf8')).toBe(edited);
    expect(fs.existsSync(path.join(work, 'README.md'))).toBe(false);
    expect(fs.readFileSync(path.join(work, 'new.py'), 'utf8')).toBe('x = 1\n');
    // An edit that undoes a file's change leaves that file out.
    const undone = unifiedDiff(reviewedFiles(r.value.changes, (p) => (p === 'src/app.py' ? 'def main():\n    return 1\n' : undefined)));
    expect(undone.match(/^diff --git /gm)).toHaveLength(2);
  });
});
