// The Git panel in the sidebar (docs/git.md): clone from the organisation's
// Git server, then branches, changed files, commit, push, pull, fetch, with
// progress for transfers and a list of every network operation made.
import { useEffect, useState } from 'react';
import type { GitConfig } from '../vocabulary/config';
import type { GitProgress, GitReviewSpec } from '../git/types';
import { splitUserinfo } from '../git/url';
import { GitReviewDialog } from './GitReview';
import type { Workspace } from '../workspace/workspace';
import { useGit } from './hooks/use-git';

export function GitPanel({
  workspace,
  git,
  saveGit,
  saveWorkspace,
}: {
  workspace: Workspace;
  git: GitConfig;
  saveGit: (g: Partial<GitConfig>) => void;
  /** Writes the workspace's pending changes to its durable store (the files a clone brings in are not journaled). */
  saveWorkspace: () => Promise<void>;
}) {
  const { view, actions } = useGit(workspace, git, saveGit, saveWorkspace);
  const [url, setUrl] = useState(view.cloned?.url ?? '');
  // The clone list arrives from the Git file system after the first render: an empty address field shows its clone's.
  const shownUrl = view.cloned?.url;
  useEffect(() => {
    if (shownUrl) setUrl((u) => u || shownUrl);
  }, [shownUrl]);
  // A shallow clone's depth as typed; empty: the whole history.
  const [depth, setDepth] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState('');
  const [newBranch, setNewBranch] = useState('');
  const [reviewKind, setReviewKind] = useState<GitReviewSpec['kind']>('merge-base');
  const [refA, setRefA] = useState('');
  const [refB, setRefB] = useState('');
  const busy = !!view.busy;
  const { current, local, remote } = view.branches;
  return (
    <details className="git-panel" data-testid="git-panel" open={!!view.cloned || undefined}>
      <summary>Git{view.cloned && current ? `: ${view.cloned.folder} on ${current}` : ''}</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          // A token in the address moves to the Token field's store; the address field keeps the rest.
          setUrl(splitUserinfo(url).url);
          void actions.clone(url, depth === undefined ? undefined : Math.max(1, Math.floor(Number(depth)) || 1));
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
          <input
            value={git.user ?? ''}
            onChange={(e) => saveGit({ user: e.target.value })}
            autoComplete="username"
            data-testid="git-user"
          />
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
        {/* One row with the button: the panel must not grow into the file tree's room below it. */}
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
      </form>
      {view.busy && <GitBusy label={view.busy} progress={view.progress} />}
      {view.message && (
        <p className={view.message.ok ? 'ok' : 'error'} role={view.message.ok ? 'status' : 'alert'} data-testid="git-message">
          {view.message.text}
        </p>
      )}
      {view.clones.length > 1 && (
        <div className="git-row">
          <label title="Each clone keeps its own commits and branches; switching leaves the other as it is">
            Repository{' '}
            <select
              value={view.cloned?.dir ?? ''}
              disabled={busy}
              onChange={(e) => void actions.selectRepo(e.target.value)}
              data-testid="git-repo"
            >
              {view.clones.map((c) => (
                <option key={c.dir} value={c.dir}>
                  {c.folder}/
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {view.cloned && current && (
        <>
          <div className="git-row">
            <label>
              Branch{' '}
              <select value={current} disabled={busy} onChange={(e) => void actions.switchBranch(e.target.value)} data-testid="git-branch">
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
                void actions.createBranch(newBranch);
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
            <button type="button" disabled={busy} onClick={() => void actions.refresh()} data-testid="git-refresh">
              Status
            </button>
            <button type="button" disabled={busy} onClick={() => void actions.fetch()} data-testid="git-fetch">
              Fetch
            </button>
            <button type="button" disabled={busy} onClick={() => void actions.pull()} data-testid="git-pull" title="Fast-forward only">
              Pull
            </button>
            <button type="button" disabled={busy} onClick={() => void actions.push()} data-testid="git-push">
              Push
            </button>
          </div>
          <ul className="git-changes" aria-label="Changed files" data-testid="git-changes">
            {view.changes.length === 0 && <li className="note">No changes.</li>}
            {view.changes.map((c) => (
              <li key={c.path} data-state={c.state} data-staged={!!c.staged}>
                <label title={c.staged ? 'Staged: the next "Commit staged" takes it' : 'Stage it for "Commit staged"'}>
                  <input
                    type="checkbox"
                    checked={!!c.staged}
                    disabled={busy}
                    onChange={(e) => void actions.stage(c.path, e.target.checked)}
                    aria-label={`Stage ${c.path}`}
                    data-testid={`git-stage-${c.path}`}
                  />{' '}
                  {c.state[0].toUpperCase()} {c.path}
                </label>
              </li>
            ))}
          </ul>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void actions.commit(message).then(() => setMessage(''));
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
                disabled={busy || !view.changes.some((c) => c.staged)}
                onClick={() => void actions.commitStaged(message).then(() => setMessage(''))}
                data-testid="git-commit-staged"
                title="Commit only the files ticked above"
              >
                Commit staged
              </button>
            </div>
          </form>
          <form
            className="git-review-form"
            aria-label="Review a change"
            onSubmit={(e) => {
              e.preventDefault();
              const spec: GitReviewSpec =
                reviewKind === 'worktree'
                  ? { kind: 'worktree' }
                  : reviewKind === 'merge-base'
                    ? { kind: 'merge-base', branch: refA.trim(), base: refB.trim() }
                    : { kind: 'commits', from: refA.trim(), to: refB.trim() };
              void actions.openReview(spec);
            }}
          >
            <label>
              Review{' '}
              <select
                value={reviewKind}
                onChange={(e) => setReviewKind(e.target.value as GitReviewSpec['kind'])}
                data-testid="git-review-kind"
              >
                <option value="merge-base">a branch against its merge base</option>
                <option value="commits">two commits</option>
                <option value="worktree">the working tree against HEAD</option>
              </select>
            </label>
            {reviewKind !== 'worktree' && (
              <div className="git-row">
                <input
                  value={refA}
                  onChange={(e) => setRefA(e.target.value)}
                  list="git-refs"
                  placeholder={reviewKind === 'merge-base' ? 'branch' : 'from (older)'}
                  aria-label={reviewKind === 'merge-base' ? 'Branch to review' : 'From commit'}
                  data-testid="git-review-a"
                />
                <input
                  value={refB}
                  onChange={(e) => setRefB(e.target.value)}
                  list="git-refs"
                  placeholder={reviewKind === 'merge-base' ? 'against (main)' : 'to (newer)'}
                  aria-label={reviewKind === 'merge-base' ? 'Against branch' : 'To commit'}
                  data-testid="git-review-b"
                />
                <datalist id="git-refs">
                  {[...local, ...remote].map((b) => (
                    <option key={b} value={b} />
                  ))}
                </datalist>
              </div>
            )}
            <button type="submit" disabled={busy} data-testid="git-review-open">
              Review
            </button>
          </form>
        </>
      )}
      {view.review && view.cloned && (
        <GitReviewDialog
          set={view.review}
          folder={view.cloned.folder}
          busy={busy}
          message={view.message}
          initialEdits={view.reviewEdits}
          onEdits={actions.keepReviewEdits}
          onCommit={actions.commitReview}
          onPush={actions.pushBranch}
          onClose={actions.closeReview}
        />
      )}
      {view.activity.length > 0 && (
        <ol className="git-activity" aria-label="Git activity" data-testid="git-activity">
          {view.activity.map((a) => (
            <li key={`${a.at}-${a.op}`} data-ok={a.ok} data-op={a.op} title={a.detail}>
              {new Date(a.at).toLocaleTimeString()} {a.op} {a.server}: {a.ok ? a.detail : 'failed'}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}

function GitBusy({ label, progress }: { label: string; progress?: GitProgress }) {
  return (
    <p role="status" data-testid="git-progress">
      {label}
      {progress ? ` — ${progress.phase} ${progress.loaded}${progress.total ? `/${progress.total}` : ''}` : '…'}
      {progress?.total ? <progress value={progress.loaded} max={progress.total} /> : <progress />}
    </p>
  );
}
