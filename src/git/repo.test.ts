// The Git module against a real server: Debian's git http-backend behind the
// loopback shim the end-to-end tests use, with node:fs and isomorphic-git's
// Node HTTP client in place of lightning-fs and the browser's fetch.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'isomorphic-git/http/node';
import { afterEach, describe, expect, it } from 'vitest';
import { startGitServer, type GitServerHandle } from '../../e2e/fixtures/git-server';
import { GitRepo } from './repo';
import type { GitActivity, GitCredentials, GitProgress } from './types';

const author = { name: 'Tester', email: 'tester@example.test' };
let servers: GitServerHandle[] = [];

afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function setup(opts: Parameters<typeof startGitServer>[0] = {}, creds: GitCredentials = {}) {
  const server = await startGitServer(opts);
  servers.push(server);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'git-clone-'));
  const activity: GitActivity[] = [];
  const progress: GitProgress[] = [];
  const repo = new GitRepo({ fs, http, dir, credentials: () => creds, onActivity: (a) => activity.push(a), onProgress: (p) => progress.push(p) });
  return { server, dir, repo, activity, progress };
}

describe('GitRepo against git http-backend', () => {
  it('clones, and the working tree holds the server\'s files', async () => {
    const { server, repo, activity, progress } = await setup();
    const r = await repo.clone(server.repoUrl);
    expect(r).toEqual({ ok: true, value: 'main' });
    // The transfer reports its phases as it goes: what the panel shows.
    const phases = new Set(progress.map((p) => p.phase));
    expect(phases).toContain('Receiving objects');
    expect(progress.at(-1)?.loaded).toBeGreaterThan(0);
    expect(Object.fromEntries(await repo.readWorkingTree())).toEqual({ 'README.md': '# Demo\n', 'src/app.py': 'def main():\n    return 1\n' });
    expect(activity).toMatchObject([{ op: 'clone', server: server.url, ok: true }]);
  });

  it('fetch sees a colleague\'s commit; pull fast-forwards to it', async () => {
    const { server, repo } = await setup();
    await repo.clone(server.repoUrl);
    server.commitFromElsewhere('Colleague change', { 'README.md': '# Demo v2\n' });
    expect(await repo.fetch()).toEqual({ ok: true, value: 1 });
    expect(await repo.pull()).toMatchObject({ ok: true });
    expect(Object.fromEntries(await repo.readWorkingTree())['README.md']).toBe('# Demo v2\n');
  });

  it('commits and pushes; the server\'s log has the commit', async () => {
    const { server, repo } = await setup();
    await repo.clone(server.repoUrl);
    await repo.writeWorkingTree([['README.md', '# Demo\nedited\n'], ['src/app.py', 'def main():\n    return 1\n'], ['new.txt', 'hi\n']]);
    expect(await repo.status()).toEqual([{ path: 'README.md', state: 'modified' }, { path: 'new.txt', state: 'untracked' }]);
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
    expect(activity.map((a) => [a.op, a.ok])).toEqual([['clone', true], ['push', false], ['pull', false]]);
  });

  it('pull and switching branch refuse to overwrite local changes', async () => {
    const { server, repo } = await setup();
    await repo.clone(server.repoUrl);
    server.commitFromElsewhere('Theirs', { 'README.md': 'theirs\n' });
    await repo.writeWorkingTree([['README.md', 'my unsaved work\n'], ['src/app.py', 'def main():\n    return 1\n']]);
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
    const repo = new GitRepo({ fs, http, dir, credentials: () => ({}), origin: 'http://localhost:4173', onActivity: (a) => activity.push(a) });
    // Port 9 (discard) refuses on loopback: as unreachable as a server without CORS looks to a page.
    const r = await repo.clone('http://127.0.0.1:9/team/repo.git');
    expect(!r.ok && r.error).toMatch(/could not be reached, or it does not allow this page \(http:\/\/localhost:4173\).*CORS.*docs\/git\.md/);
    expect(activity).toMatchObject([{ op: 'clone', server: 'http://127.0.0.1:9', ok: false }]);
  });
});
