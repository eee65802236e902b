// The Git panel's clone form: the repository's address, the credentials,
// how much history to bring, and Clone.
import { useEffect, useState } from 'react';
import type { GitConfig } from '../vocabulary/config';
import { splitUserinfo } from '../git/url';
import { cloneDepth } from './clone-depth';

export function GitCloneForm({
  git,
  saveGit,
  clonedUrl,
  busy,
  onClone,
}: {
  git: GitConfig;
  saveGit: (g: Partial<GitConfig>) => void;
  /** The address of the clone the panel works on: shown while the field is empty. */
  clonedUrl: string | undefined;
  busy: boolean;
  onClone: (url: string, depth?: number) => void;
}) {
  const [url, setUrl] = useState(clonedUrl ?? '');
  // The clone list arrives from the Git file system after the first render: an empty address field shows its clone's.
  useEffect(() => {
    if (clonedUrl) setUrl((u) => u || clonedUrl);
  }, [clonedUrl]);
  // A shallow clone's depth as typed; empty: the whole history.
  const [depth, setDepth] = useState<string | undefined>(undefined);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        // A token in the address moves to the Token field's store; the address field keeps the rest.
        setUrl(splitUserinfo(url).url);
        onClone(url, cloneDepth(depth));
      }}
    >
      <label>
        Repository{' '}
        <input
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder={`${git.server ?? 'https://git.example.com'}/team/project.git`}
          data-testid="git-url"
        />
      </label>
      <label>
        User{' '}
        <input value={git.user ?? ''} onChange={(e) => saveGit({ user: e.target.value })} autoComplete="username" data-testid="git-user" />
      </label>
      <label>
        Token{' '}
        <input
          type="password"
          value={git.token ?? ''}
          onChange={(e) => saveGit({ token: e.target.value })}
          autoComplete="off"
          data-testid="git-token"
        />
      </label>
      <CloneHistoryRow depth={depth} setDepth={setDepth} busy={busy} />
    </form>
  );
}

/** How much history to clone (the whole, or the last commits: how many), beside the Clone button. */
function CloneHistoryRow({
  depth,
  setDepth,
  busy,
}: {
  /** As typed; undefined: the whole history. */
  depth: string | undefined;
  setDepth: (d: string | undefined) => void;
  busy: boolean;
}) {
  // One row with the button: the panel must not grow into the file tree's room below it.
  return (
    <div
      className="git-row"
      title="A shallow clone takes only the last commits of the default branch: much faster for a long history; fetch, pull and push work, on that one branch"
    >
      <select
        aria-label="History"
        value={depth === undefined ? 'full' : 'shallow'}
        onChange={(e) => setDepth(e.target.value === 'full' ? undefined : '1')}
        data-testid="git-history"
      >
        <option value="full">full history</option>
        <option value="shallow">last commits:</option>
      </select>
      {depth !== undefined && (
        <input
          type="number"
          min={1}
          aria-label="Commits"
          value={depth}
          onChange={(e) => setDepth(e.target.value)}
          data-testid="git-depth"
        />
      )}
      <button type="submit" disabled={busy} data-testid="git-clone">
        Clone
      </button>
    </div>
  );
}
