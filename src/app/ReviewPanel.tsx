// Review sandbox: paste or load a unified diff, apply it to the workspace
// with a report per file and per hunk (applied, already applied, conflict and
// why), then read original against modified in Monaco's diff editor and
// accept or revert each hunk there (completions work on the modified side).
import { useState } from 'react';
import { hunkCounts, MAX_DIFF_BYTES, type DiffReport as AppliedDiff, type HunkReport } from '../workspace/diff';
import type { Workspace } from '../workspace/workspace';
import { DiffView } from './DiffView';
import type { ModelRegistry } from './models';
import { useReview, type ReviewSaved } from './hooks/use-review';
import { FILE_LABEL, HUNK_LABEL, plural, reviewPrivacyText, savedText } from './review-text';

interface Props {
  workspace: Workspace;
  models: ModelRegistry;
  localOnly: boolean;
  /** What the header says about egress, repeated here. */
  egressText: string;
}

/** Whether the review survives a reload. */
function SavedNote({ saved }: { saved: ReviewSaved }) {
  return (
    <p className={`review-saved${typeof saved === 'object' ? ' error' : ''}`} data-testid="review-saved" data-saved={saved === 'saved'}>
      {savedText(saved)}
    </p>
  );
}

export function ReviewPanel({ workspace, models, localOnly, egressText }: Props) {
  const review = useReview(workspace);
  const { state } = review;

  const report = state?.report;
  const shownFile = report?.files.find((f) => f.path === state?.shown);
  return (
    <section className="review" aria-label="Review sandbox" data-testid="review">
      <div className={`review-privacy ${localOnly ? 'ok' : 'warn'}`} data-testid="review-privacy" role="status">
        {reviewPrivacyText(localOnly, egressText)}
      </div>
      {!state ? (
        <p data-testid="review-loading">Loading the review…</p>
      ) : (
        <>
          <ReviewInput review={review} />
          {report && <DiffReport report={report} shown={state.shown} onShow={review.show} />}
          {shownFile && shownFile.result !== undefined && workspace.has(shownFile.path) && (
            <DiffView key={shownFile.path} file={shownFile} models={models} onHunk={(i, a) => review.hunkAction(shownFile.path, i, a)} />
          )}
        </>
      )}
    </section>
  );
}

/** The diff to apply: pasted, or loaded from a file. */
function ReviewInput({ review }: { review: ReturnType<typeof useReview> }) {
  const [loadError, setLoadError] = useState<string | null>(null);
  const state = review.state!;
  const load = async (file: File | undefined) => {
    setLoadError(null);
    if (!file) return;
    if (file.size > MAX_DIFF_BYTES) {
      setLoadError(`${file.name} is larger than ${MAX_DIFF_BYTES / 1024 / 1024} MB; not loaded.`);
      return;
    }
    review.setText(await file.text());
  };
  return (
    <div className="review-input">
      <label htmlFor="diff-input">
        Unified diff (<code>git diff</code> output)
      </label>
      <textarea
        id="diff-input"
        value={state.text}
        onChange={(e) => review.setText(e.target.value)}
        rows={8}
        spellCheck={false}
        data-testid="diff-input"
        placeholder={'diff --git a/src/app.py b/src/app.py\n--- a/src/app.py\n+++ b/src/app.py\n@@ -1,2 +1,2 @@\n ...'}
      />
      <div className="buttons">
        <button type="button" onClick={review.apply} disabled={!state.text.trim()} data-testid="diff-apply">
          Apply to workspace
        </button>
        <label className="file-button">
          Load a .diff/.patch file
          <input
            type="file"
            accept=".diff,.patch,text/plain,text/x-diff"
            onChange={(e) => void load(e.target.files?.[0])}
            data-testid="diff-file"
          />
        </label>
      </div>
      {loadError && (
        <p className="error" role="alert">
          {loadError}
        </p>
      )}
      <SavedNote saved={review.saved} />
    </div>
  );
}

/** What applying the diff did: a summary, then each file and each of its hunks. */
function DiffReport({ report, shown, onShow }: { report: AppliedDiff; shown: string | undefined; onShow: (path: string) => void }) {
  const counts = hunkCounts(report.files);
  return (
    <div className="diff-report" data-testid="diff-report" role="status">
      {report.error ? (
        <p className="error" role="alert" data-testid="diff-error">
          {report.error}
        </p>
      ) : (
        <>
          <p data-testid="diff-summary">
            <b>{plural(counts.applied + counts.accepted, 'hunk')}</b> applied, <b>{counts['already-applied']}</b> already applied,{' '}
            <b className={counts.conflict ? 'error' : undefined}>{plural(counts.conflict, 'conflict')}</b>
            {counts.reverted ? (
              <>
                , <b>{counts.reverted}</b> reverted
              </>
            ) : null}
            .
          </p>
          <ul>
            {report.files.map((f) => (
              <li key={f.path} data-testid={`diff-status-${f.path}`} data-status={f.status}>
                <button
                  type="button"
                  className="link"
                  onClick={() => onShow(f.path)}
                  disabled={f.result === undefined}
                  aria-pressed={shown === f.path}
                  data-testid={`diff-file-${f.path}`}
                >
                  {f.path}
                </button>{' '}
                <span>
                  {FILE_LABEL[f.status]}
                  {f.oldPath ? ` from ${f.oldPath}` : ''}
                </span>
                {f.problem && <span className="error">: {f.problem}</span>}
                <ul>
                  {f.hunks.map((h, i) => (
                    <HunkLine key={i} path={f.path} index={i} h={h} />
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function HunkLine({ path, index, h }: { path: string; index: number; h: HunkReport }) {
  const bad = h.state === 'conflict';
  return (
    <li data-testid={`hunk-${path}-${index}`} data-state={h.state} className={bad ? 'error' : 'ok'}>
      <code>{h.header}</code> {HUNK_LABEL[h.state]}
      {h.reason && `: ${h.reason}`}
    </li>
  );
}
