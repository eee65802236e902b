// The Git panel's branch bar: the branch selector (the server's branches as
// origin/<name>), a new branch, and the operations on the current branch.
import { useState } from 'react';

export interface GitBranchActions {
  switchBranch: (name: string) => void;
  createBranch: (name: string) => void;
  refresh: () => void;
  fetch: () => void;
  pull: () => void;
  push: () => void;
}

export function GitBranchBar({
  branches: { current, local, remote },
  busy,
  actions,
}: {
  branches: { current: string; local: string[]; remote: string[] };
  busy: boolean;
  actions: GitBranchActions;
}) {
  const [newBranch, setNewBranch] = useState('');
  return (
    <>
      <div className="git-row">
        <label>
          Branch{' '}
          <select value={current} disabled={busy} onChange={(e) => actions.switchBranch(e.target.value)} data-testid="git-branch">
            {local.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
            {remote.map((b) => (
              <option key={`origin/${b}`} value={b}>
                origin/{b}
              </option>
            ))}
          </select>
        </label>
      </div>
      <form
        className="git-row"
        onSubmit={(e) => {
          e.preventDefault();
          if (newBranch.trim()) {
            actions.createBranch(newBranch);
            setNewBranch('');
          }
        }}
      >
        <input
          value={newBranch}
          onChange={(e) => setNewBranch(e.target.value)}
          placeholder="new-branch"
          aria-label="New branch name"
          data-testid="git-new-branch"
        />
        <button type="submit" disabled={busy} data-testid="git-create-branch">
          Create branch
        </button>
      </form>
      <div className="git-row">
        <button type="button" disabled={busy} onClick={() => actions.refresh()} data-testid="git-refresh">
          Status
        </button>
        <button type="button" disabled={busy} onClick={() => actions.fetch()} data-testid="git-fetch">
          Fetch
        </button>
        <button type="button" disabled={busy} onClick={() => actions.pull()} data-testid="git-pull" title="Fast-forward only">
          Pull
        </button>
        <button type="button" disabled={busy} onClick={() => actions.push()} data-testid="git-push">
          Push
        </button>
      </div>
    </>
  );
}
