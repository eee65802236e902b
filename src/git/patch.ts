// A review as a unified diff, in the form `git diff --binary` writes and
// `git apply` reads: a `diff --git` line per file, /dev/null for an added or
// deleted side, rename headers with git's similarity, then jsdiff's hunks, or a binary patch with
// the full blob ids.
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import { binaryPatch } from './binary-patch';
import { renameScore, similarityPercent } from './similarity';
import type { GitChange } from './types';

/** One file's side as it is now: the reviewed (possibly edited) text, or null when the file is gone. */
interface ReviewedFile {
  path: string;
  /** Its path at the start, for a rename. */
  from?: string;
  before: string | null;
  after: string | null;
  binary?: boolean;
  bytes?: GitChange['bytes'];
}

const NO_OID = '0'.repeat(40);

/** The reviewed files of `changes`, with `edited` (path → text) in place of their end side. */
export function reviewedFiles(changes: readonly GitChange[], edited: (path: string) => string | undefined): ReviewedFile[] {
  return changes.map((c) => ({
    path: c.path,
    ...(c.from && { from: c.from }),
    before: c.state === 'added' ? null : c.before,
    after: c.state === 'deleted' ? null : (edited(c.path) ?? c.after),
    ...(c.binary && { binary: true, bytes: c.bytes }),
  }));
}

/** Every file that differs, as one patch; a file whose edit undid its change is left out. */
export function unifiedDiff(files: readonly ReviewedFile[]): string {
  let out = '';
  for (const f of files) {
    const from = f.from ?? f.path;
    const renamed = from !== f.path;
    // A binary file's sides are not its text (both empty): it always changed.
    if (!f.binary && !renamed && f.before === f.after) continue;
    out += `diff --git a/${from} b/${f.path}\n`;
    if (f.before === null) out += 'new file mode 100644\n';
    if (f.after === null) out += 'deleted file mode 100644\n';
    const same = f.binary ? sameBytes(f.bytes?.before, f.bytes?.after) : f.before === f.after;
    if (renamed) out += `similarity index ${same ? 100 : similarityOf(f)}%\nrename from ${from}\nrename to ${f.path}\n`;
    if (renamed && same) continue;
    if (f.binary && !f.bytes) {
      // Without its bytes a binary file can only be named.
      out += `Binary files ${f.before === null ? '/dev/null' : `a/${from}`} and ${f.after === null ? '/dev/null' : `b/${f.path}`} differ\n`;
      continue;
    }
    if (f.binary) {
      const b = f.bytes ?? {};
      const mode = f.before !== null && f.after !== null ? ' 100644' : '';
      out += `index ${b.beforeOid ?? NO_OID}..${b.afterOid ?? NO_OID}${mode}\n`;
      out += binaryPatch(b.before ?? new Uint8Array(), b.after ?? new Uint8Array());
      continue;
    }
    // An empty file added or removed has no hunk: the header lines say it all.
    if (!(f.before ?? '') && !(f.after ?? '')) continue;
    out += createTwoFilesPatch(
      f.before === null ? '/dev/null' : `a/${from}`,
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

/** A renamed file's similarity as git would write it for the sides as reviewed (the end side edited, perhaps). */
function similarityOf(f: ReviewedFile): number {
  const side = (text: string | null, bytes: Uint8Array | undefined) => ({
    bytes: (f.binary ? bytes : new TextEncoder().encode(text ?? '')) ?? new Uint8Array(),
    text: !f.binary,
  });
  return similarityPercent(renameScore(side(f.before, f.bytes?.before), side(f.after, f.bytes?.after), 0));
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  return a.every((x, i) => x === b[i]);
}
