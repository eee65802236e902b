// The Git panel in the sidebar (docs/git.md): clone from the organisation's
// Git server, then branches, changed files, commit, push, pull, fetch, with
// progress for transfers and a list of every network operation made.
import type { GitConfig } from '../vocabulary/config';
import type { GitActivity, GitProgress } from '../git/types';
import { GitBranchBar } from './GitBranchBar';
import { GitCloneForm } from './GitCloneForm';
import { GitChangesList, GitCommitForm } from './GitCommitForm';
import { GitReviewDialog } from './GitReview';
import { GitReviewForm } from './GitReviewForm';
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
  const busy = !!view.busy;
  const { current, local, remote } = view.branches;
  return (
    <details className="git-panel" data-testid="git-panel" open={!!view.cloned || undefined}>
      <summary>Git{view.cloned && current ? `: ${view.cloned.folder} on ${current}` : ''}</summary>
      <GitCloneForm git={git} saveGit={saveGit} clonedUrl={view.cloned?.url} busy={busy} onClone={(u, d) => void actions.clone(u, d)} />
      {view.busy && <GitBusy label={view.busy} progress={view.progress} />}
      {view.message && (
        <p className={view.message.ok ? 'ok' : 'error'} role={view.message.ok ? 'status' : 'alert'} data-testid="git-message">
          {view.message.text}
        </p>
      )}
      {view.clones.length > 1 && (
        <GitRepoSelect clones={view.clones} active={view.cloned?.dir} busy={busy} onSelect={(d) => void actions.selectRepo(d)} />
      )}
      {view.cloned && current && (
        <>
          <GitBranchBar
            branches={view.branches}
            busy={busy}
            actions={{
              switchBranch: (b) => void actions.switchBranch(b),
              createBranch: (b) => void actions.createBranch(b),
              refresh: () => void actions.refresh(),
              fetch: () => void actions.fetch(),
              pull: () => void actions.pull(),
              push: () => void actions.push(),
            }}
          />
          <GitChangesList changes={view.changes} busy={busy} onStage={(p, on) => void actions.stage(p, on)} />
          <GitCommitForm
            git={git}
            saveGit={saveGit}
            busy={busy}
            anyStaged={view.changes.some((c) => c.staged)}
            onCommit={actions.commit}
            onCommitStaged={actions.commitStaged}
          />
          <GitReviewForm refs={[...local, ...remote]} busy={busy} onReview={(spec) => void actions.openReview(spec)} />
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
      {view.activity.length > 0 && <GitActivityList activity={view.activity} />}
    </details>
  );
}

/** Shown once there are two clones: the one the panel works on. */
function GitRepoSelect({
  clones,
  active,
  busy,
  onSelect,
}: {
  clones: { folder: string; dir: string }[];
  active: string | undefined;
  busy: boolean;
  onSelect: (dir: string) => void;
}) {
  return (
    <div className="git-row">
      <label title="Each clone keeps its own commits and branches; switching leaves the other as it is">
        Repository{' '}
        <select value={active ?? ''} disabled={busy} onChange={(e) => onSelect(e.target.value)} data-testid="git-repo">
          {clones.map((c) => (
            <option key={c.dir} value={c.dir}>
              {c.folder}/
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** Every network operation, newest first: when, which server, the outcome (the explanation on hover). */
function GitActivityList({ activity }: { activity: GitActivity[] }) {
  return (
    <ol className="git-activity" aria-label="Git activity" data-testid="git-activity">
      {activity.map((a) => (
        <li key={`${a.at}-${a.op}`} data-ok={a.ok} data-op={a.op} title={a.detail}>
          {new Date(a.at).toLocaleTimeString()} {a.op} {a.server}: {a.ok ? a.detail : 'failed'}
        </li>
      ))}
    </ol>
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
