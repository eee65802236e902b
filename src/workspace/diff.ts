// Applying a parsed unified diff to workspace files, deciding per hunk
// whether it applies, is already applied (its reverse fits the file) or
// conflicts, and why. Placement is jsdiff's (applyPatch: exact context, a
// hunk may have moved; reversePatch). When both directions fit, the one
// nearer the place the header names wins: a hunk that only adds lines also
// fits, forwards, wherever its context repeats, and applying it there would
// duplicate what is already in the file.
import { applyPatch, reversePatch, type StructuredPatch, type StructuredPatchHunk } from 'diff';
import { parseUnifiedDiff } from './diff-parse';

export { MAX_DIFF_BYTES } from './diff-parse';

/**
 * applied: changed the workspace, not yet looked at; accepted: kept after
 * review; reverted: taken back out of the file; already-applied: the file
 * had it, nothing changed; conflict: neither it nor its reverse fits.
 */
export type HunkState = 'applied' | 'accepted' | 'reverted' | 'already-applied' | 'conflict';

export interface HunkReport {
  /** The header as the diff writes it. */
  header: string;
  state: HunkState;
  /** Why it conflicts, or why the last accept/revert could not be done. */
  reason?: string;
  hunk: StructuredPatchHunk;
}

export type FileStatus = 'modified' | 'created' | 'deleted' | 'renamed' | 'already-applied' | 'conflict';

export interface FileReport {
  /** Where the file is after the diff (its new name for a rename). */
  path: string;
  /** The name before a rename. */
  oldPath?: string;
  status: FileStatus;
  /** The file before (empty for a new file). */
  original: string;
  /** The file after the hunks that applied; set when the workspace is to change (not for a deletion). */
  result?: string;
  hunks: HunkReport[];
  /** A file-level problem (the file is missing, or exists already). */
  problem?: string;
}

export interface DiffReport {
  /** Set when the text is not a readable unified diff: nothing was changed. */
  error?: string;
  files: FileReport[];
}

