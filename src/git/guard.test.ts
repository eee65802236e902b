// The Git guard against real servers: Debian's git http-backend behind the
// loopback shim as git.server, and a loopback recorder as "another origin"
// that must receive nothing, whatever the repository's .git/config says.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startByteRecorder, startRedirector, type ByteRecorder, type Redirector } from '../../testing/servers/byte-recorder';
import { startGitServer, type GitServerHandle } from '../../testing/servers/git-server';
import { gitUrlProblem, guardedHttp } from './guarded-http';
import { GitRepo } from './repo';
import type { GitActivity, GitCredentials } from './types';
import { splitUserinfo, withoutUserinfo } from './url';

const author = { name: 'Tester', email: 'tester@example.test' };
const TOKEN = 'tok-8c1f2e7d9a';
const auth = { user: 'alice', password: TOKEN };
let closers: { close(): Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(closers.map((c) => c.close()));
  closers = [];
});

async function other(): Promise<ByteRecorder> {
  const r = await startByteRecorder();
  closers.push(r);
  return r;
}

async function setup(opts: { serverAuth?: boolean; creds?: GitCredentials; configured?: (s: GitServerHandle) => string } = {}) {
  const server = await startGitServer(opts.serverAuth === false ? {} : { auth });
  closers.push(server);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'git-guard-'));
  const activity: GitActivity[] = [];
  const statuses: number[] = [];
  const creds = opts.creds ?? { user: 'alice', token: TOKEN };
  const repo = new GitRepo({
    fs,
    dir,
    server: () => (opts.configured ? opts.configured(server) : server.url),
    credentials: () => creds,
    onActivity: (a) => activity.push(a),
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      statuses.push(res.status);
      return res;
    },
  });
  return { server, dir, repo, activity, statuses };
}

const setRemote = (dir: string, key: string, value: string) =>
  execFileSync('git', ['config', '-f', path.join(dir, '.git', 'config'), key, value]);

describe('every Git network operation goes to git.server only', () => {
  it('a .git/config naming another origin: fetch, pull, push and a review push send it nothing, the token least of all', async () => {
    const elsewhere = await other();
    const { server, dir, repo, activity } = await setup();
    expect((await repo.clone(server.repoUrl)).ok).toBe(true);
    await repo.writeWorkingTree([...(await repo.readWorkingTree()), ['mine.txt', 'mine\n']]);
    expect((await repo.commitAll('Mine', author)).ok).toBe(true);
    setRemote(dir, 'remote.origin.url', `${elsewhere.url}/repo.git`);
    for (const r of [await repo.fetch(), await repo.pull(), await repo.push(), await repo.pushBranch('main')]) {
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error).toMatch(new RegExp(`goes only to the configured Git server, ${server.url}.*Nothing was sent`));
    }
    expect(elsewhere.connections()).toBe(0);
    expect(activity.map((a) => a.op)).toEqual(['clone']);
  });

  it('a corsProxy or pushurl in .git/config is refused by the HTTP client itself', async () => {
    const elsewhere = await other();
    const { server, dir, repo } = await setup();
    expect((await repo.clone(server.repoUrl)).ok).toBe(true);
    setRemote(dir, 'remote.origin.pushurl', `${elsewhere.url}/repo.git`);
    await repo.writeWorkingTree([...(await repo.readWorkingTree()), ['mine.txt', 'mine\n']]);
    expect((await repo.commitAll('Mine', author)).ok).toBe(true);
    const p = await repo.push();
    expect(!p.ok && p.error).toMatch(/goes only to the configured Git server.*Nothing was sent/);
    setRemote(dir, 'http.corsProxy', elsewhere.url);
    const f = await repo.fetch();
    expect(!f.ok && f.error).toMatch(/goes only to the configured Git server.*Nothing was sent/);
    expect(elsewhere.connections()).toBe(0);
  });

  it("a workspace file .git/config is never written into the clone's Git data", async () => {
    const elsewhere = await other();
    const { server, dir, repo } = await setup();
    expect((await repo.clone(server.repoUrl)).ok).toBe(true);
    const before = fs.readFileSync(path.join(dir, '.git', 'config'), 'utf8');
    const evil = `[remote "origin"]\n\turl = ${elsewhere.url}/repo.git\n`;
    await repo.writeWorkingTree([...(await repo.readWorkingTree()), ['.git/config', evil], ['sub/.GIT/HEAD', 'x']]);
    expect(fs.readFileSync(path.join(dir, '.git', 'config'), 'utf8')).toBe(before);
    expect(fs.existsSync(path.join(dir, 'sub'))).toBe(false);
    expect((await repo.fetch()).ok).toBe(true);
    expect(elsewhere.connections()).toBe(0);
  });

  it('a redirect to another origin is not followed: nothing reaches it, neither body nor token', async () => {
    const elsewhere = await other();
    const redirector: Redirector = await startRedirector(elsewhere.url, 307);
    closers.push(redirector);
    const { repo, activity } = await setup({ configured: () => redirector.url });
    const r = await repo.clone(`${redirector.url}/repo.git`);
    expect(!r.ok && r.error).toMatch(new RegExp(`redirected to another address.*this address is on ${elsewhere.url}.*Nothing was sent`));
    expect(elsewhere.connections()).toBe(0);
    expect(activity).toMatchObject([{ op: 'clone', ok: false }]);
  });

  it('a user name and token in the address are refused before any request and never recorded', async () => {
    const { server, repo, activity } = await setup();
    const withToken = server.repoUrl.replace('http://', `http://alice:${TOKEN}@`);
    const r = await repo.clone(withToken);
    expect(!r.ok && r.error).toMatch(/holds a user name or token: nothing was sent/);
    expect(JSON.stringify([r, activity])).not.toContain(TOKEN);
  });

  it('a changed git.server applies at once: the clone made before cannot reach its old server', async () => {
    let configured = '';
    const { server, repo } = await setup({ configured: (s) => configured || s.url });
    expect((await repo.clone(server.repoUrl)).ok).toBe(true);
    configured = 'https://git.corp.example';
    const f = await repo.fetch();
    expect(!f.ok && f.error).toMatch(/goes only to the configured Git server, https:\/\/git\.corp\.example/);
    configured = '';
    const none = new GitRepo({ fs, dir: fs.mkdtempSync(path.join(os.tmpdir(), 'git-guard-')), server: () => '', credentials: () => ({}) });
    const c = await none.clone(server.repoUrl);
    expect(!c.ok && c.error).toMatch(/No Git server is configured/);
  });

  it('once the server asked for credentials, later requests carry them from the start', async () => {
    const { server, repo, statuses } = await setup();
    expect((await repo.clone(server.repoUrl)).ok).toBe(true);
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    server.commitFromElsewhere('Theirs', { 'x.txt': 'x\n' });
    expect((await repo.fetch()).ok).toBe(true);
    expect((await repo.pull()).ok).toBe(true);
    await repo.writeWorkingTree([...(await repo.readWorkingTree()), ['y.txt', 'y\n']]);
    await repo.commitAll('Y', author);
    expect((await repo.push()).ok).toBe(true);
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    expect(statuses.length).toBeGreaterThan(6);
  });

  it('fetch reports branches new on the server and branches deleted there', async () => {
    const { server, repo } = await setup({ serverAuth: false });
    server.branchFromElsewhere('old');
    expect((await repo.clone(server.repoUrl)).ok).toBe(true);
    server.branchFromElsewhere('colleague/new');
    execFileSync('git', ['branch', '-D', 'old'], { cwd: server.bareDir });
    // A local commit makes the branch ahead, not behind.
    await repo.writeWorkingTree([...(await repo.readWorkingTree()), ['ahead.txt', 'a\n']]);
    expect((await repo.commitAll('Ahead', author)).ok).toBe(true);
    expect(await repo.fetch()).toEqual({ ok: true, value: { behind: 0, newBranches: ['colleague/new'], deletedBranches: ['old'] } });
    expect((await repo.branches()).remote).toEqual(['colleague/new']);
  });
});

