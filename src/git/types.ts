// The Git room's vocabulary, shared by the repository module, its error
// explanations, the activity list and the panel.

/** A network operation: each one is recorded in the activity list. */
export type GitNetworkOp = 'clone' | 'fetch' | 'push' | 'pull';

export interface GitActivity {
  op: GitNetworkOp;
  /** The Git server's origin (never the token). */
  server: string;
  ok: boolean;
  /** What happened, in words: "up to date", "pushed main", or the error's explanation. */
  detail: string;
  at: number;
}

/** One changed file of the working tree. */
export interface GitFileStatus {
  path: string;
  state: 'added' | 'modified' | 'deleted' | 'untracked';
}

export interface GitProgress {
  phase: string;
  loaded: number;
  /** Absent when the server does not say how much is coming. */
  total?: number;
}

/** Who commits: the name and email from Settings. */
export interface GitAuthor {
  name: string;
  email: string;
}

/** The credentials for a server that needs them: sent as Basic auth, never logged. */
export interface GitCredentials {
  /** Some servers want the account name with the token (Gitea); others take any name (GitLab). */
  user?: string;
  token?: string;
}
