// Applying a unified diff (`git diff` output) to workspace files, hunk by
// hunk, with a report of what did not apply. Parsing and each hunk's
// placement are jsdiff's (parsePatch, applyPatch: exact context, a hunk may
// have moved up or down); one hunk at a time so one bad hunk does not stop
// the others.
import { applyPatch, parsePatch, type StructuredPatch, type StructuredPatchHunk } from 'diff';

export interface HunkReport {
  header: string;
  applied: boolean;
  reason?: string;
}

export interface FileReport {
  path: string;
  status: 'modified' | 'created' | 'deleted' | 'unchanged';
  /** The file before (empty for a new file). */
  original: string;
  /** The file after the hunks that applied; undefined when deleted. */
  result?: string;
  hunks: HunkReport[];
  /** A file-level problem (the file is missing, or exists already). */
  problem?: string;
}

export interface DiffReport {
  /** Set when the text is not a unified diff at all: nothing was changed. */
  error?: string;
  files: FileReport[];
  applied: number;
  failed: number;
}

const stripPrefix = (name: string | undefined): string | undefined => {
  if (!name || name === '/dev/null') return undefined;
  const n = name.replace(/\t.*$/, '').trim();
  return n.replace(/^[ab]\//, '').replace(/^\.\//, '');
};

const headerOf = (h: StructuredPatchHunk) => `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@`;

export const MAX_DIFF_BYTES = 20 * 1024 * 1024;

/** Parses `text` and applies it to the files `read` returns; pure (writes nothing). */
export function applyUnifiedDiff(text: string, read: (path: string) => string | undefined): DiffReport {
  const none = (error: string): DiffReport => ({ error, files: [], applied: 0, failed: 0 });
  if (text.length > MAX_DIFF_BYTES) return none(`The diff is larger than ${MAX_DIFF_BYTES / 1024 / 1024} MB; nothing was applied.`);
  if (/\u0000/.test(text)) return none('This is binary data, not a unified diff; nothing was applied.');
  let patches: StructuredPatch[];
  try {
    patches = parsePatch(text);
  } catch (e) {
    return none(`This is not a unified diff that can be read (${(e as Error).message}); nothing was applied.`);
  }
  patches = patches.filter((p) => p.hunks.length > 0 || stripPrefix(p.oldFileName) || stripPrefix(p.newFileName));
  if (!patches.some((p) => p.hunks.length)) {
    return none('This does not look like a unified diff: no "@@ -a,b +c,d @@" hunks were found (paste the output of `git diff` or `diff -u`). Nothing was applied.');
  }
  const files: FileReport[] = [];
  let applied = 0;
  let failed = 0;
  for (const p of patches) {
    const oldPath = stripPrefix(p.oldFileName);
    const newPath = stripPrefix(p.newFileName);
    const path = newPath ?? oldPath;
    if (!path) continue;
    const creating = !oldPath && !!newPath;
    const deleting = !!oldPath && !newPath;
    const current = read(oldPath ?? path);
    const report: FileReport = { path, status: 'unchanged', original: current ?? '', hunks: [] };
    files.push(report);
    if (current === undefined && !creating) {
      report.problem = `${oldPath ?? path} is not in the workspace`;
      for (const h of p.hunks) report.hunks.push({ header: headerOf(h), applied: false, reason: 'the file is missing' });
      failed += p.hunks.length;
      continue;
    }
    if (creating && current !== undefined) {
      report.problem = `${path} already exists; the diff creates it`;
      for (const h of p.hunks) report.hunks.push({ header: headerOf(h), applied: false, reason: 'the file already exists' });
      failed += p.hunks.length;
      continue;
    }
    let text = current ?? '';
    for (const h of p.hunks) {
      const next = applyPatch(text, { ...p, hunks: [h] });
      if (next === false) {
        failed++;
        report.hunks.push({ header: headerOf(h), applied: false, reason: 'the lines it changes are not in the file (context or removed lines differ)' });
      } else {
        applied++;
        text = next;
        report.hunks.push({ header: headerOf(h), applied: true });
      }
    }
    const anyApplied = report.hunks.some((h) => h.applied);
    if (deleting && report.hunks.every((h) => h.applied)) {
      report.status = 'deleted';
    } else if (anyApplied || creating) {
      report.status = creating ? 'created' : 'modified';
      report.result = text;
    }
    if (report.status === 'unchanged') report.result = current;
  }
  return { files, applied, failed };
}