describe('addresses with userinfo', () => {
  it('are split into the address and the credentials; any text loses them', () => {
    expect(splitUserinfo(`https://alice:${TOKEN}@git.corp.example/team/p.git`)).toEqual({
      url: 'https://git.corp.example/team/p.git',
      user: 'alice',
      token: TOKEN,
    });
    expect(splitUserinfo('https://git.corp.example/p.git')).toEqual({ url: 'https://git.corp.example/p.git' });
    expect(withoutUserinfo(`cloned http://a:${TOKEN}@h:8/x.git and https://${TOKEN}@h/y`)).toBe('cloned http://h:8/x.git and https://h/y');
    expect(gitUrlProblem('https://git.corp.example/p.git', 'https://git.corp.example/')).toBeUndefined();
    expect(gitUrlProblem('https://git.corp.example:444/p.git', 'https://git.corp.example')).toMatch(
      /is on https:\/\/git\.corp\.example:444/,
    );
  });
});

describe("the page's Content-Security-Policy", () => {
  it('a refusal by the page’s policy is named as such, with git.server and the rebuild, not as CORS', async () => {
    // A browser's refusal: a bare "Failed to fetch" and a securitypolicyviolation event on the global scope.
    const scope = globalThis as unknown as { addEventListener?: unknown; removeEventListener?: unknown };
    const events = new EventTarget();
    scope.addEventListener = events.addEventListener.bind(events);
    scope.removeEventListener = events.removeEventListener.bind(events);
    try {
      const url = 'https://git.corp.example/team/app.git/info/refs?service=git-upload-pack';
      const http = guardedHttp({
        server: () => 'https://git.corp.example/',
        credentials: () => ({}),
        fetch: (async () => {
          setTimeout(() =>
            events.dispatchEvent(
              Object.assign(new Event('securitypolicyviolation'), {
                blockedURI: url,
                disposition: 'enforce',
                effectiveDirective: 'connect-src',
              }),
            ),
          );
          throw new TypeError('Failed to fetch');
        }) as typeof fetch,
      });
      const e = await http.request({ url, method: 'GET', headers: {} }).then(
        () => undefined,
        (err: unknown) => err as Error,
      );
      expect(e?.message).toContain('Content-Security-Policy (connect-src) does not allow https://git.corp.example: the browser refused');
      expect(e?.message).toMatch(/set git\.server in public\/config\.json and rebuild/);
      expect(e?.message).not.toMatch(/CORS\)\. Check/);
    } finally {
      delete scope.addEventListener;
      delete scope.removeEventListener;
    }
  });
});
