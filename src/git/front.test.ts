// The documented Git front, end to end: deploy/git/git-http-backend.conf run
// by Debian's nginx, FastCGI through fcgiwrap to Debian's git http-backend
// (testing/servers/git-front.ts), and the Git module on the other side:
// auth, clone, a push over 2 MB, fetch, pull, CORS for a list of origins,
// and a body limit too small explained with its fix.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GIT_SITE_CONF, startGitFront, type GitFrontHandle, type GitFrontOptions } from '../../testing/servers/git-front';
import { GitRepo } from './repo';
import type { GitCredentials } from './types';

const IDE = 'https://ide.corp.example';
const STAGING = 'https://ide-staging.corp.example';
const author = { name: 'Tester', email: 'tester@example.test' };
const TOKEN = 'front-token-31c9';
let fronts: GitFrontHandle[] = [];

afterEach(async () => {
  await Promise.all(fronts.map((f) => f.close()));
  fronts = [];
});

async function front(more: Partial<GitFrontOptions> = {}) {
  const f = await startGitFront({ origins: [IDE, STAGING], users: { alice: TOKEN }, ...more });
  fronts.push(f);
  return f;
}

function repoFor(f: GitFrontHandle, creds: GitCredentials) {
  return new GitRepo({
    fs,
    dir: fs.mkdtempSync(path.join(os.tmpdir(), 'git-front-clone-')),
    server: () => f.url,
    credentials: () => creds,
  });
}

/** Text that does not compress: a push of it is as large as the file. */
const incompressible = (bytes: number) => crypto.randomBytes(Math.ceil((bytes * 3) / 4)).toString('base64');

describe('the documented nginx front for git http-backend', () => {
  it('auth, clone, a push over 2 MB, fetch and pull work through it', async () => {
    const f = await front();
    const none = await repoFor(f, {}).clone(f.repoUrl);
    expect(!none.ok && none.error).toMatch(/asked for credentials: enter a token/);
    const wrong = await repoFor(f, { user: 'alice', token: 'not-it' }).clone(f.repoUrl);
    expect(!wrong.ok && wrong.error).toMatch(/refused the credentials \(HTTP 401\)/);

    const repo = repoFor(f, { user: 'alice', token: TOKEN });
    expect(await repo.clone(f.repoUrl)).toEqual({ ok: true, value: 'main' });
    const big = incompressible(2_500_000);
    await repo.writeWorkingTree([...(await repo.readWorkingTree()), ['big.txt', big]]);
    expect((await repo.commitAll('A large file', author)).ok).toBe(true);
    expect(await repo.push()).toEqual({ ok: true, value: 'main' });
    expect(f.log()[0]).toBe('A large file');
    expect(f.show('big.txt')).toBe(big);

    f.commitFromElsewhere('Colleague edit', { 'README.md': '# Demo v2\n' });
    expect(await repo.fetch()).toMatchObject({ ok: true, value: { behind: 1 } });
    expect(await repo.pull()).toMatchObject({ ok: true });
    expect(Object.fromEntries(await repo.readWorkingTree())['README.md']).toBe('# Demo v2\n');
  });

  it('CORS answers each listed IDE origin and no other, preflight and 401 included', async () => {
    const f = await front();
    const refs = `${f.repoUrl}/info/refs?service=git-upload-pack`;
    for (const origin of [IDE, STAGING]) {
      const pre = await fetch(refs, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
      });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
      expect(pre.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
      const asked = await fetch(refs, { headers: { Origin: origin } });
      expect(asked.status).toBe(401);
      expect(asked.headers.get('access-control-allow-origin')).toBe(origin);
      expect(asked.headers.get('access-control-expose-headers')).toMatch(/WWW-Authenticate/);
    }
    const other = await fetch(refs, {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const authed = await fetch(refs, { headers: { Origin: IDE, Authorization: `Basic ${btoa(`alice:${TOKEN}`)}` } });
    expect(authed.status).toBe(200);
    expect(authed.headers.get('access-control-allow-origin')).toBe(IDE);
    expect(authed.headers.get('content-type')).toBe('application/x-git-upload-pack-advertisement');
  });

  it("a front left at nginx's 1 MB body limit refuses a large push: the panel says what to change", async () => {
    const f = await front({ bodyLimit: '1m' });
    const repo = repoFor(f, { user: 'alice', token: TOKEN });
    expect((await repo.clone(f.repoUrl)).ok).toBe(true);
    await repo.writeWorkingTree([...(await repo.readWorkingTree()), ['big.txt', incompressible(1_600_000)]]);
    expect((await repo.commitAll('Too large for the default', author)).ok).toBe(true);
    const r = await repo.push();
    expect(!r.ok && r.error).toMatch(/too large \(HTTP 413\).*client_max_body_size/);
    expect(f.log()[0]).toBe('First commit');
  });

  it('docs/git.md shows the shipped site as it is', () => {
    const docs = fs.readFileSync('docs/git.md', 'utf8');
    expect(docs).toContain(fs.readFileSync(GIT_SITE_CONF, 'utf8'));
  });
});
