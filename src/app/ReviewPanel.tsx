// Review sandbox: paste or load a unified diff, apply it to the workspace
// with a report per file and per hunk (applied, already applied, conflict and
// why), then read original against modified in Monaco's diff editor and
// accept or revert each hunk there (completions work on the modified side).
import { useEffect, useRef, useState } from 'react';
import { monaco } from '../editor/monaco';
import { startInlineCompletionsNow } from '../editor/inline-completions';
import { hunkCounts, MAX_DIFF_BYTES, type FileReport, type FileStatus, type HunkReport, type HunkState } from '../workspace/diff';
import type { Workspace } from '../workspace/workspace';
import { monacoLanguageOf } from './files';
import type { ModelRegistry } from './models';
import { useReview, type ReviewSaved } from './hooks/use-review';
import type { HunkAction } from '../workspace/review';
import { exposeForTests } from '../platform/test-seams';

interface Props {
  workspace: Workspace;
  models: ModelRegistry;
  localOnly: boolean;
  /** What the header says about egress, repeated here. */
  egressText: string;
}

const HUNK_LABEL: Record<HunkState, string> = {
  applied: 'applied, not reviewed yet',
  accepted: 'accepted',
  reverted: 'reverted',
  'already-applied': 'already applied: the file has it, nothing changed',
  conflict: 'conflict',
};

const FILE_LABEL: Record<FileStatus, string> = {
  modified: 'modified',
  created: 'created',
  deleted: 'deleted',
  renamed: 'renamed',
  'already-applied': 'already applied: nothing changed',
  conflict: 'did not apply',
};

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function SavedNote({ saved }: { saved: ReviewSaved }) {
  const text =
    saved === 'saved'
      ? 'Kept in this browser across a reload.'
      : saved === 'saving'
        ? 'Saving the review…'
        : `Not kept across a reload: ${saved.notKept}.`;
  return (
    <p className={`review-saved${typeof saved === 'object' ? ' error' : ''}`} data-testid="review-saved" data-saved={saved === 'saved'}>
      {text}
    </p>
  );
}

export function ReviewPanel({ workspace, models, localOnly, egressText }: Props) {
  const review = useReview(workspace);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { state } = review;

  const load = async (file: File | undefined) => {
    setLoadError(null);
    if (!file) return;
    if (file.size > MAX_DIFF_BYTES) {
      setLoadError(`${file.name} is larger than ${MAX_DIFF_BYTES / 1024 / 1024} MB; not loaded.`);
      return;
    }
    review.setText(await file.text());
  };

  const report = state?.report;
  const shownFile = report?.files.find((f) => f.path === state?.shown);
  const counts = report && hunkCounts(report.files);
  return (
    <section className="review" aria-label="Review sandbox" data-testid="review">
      <div className={`review-privacy ${localOnly ? 'ok' : 'warn'}`} data-testid="review-privacy" role="status">
        {localOnly
          ? 'Local only: code under review never leaves this machine. Completions use the local model only.'
          : `Escalation is on (${egressText}). Switch on "Local only" in the header to keep code under review on this machine.`}
      </div>
      {!state ? (
        <p data-testid="review-loading">Loading the review…</p>
      ) : (
        <>
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
          {report && (
            <div className="diff-report" data-testid="diff-report" role="status">
              {report.error ? (
                <p className="error" role="alert" data-testid="diff-error">
                  {report.error}
                </p>
              ) : (
                <>
                  <p data-testid="diff-summary">
                    <b>{plural(counts!.applied + counts!.accepted, 'hunk')}</b> applied, <b>{counts!['already-applied']}</b> already
                    applied, <b className={counts!.conflict ? 'error' : undefined}>{plural(counts!.conflict, 'conflict')}</b>
                    {counts!.reverted ? (
                      <>
                        , <b>{counts!.reverted}</b> reverted
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
                          onClick={() => review.show(f.path)}
                          disabled={f.result === undefined}
                          aria-pressed={state.shown === f.path}
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
          )}
          {shownFile && shownFile.result !== undefined && workspace.has(shownFile.path) && (
            <DiffView key={shownFile.path} file={shownFile} models={models} onHunk={(i, a) => review.hunkAction(shownFile.path, i, a)} />
          )}
        </>
      )}
    </section>
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

/** Original (read-only) against the workspace file itself: edits there are saved like any other; each hunk accepted or reverted. */
function DiffView({
  file,
  models,
  onHunk,
}: {
  file: FileReport;
  models: ModelRegistry;
  onHunk: (index: number, action: HunkAction) => void;
}) {
  const { path, original } = file;
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneDiffEditor | null>(null);
  useEffect(() => {
    const modified = models.get(path);
    if (!modified) return;
    const orig = monaco.editor.createModel(
      original,
      monacoLanguageOf(path),
      monaco.Uri.from({ scheme: 'review-original', path: `/${path}` }),
    );
    const diff = monaco.editor.createDiffEditor(host.current!, {
      automaticLayout: true,
      renderSideBySide: true,
      useInlineViewWhenSpaceIsLimited: false,
      originalEditable: false,
      readOnly: false,
      minimap: { enabled: false },
      inlineSuggest: { enabled: true },
      quickSuggestions: false,
      fontSize: 13,
      ariaLabel: `Review of ${path}`,
    });
    diff.setModel({ original: orig, modified });
    startInlineCompletionsNow(diff.getModifiedEditor());
    editor.current = diff;
    exposeForTests({ diffEditor: diff });
    return () => {
      editor.current = null;
      diff.dispose();
      orig.dispose();
    };
  }, [path, original, models]);
  const reveal = (h: HunkReport) => {
    const e = editor.current?.getModifiedEditor();
    e?.revealLineInCenter(Math.max(h.hunk.newStart, 1));
    e?.setPosition({ lineNumber: Math.max(h.hunk.newStart, 1), column: 1 });
  };
  const reviewable = (s: HunkState) => s === 'applied' || s === 'accepted' || s === 'reverted';
  return (
    <div className="diff-view">
      <h3>{path}: original (left) against modified (right, editable, completions on)</h3>
      <ol className="diff-hunks" aria-label={`Hunks of ${path}`}>
        {file.hunks.map((h, i) => (
          <li key={i} data-testid={`review-hunk-${i}`} data-state={h.state}>
            <button type="button" className="link" onClick={() => reveal(h)} title="Show this hunk in the diff">
              <code>{h.header}</code>
            </button>{' '}
            <span className={`hunk-state ${h.state}`}>{HUNK_LABEL[h.state]}</span>
            {reviewable(h.state) && (
              <>
                {' '}
                <button
                  type="button"
                  onClick={() => onHunk(i, 'accept')}
                  disabled={h.state === 'accepted'}
                  data-testid={`hunk-accept-${i}`}
                >
                  Accept
                </button>{' '}
                <button
                  type="button"
                  onClick={() => onHunk(i, 'revert')}
                  disabled={h.state === 'reverted'}
                  data-testid={`hunk-revert-${i}`}
                >
                  Revert
                </button>
              </>
            )}
            {h.reason && <span className="error">: {h.reason}</span>}
          </li>
        ))}
      </ol>
      <div className="diff-host" ref={host} data-testid="diff-editor" />
    </div>
  );
}
