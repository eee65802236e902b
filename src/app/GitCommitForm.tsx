// The Git panel's changed files (each ticked to stage it) and the commit
// form: the author, the message, Commit all or Commit staged.
import { useState } from 'react';
import type { GitConfig } from '../vocabulary/config';
import type { GitFileStatus } from '../git/types';

export function GitChangesList({
  changes,
  busy,
  onStage,
}: {
  changes: GitFileStatus[];
  busy: boolean;
  onStage: (path: string, on: boolean) => void;
}) {
  return (
    <ul className="git-changes" aria-label="Changed files" data-testid="git-changes">
      {changes.length === 0 && <li className="note">No changes.</li>}
      {changes.map((c) => (
        <li key={c.path} data-state={c.state} data-staged={!!c.staged}>
          <label title={c.staged ? 'Staged: the next "Commit staged" takes it' : 'Stage it for "Commit staged"'}>
            <input
              type="checkbox"
              checked={!!c.staged}
              disabled={busy}
              onChange={(e) => onStage(c.path, e.target.checked)}
              aria-label={`Stage ${c.path}`}
              data-testid={`git-stage-${c.path}`}
            />{' '}
            {c.state[0].toUpperCase()} {c.path}
          </label>
        </li>
      ))}
    </ul>
  );
}

export function GitCommitForm({
  git,
  saveGit,
  busy,
  anyStaged,
  onCommit,
  onCommitStaged,
}: {
  git: GitConfig;
  saveGit: (g: Partial<GitConfig>) => void;
  busy: boolean;
  anyStaged: boolean;
  onCommit: (message: string) => Promise<void>;
  onCommitStaged: (message: string) => Promise<void>;
}) {
  const [message, setMessage] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void onCommit(message).then(() => setMessage(''));
      }}
    >
      <label>
        Author{' '}
        <input
          value={git.authorName ?? ''}
          onChange={(e) => saveGit({ authorName: e.target.value })}
          placeholder="Name"
          data-testid="git-author-name"
        />
      </label>
      <input
        value={git.authorEmail ?? ''}
        onChange={(e) => saveGit({ authorEmail: e.target.value })}
        placeholder="email@example.com"
        aria-label="Author email"
        data-testid="git-author-email"
      />
      <textarea
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        placeholder="Commit message"
        aria-label="Commit message"
        data-testid="git-commit-message"
      />
      <div className="git-row">
        <button type="submit" disabled={busy} data-testid="git-commit" title="Stage every change in the folder and commit">
          Commit all
        </button>
        <button
          type="button"
          disabled={busy || !anyStaged}
          onClick={() => void onCommitStaged(message).then(() => setMessage(''))}
          data-testid="git-commit-staged"
          title="Commit only the files ticked above"
        >
          Commit staged
        </button>
      </div>
    </form>
  );
}
