// Review of a Git change (docs/git.md): the changed files, each in Monaco's
// diff editor as the compare dialog and the paste-a-diff review show them,
// the end side editable with the editor's completions (same provider, so
// routing, badge and ledger apply). The result is a commit on a new review
// branch, pushed, or a unified diff to download. Edits live in the dialog's
// own models: the workspace and the clone's working tree are not touched.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { monaco } from '../editor/monaco';
import { startInlineCompletionsNow } from '../completion/browser/inline-completions';
import { changeLabel, renameNote } from '../git/change-label';
import { reviewedFiles, unifiedDiff } from '../git/patch';
import type { GitChange, GitReviewSet } from '../git/types';
import { exposeForTests } from '../platform/test-seams';
import { ModalOverlay } from './Dialog';
import { monacoLanguageOf } from './files';

interface Props {
  set: GitReviewSet;
  /** The workspace folder of the clone: the models' paths, so completions see the file's real name. */
  folder: string;
  busy: boolean;
  message?: { ok: boolean; text: string };
  onCommit: (branch: string, files: { path: string; text: string | null }[], message: string) => Promise<void>;
  onPush: (branch: string) => Promise<void>;
  onClose: () => void;
  /** Edits kept from before a reload, by path. */
  initialEdits?: Record<string, string>;
  /** Called as the edits change (debounced), so a reload keeps them. */
  onEdits: (edits: Record<string, string>) => void;
}

/** The end side of each file as a model, made when the file is first shown and kept (with its edits) until the dialog closes. */
function useReviewModels(
  set: GitReviewSet,
  folder: string,
  initialEdits: Record<string, string> | undefined,
  onEdits: (edits: Record<string, string>) => void,
) {
  const models = useMemo(() => new Map<string, monaco.editor.ITextModel>(), [set]);
  const live = useRef<Map<string, monaco.editor.ITextModel> | null>(null);
  useEffect(() => {
    live.current = models;
    return () => {
      live.current = null;
      // After this commit's other cleanups: React unmounts the dialog before the diff view in it, and a
      // diff editor whose model is disposed under it throws. Strict mode's remount keeps them.
      queueMicrotask(() => {
        if (live.current === models) return;
        for (const m of models.values()) m.dispose();
        models.clear();
      });
    };
  }, [models]);
  // React's strict mode unmounts once at the start: a model disposed then is made again.
  const modelOf = useCallback(
    (c: GitChange) => {
      let m = models.get(c.path);
      if (!m || m.isDisposed()) {
        m = monaco.editor.createModel(
          initialEdits?.[c.path] ?? c.after,
          monacoLanguageOf(c.path),
          monaco.Uri.from({ scheme: 'git-review', path: `/${folder}/${c.path}` }),
        );
        models.set(c.path, m);
        m.onDidChangeContent(() => {
          clearTimeout(keepTimer.current);
          keepTimer.current = setTimeout(() => onEditsRef.current(allEdits()), 300);
        });
      }
      return m;
    },
    [models, folder],
  );
  const edited = (path: string) => {
    const m = models.get(path);
    return m && !m.isDisposed() ? m.getValue() : initialEdits?.[path];
  };
  const onEditsRef = useRef(onEdits);
  onEditsRef.current = onEdits;
  const keepTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** Every file whose end side differs from the reviewed one, with its text: what a reload brings back. */
  const allEdits = () => {
    const out: Record<string, string> = {};
    for (const c of set.changes) {
      const text = edited(c.path);
      if (text !== undefined && text !== c.after) out[c.path] = text;
    }
    return out;
  };
  return { modelOf, edited };
}

