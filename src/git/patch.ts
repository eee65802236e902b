// A review as a unified diff, in the form `git diff` writes and `git apply`
// reads: a `diff --git` line per file, /dev/null for an added or deleted
// side, then jsdiff's hunks.
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import type { GitChange } from './types';

/** One file's side as it is now: the reviewed (possibly edited) text, or null when the file is gone. */
interface ReviewedFile {
  path: string;
  before: string | null;
  after: string | null;
  binary?: boolean;
}

/** The reviewed files of `changes`, with `edited` (path → text) in place of their end side. */
export function reviewedFiles(changes: readonly GitChange[], edited: (path: string) => string | undefined): ReviewedFile[] {
  return changes.map((c) => ({
    path: c.path,
    before: c.state === 'added' ? null : c.before,
    after: c.state === 'deleted' ? null : (edited(c.path) ?? c.after),
    ...(c.binary && { binary: true }),
  }));
}

/** Every file that differs, as one patch; a file whose edit undid its change is left out. */
export function unifiedDiff(files: readonly ReviewedFile[]): string {
  let out = '';
  for (const f of files) {
    // A binary file's sides are not its bytes (both empty): it always changed.
    if (!f.binary && f.before === f.after) continue;
    out += `diff --git a/${f.path} b/${f.path}\n`;
    if (f.before === null) out += 'new file mode 100644\n';
    if (f.after === null) out += 'deleted file mode 100644\n';
    if (f.binary) {
      out += `Binary files ${f.before === null ? '/dev/null' : `a/${f.path}`} and ${f.after === null ? '/dev/null' : `b/${f.path}`} differ\n`;
      continue;
    }
    // An empty file added or removed has no hunk: the header lines say it all.
    if (!(f.before ?? '') && !(f.after ?? '')) continue;
    out += createTwoFilesPatch(
      f.before === null ? '/dev/null' : `a/${f.path}`,
      f.after === null ? '/dev/null' : `b/${f.path}`,
      f.before ?? '',
      f.after ?? '',
      undefined,
      undefined,
      { context: 3, headerOptions: FILE_HEADERS_ONLY },
    );
  }
  return out;
}
