// Review sandbox: paste or load a unified diff, apply it to the workspace with
// a report of the hunks that did not apply, then read original against
// modified in Monaco's diff editor (completions work on the modified side).
import { useEffect, useRef, useState } from 'react';
import { monaco } from '../editor/monaco';
import { startInlineCompletionsNow } from '../editor/inline-completions';
import { applyUnifiedDiff, MAX_DIFF_BYTES, type DiffReport } from '../workspace/diff';
import type { Workspace } from '../workspace/workspace';
import { monacoLanguageOf } from './files';
import type { ModelRegistry } from './models';
import { exposeForTests } from '../platform/test-seams';

interface Props {
  workspace: Workspace;
  models: ModelRegistry;
  localOnly: boolean;
  /** What the header says about egress, repeated here. */
  egressText: string;
}

export function ReviewPanel({ workspace, models, localOnly, egressText }: Props) {
  const [text, setText] = useState('');
  const [report, setReport] = useState<DiffReport | null>(null);
  const [shown, setShown] = useState<string | undefined>();
  const [loadError, setLoadError] = useState<string | null>(null);

  const apply = () => {
    const r = applyUnifiedDiff(text, (p) => workspace.read(p));
    setReport(r);
    if (r.error) return;
    workspace.putMany(r.files.filter((f) => f.result !== undefined && (f.status === 'created' || f.status === 'modified')).map((f) => [f.path, f.result!]));
    for (const f of r.files) if (f.status === 'deleted') workspace.delete(f.path);
    setShown(r.files.find((f) => f.status === 'modified' || f.status === 'created')?.path);
  };

  const load = async (file: File | undefined) => {
    setLoadError(null);
    if (!file) return;
    if (file.size > MAX_DIFF_BYTES) { setLoadError(`${file.name} is larger than ${MAX_DIFF_BYTES / 1024 / 1024} MB; not loaded.`); return; }
    setText(await file.text());
  };

  const shownFile = report?.files.find((f) => f.path === shown);
  return (
    <section className="review" aria-label="Review sandbox" data-testid="review">
      <div className={`review-privacy ${localOnly ? 'ok' : 'warn'}`} data-testid="review-privacy" role="status">
        {localOnly
          ? 'Local only: code under review never leaves this machine. Completions use the local model only.'
          : `Escalation is on (${egressText}). Switch on "Local only" in the header to keep code under review on this machine.`}
      </div>
      <div className="review-input">
        <label htmlFor="diff-input">Unified diff (<code>git diff</code> output)</label>
        <textarea id="diff-input" value={text} onChange={(e) => setText(e.target.value)} rows={8} spellCheck={false} data-testid="diff-input"
          placeholder={'diff --git a/src/app.py b/src/app.py\n--- a/src/app.py\n+++ b/src/app.py\n@@ -1,2 +1,2 @@\n ...'} />
        <div className="buttons">
          <button type="button" onClick={apply} disabled={!text.trim()} data-testid="diff-apply">Apply to workspace</button>
          <label className="file-button">Load a .diff/.patch file
            <input type="file" accept=".diff,.patch,text/plain,text/x-diff" onChange={(e) => void load(e.target.files?.[0])} data-testid="diff-file" />
          </label>
        </div>
        {loadError && <p className="error" role="alert">{loadError}</p>}
      </div>
      {report && (
        <div className="diff-report" data-testid="diff-report" role="status">
          {report.error ? <p className="error" role="alert" data-testid="diff-error">{report.error}</p> : (
            <>
              <p data-testid="diff-summary"><b>{report.applied}</b> hunk{report.applied === 1 ? '' : 's'} applied, <b className={report.failed ? 'error' : undefined}>{report.failed}</b> did not apply.</p>
              <ul>
                {report.files.map((f) => (
                  <li key={f.path}>
                    <button type="button" className="link" onClick={() => setShown(f.path)} disabled={!f.result && f.status !== 'unchanged'} aria-pressed={shown === f.path} data-testid={`diff-file-${f.path}`}>{f.path}</button>
                    {' '}<span>{f.status}</span>{f.problem && <span className="error">: {f.problem}</span>}
                    <ul>
                      {f.hunks.map((h, i) => (
                        <li key={i} data-testid={`hunk-${f.path}-${i}`} data-applied={h.applied} className={h.applied ? 'ok' : 'error'}>
                          <code>{h.header}</code> {h.applied ? 'applied' : `did not apply: ${h.reason}`}
                        </li>
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
        <DiffView key={shownFile.path} path={shownFile.path} original={shownFile.original} models={models} />
      )}
    </section>
  );
}

/** Original (read-only) against the workspace file itself: edits there are saved like any other. */
function DiffView({ path, original, models }: { path: string; original: string; models: ModelRegistry }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const modified = models.get(path);
    if (!modified) return;
    const orig = monaco.editor.createModel(original, monacoLanguageOf(path), monaco.Uri.from({ scheme: 'review-original', path: `/${path}` }));
    const diff = monaco.editor.createDiffEditor(host.current!, {
      automaticLayout: true, renderSideBySide: true, useInlineViewWhenSpaceIsLimited: false, originalEditable: false, readOnly: false,
      minimap: { enabled: false }, inlineSuggest: { enabled: true }, quickSuggestions: false, fontSize: 13,
      ariaLabel: `Review of ${path}`,
    });
    diff.setModel({ original: orig, modified });
    startInlineCompletionsNow(diff.getModifiedEditor());
    exposeForTests({ diffEditor: diff });
    return () => {
      diff.dispose();
      orig.dispose();
    };
  }, [path, original, models]);
  return (
    <div className="diff-view">
      <h3>{path}: original (left) against modified (right, editable, completions on)</h3>
      <div className="diff-host" ref={host} data-testid="diff-editor" />
    </div>
  );
}
