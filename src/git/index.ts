// Git's entry point: a repository (isomorphic-git) and its browser storage
// (lightning-fs, the guarded HTTP client).
export { GitRepo } from './repo';
export { browserRepo, flushGitFs, newRepoDir } from './browser';
export type { GitCredentials } from './types';
