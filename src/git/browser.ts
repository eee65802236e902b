// The repository module wired for the browser: lightning-fs (IndexedDB) for
// the clone, the browser's fetch for the wire.
import LightningFS from '@isomorphic-git/lightning-fs';
import { Buffer } from 'buffer';
import http from 'isomorphic-git/http/web';
import { GitRepo, type GitRepoOptions } from './repo';

// isomorphic-git uses Node's Buffer as a global; the browser has none.
globalThis.Buffer ??= Buffer;

/** The clone's folder in the browser's Git file system. */
const GIT_DIR = '/repo';

let fs: LightningFS | undefined;

export function browserRepo(o: Pick<GitRepoOptions, 'credentials' | 'onActivity' | 'onProgress'>): GitRepo {
  fs ??= new LightningFS('router-ide-git');
  return new GitRepo({ ...o, fs, http, dir: GIT_DIR, origin: location.origin });
}

/** Starts over: the clone is wiped (a new repository, or one left half-cloned). */
export async function wipeBrowserRepo(): Promise<void> {
  fs = new LightningFS('router-ide-git', { wipe: true });
  await fs.promises.mkdir(GIT_DIR).catch(() => {});
}