const stripPrefix = (name: string | undefined): string | undefined => {
  if (!name || name === '/dev/null') return undefined;
  const n = name.replace(/\t.*$/, '').trim();
  return n.replace(/^[ab]\//, '').replace(/^\.\//, '');
};

const single = (hunk: StructuredPatchHunk): StructuredPatch => ({
  oldFileName: '',
  newFileName: '',
  oldHeader: '',
  newHeader: '',
  hunks: [hunk],
});

/** 0-based index of the first line where `a` and `b` differ. */
function firstChange(a: string, b: string): number {
  const x = a.split('\n');
  const y = b.split('\n');
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i;
}

/** Where the hunk's first change belongs in a file that has the hunks before it in their new form. */
const expectedChange = (h: StructuredPatchHunk) => {
  const lead = h.lines.findIndex((l) => l[0] === '+' || l[0] === '-');
  return h.newStart - 1 + Math.max(lead, 0);
};

type Placement = { state: 'applies'; text: string } | { state: 'already-applied' } | { state: 'conflict'; reason: string };

/** Whether `hunk` applies to `text`, is already in it, or neither (and why). */
function placeHunk(text: string, hunk: StructuredPatchHunk): Placement {
  const forward = applyPatch(text, single(hunk));
  const reverse = applyPatch(text, reversePatch(single(hunk)));
  if (forward !== false && reverse !== false) {
    const want = expectedChange(hunk);
    const f = Math.abs(firstChange(text, forward) - want);
    const r = Math.abs(firstChange(text, reverse) - want);
    // on a tie, changing nothing is the safe reading
    return f < r ? { state: 'applies', text: forward } : { state: 'already-applied' };
  }
  if (forward !== false) return { state: 'applies', text: forward };
  if (reverse !== false) return { state: 'already-applied' };
  return { state: 'conflict', reason: whyNot(text, hunk) };
}

function whyNot(text: string, hunk: StructuredPatchHunk): string {
  const have = new Set(text.split('\n').map((l) => l.replace(/\r$/, '')));
  let oldLine = hunk.oldStart;
  for (const l of hunk.lines) {
    if (l[0] === '-' && !have.has(l.slice(1)))
      return `line ${oldLine} it removes ("${l.slice(1).trim().slice(0, 60)}") is not in the file, and the lines it adds are not there either`;
    if (l[0] === '-' || l[0] === ' ') oldLine++;
  }
  return 'the lines around it (its context) differ from the file, and the lines it adds are not there either; the file has changed since the diff was made';
}

/** Takes an applied hunk back out of `text`; false when the file no longer has it as the diff wrote it. */
export const revertHunk = (text: string, hunk: StructuredPatchHunk): string | false => applyPatch(text, reversePatch(single(hunk)));

/** Puts a reverted hunk back into `text`; false when it no longer fits. */
export const reapplyHunk = (text: string, hunk: StructuredPatchHunk): string | false => applyPatch(text, single(hunk));

function fileStatus(r: FileReport, kind: 'created' | 'deleted' | 'renamed' | 'modified'): FileStatus {
  if (r.problem) return 'conflict';
  // the rename itself is a change, whatever the hunks found
  if (kind === 'renamed')
    return r.hunks.some((h) => h.state === 'conflict') && !r.hunks.some((h) => h.state === 'applied') ? 'conflict' : 'renamed';
  if (r.hunks.some((h) => h.state === 'applied')) {
    if (kind === 'deleted') return r.hunks.every((h) => h.state === 'applied') ? 'deleted' : 'conflict';
    return kind;
  }
  return r.hunks.every((h) => h.state === 'already-applied') ? 'already-applied' : 'conflict';
}

/** Parses `text` and decides each hunk against the files `read` returns; pure (writes nothing). */
export function applyUnifiedDiff(text: string, read: (path: string) => string | undefined): DiffReport {
  const parsed = parseUnifiedDiff(text);
  if (parsed.error !== undefined) return { error: parsed.error, files: [] };
  const files: FileReport[] = [];
  for (const { patch: p, headers } of parsed.patches) {
    const oldPath = stripPrefix(p.oldFileName);
    const newPath = stripPrefix(p.newFileName);
    const path = newPath ?? oldPath;
    if (!path) continue;
    const kind = !oldPath ? 'created' : !newPath ? 'deleted' : oldPath !== path ? 'renamed' : 'modified';
    const report: FileReport = { path, ...(kind === 'renamed' ? { oldPath } : {}), status: 'conflict', original: '', hunks: [] };
    files.push(report);
    const all = (state: HunkState, reason?: string) => {
      report.hunks = p.hunks.map((hunk, i) => ({ header: headers[i], state, ...(reason ? { reason } : {}), hunk }));
    };
    const before = read(oldPath ?? path);
    const target = kind === 'renamed' || kind === 'created' ? read(path) : undefined;
    let current: string;
    if (kind === 'deleted' && before === undefined) {
      all('already-applied');
      report.status = 'already-applied';
      continue;
    } else if (kind === 'renamed' && before === undefined && target !== undefined) {
      current = target; // renamed already: the hunks decide whether its changes are in too
    } else if (kind === 'renamed' && before !== undefined && target !== undefined) {
      report.problem = `${path} exists already; the diff renames ${oldPath} to it`;
      all('conflict', 'the new name is taken');
      report.status = 'conflict';
      continue;
    } else if (kind === 'created') {
      current = target ?? '';
    } else if (before === undefined) {
      report.problem = `${oldPath ?? path} is not in the workspace`;
      all('conflict', 'the file is missing');
      report.status = 'conflict';
      continue;
    } else {
      current = before;
    }
    report.original = current;
    let next = current;
    for (const [i, hunk] of p.hunks.entries()) {
      const placed = placeHunk(next, hunk);
      if (placed.state === 'applies') next = placed.text;
      report.hunks.push({
        header: headers[i],
        state: placed.state === 'applies' ? 'applied' : placed.state,
        ...(placed.state === 'conflict' ? { reason: placed.reason } : {}),
        hunk,
      });
    }
    if (kind === 'created' && target !== undefined && report.hunks.some((h) => h.state !== 'already-applied')) {
      report.problem = `${path} exists already with other content; the diff creates it`;
    }
    const renamedNow = kind === 'renamed' && before !== undefined;
    report.status = fileStatus(report, renamedNow ? 'renamed' : kind === 'renamed' ? 'modified' : kind);
    if (report.status === 'created' || report.status === 'modified' || report.status === 'renamed') report.result = next;
    if (report.status === 'conflict' && report.problem)
      for (const h of report.hunks)
        if (h.state === 'applied') {
          h.state = 'conflict';
          h.reason = report.problem;
        }
    if (renamedNow && report.status !== 'renamed') delete report.oldPath;
  }
  return { files };
}

/** How many hunks are in each state. */
export function hunkCounts(files: readonly FileReport[]): Record<HunkState, number> {
  const n: Record<HunkState, number> = { applied: 0, accepted: 0, reverted: 0, 'already-applied': 0, conflict: 0 };
  for (const f of files) for (const h of f.hunks) n[h.state]++;
  return n;
}