export function GitReviewDialog({ set, folder, busy, message, initialEdits, onEdits, onCommit, onPush, onClose }: Props) {
  const { modelOf, edited } = useReviewModels(set, folder, initialEdits, onEdits);
  const [shown, setShown] = useState<string | undefined>(set.changes.find((c) => !c.binary)?.path);
  const change = set.changes.find((c) => c.path === shown);

  const files = () => reviewedFiles(set.changes, edited);
  const exportDiff = () => {
    const blob = new Blob([unifiedDiff(files())], { type: 'text/x-diff' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${folder}-review.diff`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 0);
  };
  const commit = (branch: string, commitMessage: string) =>
    onCommit(
      branch,
      files().flatMap((f) => [
        // A rename takes the old path away. A binary file has no text here: the commit leaves it as the reviewed end has it.
        ...(f.from && !f.binary ? [{ path: f.from, text: null }] : []),
        ...(f.binary ? [] : [{ path: f.path, text: f.after }]),
      ]),
      commitMessage,
    );

  return (
    <ModalOverlay
      label={`Review ${set.title}`}
      testId="git-review"
      heading={`Review: ${set.title}`}
      closeTitle="Close (Escape): edits not committed or exported are dropped"
      bodyClass="git-review"
      onClose={onClose}
    >
      <div className="git-review-body">
        <ReviewFileList changes={set.changes} shown={shown} onShow={setShown} />
        {change && <ReviewDiff key={change.path} change={change} modelOf={modelOf} />}
      </div>
      <ReviewResult
        busy={busy}
        message={message}
        hasChanges={!!set.changes.length}
        onCommit={commit}
        onPush={onPush}
        onExport={exportDiff}
      />
      {message && (
        <p className={message.ok ? 'ok' : 'error'} role={message.ok ? 'status' : 'alert'} data-testid="git-review-status">
          {message.text}
        </p>
      )}
    </ModalOverlay>
  );
}

/** The changed files, each a button that shows it in the diff view (a file that is not text is listed only). */
function ReviewFileList({ changes, shown, onShow }: { changes: GitChange[]; shown: string | undefined; onShow: (path: string) => void }) {
  return (
    <ul className="git-review-files" aria-label="Changed files" data-testid="git-review-files">
      {changes.length === 0 && <li className="note">No file differs.</li>}
      {changes.map((c) => (
        <li key={c.path} data-state={c.state}>
          <button
            type="button"
            className="link"
            disabled={c.binary}
            aria-pressed={c.path === shown}
            onClick={() => onShow(c.path)}
            data-testid={`git-review-file-${c.path}`}
            title={c.binary ? 'Not text: listed, not shown' : undefined}
          >
            {changeLabel(c)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** What becomes of the review: a commit on a new branch, pushed (and pushed again when only the push failed), or a diff file. */
function ReviewResult({
  busy,
  message,
  hasChanges,
  onCommit,
  onPush,
  onExport,
}: {
  busy: boolean;
  message?: { ok: boolean; text: string };
  hasChanges: boolean;
  onCommit: (branch: string, message: string) => Promise<void>;
  onPush: (branch: string) => Promise<void>;
  onExport: () => void;
}) {
  const [branch, setBranch] = useState('');
  const [commitMessage, setCommitMessage] = useState('');
  const [committed, setCommitted] = useState<string | null>(null);
  const commit = async () => {
    await onCommit(branch, commitMessage);
    setCommitted(branch.trim());
  };
  const pushFailed = !!committed && message && !message.ok && /push failed/.test(message.text);
  return (
    <div className="git-review-result">
      <input
        value={branch}
        onChange={(e) => setBranch(e.target.value)}
        placeholder="review/feature"
        aria-label="Review branch name"
        data-testid="git-review-branch"
      />
      <input
        value={commitMessage}
        onChange={(e) => setCommitMessage(e.target.value)}
        placeholder="Commit message"
        aria-label="Review commit message"
        data-testid="git-review-message"
      />
      <button
        type="button"
        disabled={busy}
        onClick={() => void commit()}
        data-testid="git-review-commit"
        title="Commit the reviewed files on a new branch and push it; your working tree and branch stay as they are"
      >
        Commit on review branch and push
      </button>
      {pushFailed && (
        <button type="button" disabled={busy} onClick={() => void onPush(committed)} data-testid="git-review-push">
          Push {committed} again
        </button>
      )}
      <button
        type="button"
        onClick={onExport}
        disabled={!hasChanges}
        data-testid="git-review-export"
        title="Download every changed file, edits included, as one unified diff"
      >
        Export diff
      </button>
    </div>
  );
}

/** One file: the start (left, read-only) against the reviewed end (right, editable, completions on). */
function ReviewDiff({ change, modelOf }: { change: GitChange; modelOf: (c: GitChange) => monaco.editor.ITextModel }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const orig = monaco.editor.createModel(
      change.before,
      monacoLanguageOf(change.path),
      monaco.Uri.from({ scheme: 'git-review-start', path: `/${change.path}` }),
    );
    const diff = monaco.editor.createDiffEditor(host.current!, {
      automaticLayout: true,
      renderSideBySide: true,
      useInlineViewWhenSpaceIsLimited: false,
      originalEditable: false,
      // A deleted file stays deleted: there is nothing on its end side to edit.
      readOnly: change.state === 'deleted',
      minimap: { enabled: false },
      inlineSuggest: { enabled: true },
      quickSuggestions: false,
      fontSize: 13,
      ariaLabel: `Review of ${change.path}`,
    });
    diff.setModel({ original: orig, modified: modelOf(change) });
    startInlineCompletionsNow(diff.getModifiedEditor());
    exposeForTests({ diffEditor: diff });
    return () => {
      diff.dispose();
      orig.dispose();
    };
  }, [change, modelOf]);
  return (
    <div className="git-review-diff">
      <h3>
        {change.path}:{' '}
        {change.state === 'added'
          ? 'new file'
          : change.state === 'deleted'
            ? 'deleted'
            : `${change.from ? `${renameNote(change)}; ` : ''}start (left) against end (right, editable, completions on)`}
      </h3>
      <div className="diff-host" ref={host} data-testid="diff-editor" />
    </div>
  );
}
