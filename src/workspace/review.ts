// What a review does to the workspace: write an applied diff's results, and
// accept or revert one hunk of it afterwards. Pure against the Workspace
// model (no React, no storage), so the panel and the tests share it.
import { reapplyHunk, revertHunk, type DiffReport, type HunkReport } from './diff';
import type { Workspace } from './workspace';

export type HunkAction = 'accept' | 'revert';

/**
 * Writes the report's results: new and changed files, renames (moved, so an
 * open file keeps its undo history), deletions. A rename the workspace
 * refuses becomes a conflict in the report.
 */
export function commitReport(workspace: Workspace, r: DiffReport): void {
  for (const f of r.files) {
    if (f.status === 'renamed' && f.oldPath) {
      const moved = workspace.move(f.oldPath, f.path);
      if (!moved.ok) {
        f.status = 'conflict';
        f.problem = moved.error;
        delete f.result;
        continue;
      }
      workspace.setContent(f.path, f.result!, 'external');
    }
    if (f.status === 'deleted') workspace.delete(f.path);
  }
  workspace.putMany(r.files.filter((f) => f.status === 'created' || f.status === 'modified').map((f) => [f.path, f.result!]));
}

/**
 * The hunk after `action` on a file whose text is `text`, and the file's new
 * text when it changes. Accepting an applied hunk only marks it; accepting a
 * reverted one puts it back. When the file no longer has the hunk's lines as
 * the diff wrote them, the hunk keeps its state and says why.
 */
export function reviewHunk(text: string, h: HunkReport, action: HunkAction): { hunk: HunkReport; text?: string } {
  const { reason: _, ...rest } = h;
  if (action === 'accept' && h.state !== 'reverted') return { hunk: { ...rest, state: 'accepted' } };
  if (action === 'revert' && h.state === 'reverted') return { hunk: h };
  const next = action === 'revert' ? revertHunk(text, h.hunk) : reapplyHunk(text, h.hunk);
  if (next === false) {
    const lines = action === 'revert' ? 'its lines' : 'the lines around it';
    return {
      hunk: {
        ...h,
        reason: `could not ${action} it: the file no longer has ${lines} as the diff wrote them (edited since?); edit the file by hand`,
      },
    };
  }
  return { hunk: { ...rest, state: action === 'revert' ? 'reverted' : 'accepted' }, text: next };
}
