// One file of the review: original (read-only) against the workspace file itself in Monaco's
// diff editor; edits there are saved like any other, and each hunk is accepted or reverted.
import { useEffect, useRef, type RefObject } from 'react';
import { monaco } from '../editor/monaco';
import { startInlineCompletionsNow } from '../completion/browser/inline-completions';
import { exposeForTests } from '../platform/test-seams';
import type { FileReport, HunkReport } from '../workspace/diff';
import type { HunkAction } from '../workspace/review';
import { monacoLanguageOf } from './files';
import type { ModelRegistry } from './models';
import { HUNK_LABEL, isReviewable } from './review-text';

/** The diff editor in `host`, the modified side being the workspace's own model (completions on). */
function useDiffEditor(host: RefObject<HTMLDivElement | null>, path: string, original: string, models: ModelRegistry) {
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
  }, [host, path, original, models]);
  /** Scrolls the modified side to a hunk and puts the cursor there. */
  return (h: HunkReport) => {
    const e = editor.current?.getModifiedEditor();
    e?.revealLineInCenter(Math.max(h.hunk.newStart, 1));
    e?.setPosition({ lineNumber: Math.max(h.hunk.newStart, 1), column: 1 });
  };
}

interface Props {
  file: FileReport;
  models: ModelRegistry;
  onHunk: (index: number, action: HunkAction) => void;
}

export function DiffView({ file, models, onHunk }: Props) {
  const { path, original } = file;
  const host = useRef<HTMLDivElement>(null);
  const reveal = useDiffEditor(host, path, original, models);
  return (
    <div className="diff-view">
      <h3>{path}: original (left) against modified (right, editable, completions on)</h3>
      <ol className="diff-hunks" aria-label={`Hunks of ${path}`}>
        {file.hunks.map((h, i) => (
          <DiffHunk key={i} index={i} hunk={h} reveal={reveal} onHunk={onHunk} />
        ))}
      </ol>
      <div className="diff-host" ref={host} data-testid="diff-editor" />
    </div>
  );
}

interface HunkProps {
  index: number;
  hunk: HunkReport;
  reveal: (h: HunkReport) => void;
  onHunk: Props['onHunk'];
}

/** A hunk's header (click: show it in the diff), its state, and Accept / Revert where it changed the file. */
function DiffHunk({ index: i, hunk: h, reveal, onHunk }: HunkProps) {
  return (
    <li data-testid={`review-hunk-${i}`} data-state={h.state}>
      <button type="button" className="link" onClick={() => reveal(h)} title="Show this hunk in the diff">
        <code>{h.header}</code>
      </button>{' '}
      <span className={`hunk-state ${h.state}`}>{HUNK_LABEL[h.state]}</span>
      {isReviewable(h.state) && (
        <>
          {' '}
          <button type="button" onClick={() => onHunk(i, 'accept')} disabled={h.state === 'accepted'} data-testid={`hunk-accept-${i}`}>
            Accept
          </button>{' '}
          <button type="button" onClick={() => onHunk(i, 'revert')} disabled={h.state === 'reverted'} data-testid={`hunk-revert-${i}`}>
            Revert
          </button>
        </>
      )}
      {h.reason && <span className="error">: {h.reason}</span>}
    </li>
  );
}
