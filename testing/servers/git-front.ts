// The Git server front docs/git.md documents, run as shipped: Debian's nginx
// with deploy/git/git-http-backend.conf, FastCGI to Debian's git
// http-backend through fcgiwrap, on a loopback port with a throwaway prefix.
// Only what must differ on a test machine is replaced: the address (no TLS),
// the paths, and the IDE origins in the CORS map; every header, limit and
// location is the shipped one.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gitServerHandle, makeBareRepo, type GitServerHandle } from './git-server';
import { freePort, writeNginxConf } from './nginx';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const FCGIWRAP = process.env.FCGIWRAP_PATH ?? '/usr/sbin/fcgiwrap';
export const GIT_SITE_CONF = 'deploy/git/git-http-backend.conf';

export interface GitFrontOptions {
  /** The IDE origins the CORS map lets in (in place of the shipped examples). */
  origins: string[];
  /** Users and their passwords (tokens) for Basic auth. */
  users: Record<string, string>;
  /** In place of the shipped client_max_body_size: a front that keeps nginx's small default, to see the 413 explained. */
  bodyLimit?: string;
  files?: Record<string, string>;
}

export type GitFrontHandle = GitServerHandle;

function replaceOnce(text: string, from: RegExp | string, to: string): string {
  const found = typeof from === 'string' ? text.includes(from) : from.test(text);
  const out = text.replace(from, to);
  if (!found) throw new Error(`${GIT_SITE_CONF} no longer has ${String(from)}: update testing/servers/git-front.ts with it`);
  return out;
}

/** The shipped site with only its address, paths and IDE origins changed. */
export function gitSiteFor(
  shipped: string,
  o: { port: number; root: string; htpasswd: string; socket: string; origins: string[]; bodyLimit?: string },
): string {
  let site = replaceOnce(shipped, /^(\s*)listen 443 ssl;$/m, `$1listen 127.0.0.1:${o.port};`);
  site = replaceOnce(site, /^\s*ssl_certificate .*\n\s*ssl_certificate_key .*\n/m, '');
  site = replaceOnce(site, 'unix:/run/fcgiwrap.socket', `unix:${o.socket}`);
  site = replaceOnce(site, 'GIT_PROJECT_ROOT /srv/git;', `GIT_PROJECT_ROOT ${o.root};`);
  site = replaceOnce(site, 'auth_basic_user_file /etc/nginx/git.htpasswd;', `auth_basic_user_file ${o.htpasswd};`);
  site = replaceOnce(
    site,
    /(map \$http_origin \$git_ide_origin \{\n\s*default "";\n)(\s*"[^"]+" \$http_origin;\n)+/,
    `$1${o.origins.map((x) => `    "${x}" $http_origin;\n`).join('')}`,
  );
  if (o.bodyLimit) site = replaceOnce(site, /client_max_body_size \S+;/, `client_max_body_size ${o.bodyLimit};`);
  return site;
}

async function waitFor(what: string, ready: () => Promise<boolean> | boolean, proc: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${what} exited (${proc.exitCode}): ${log()}`);
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start: ${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startGitFront(o: GitFrontOptions): Promise<GitFrontHandle> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'git-front-'));
  fs.chmodSync(prefix, 0o777);
  const root = path.join(prefix, 'srv');
  fs.mkdirSync(root);
  const bareDir = makeBareRepo(root, o.files ?? { 'README.md': '# Demo\n', 'src/app.py': 'def main():\n    return 1\n' });
  // As docs/git.md sets a repository up (git init --bare, nothing more): pushes are allowed because nginx names the user.
  execFileSync('git', ['config', '--unset', 'http.receivepack'], { cwd: bareDir });
  const htpasswd = path.join(prefix, 'git.htpasswd');
  fs.writeFileSync(
    htpasswd,
    Object.entries(o.users)
      .map(([u, p]) => `${u}:{PLAIN}${p}\n`)
      .join(''),
  );
  const socket = path.join(prefix, 'fcgiwrap.sock');
  const port = await freePort();

  // fcgiwrap runs git as this user (the repositories' owner); nginx's worker only needs the socket.
  const fcgi = spawn(FCGIWRAP, ['-s', `unix:${socket}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let fcgiErr = '';
  fcgi.stderr!.on('data', (c: Buffer) => (fcgiErr += c.toString()));
  await waitFor(
    'fcgiwrap',
    () => fs.existsSync(socket),
    fcgi,
    () => fcgiErr,
  );
  fs.chmodSync(socket, 0o777);

  fs.writeFileSync(
    path.join(prefix, 'site.conf'),
    gitSiteFor(fs.readFileSync(GIT_SITE_CONF, 'utf8'), { port, root, htpasswd, socket, origins: o.origins, bodyLimit: o.bodyLimit }),
  );
  // The site includes Debian's fastcgi_params by a path relative to nginx's configuration folder, here the prefix.
  fs.copyFileSync('/etc/nginx/fastcgi_params', path.join(prefix, 'fastcgi_params'));
  writeNginxConf(prefix);
  const asRoot = process.getuid?.() === 0;
  const nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', path.join(prefix, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(asRoot && { uid: 65534, gid: 65534 }),
  });
  let nginxErr = '';
  nginx.stderr!.on('data', (c: Buffer) => (nginxErr += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const errorLog = () =>
    nginxErr + (fs.existsSync(path.join(prefix, 'error.log')) ? fs.readFileSync(path.join(prefix, 'error.log'), 'utf8') : '');
  try {
    await waitFor(
      'nginx',
      () =>
        fetch(`${url}/`).then(
          (r) => r.status === 404,
          () => false,
        ),
      nginx,
      errorLog,
    );
  } catch (e) {
    fcgi.kill();
    nginx.kill();
    throw e;
  }
  const stop = async (p: ChildProcess, signal: NodeJS.Signals) => {
    if (p.exitCode !== null || p.signalCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill(signal);
    await exited;
  };
  return gitServerHandle({ url, root, bareDir, tempDir: prefix }, async () => {
    await stop(nginx, 'SIGQUIT');
    await stop(fcgi, 'SIGTERM');
  });
}
