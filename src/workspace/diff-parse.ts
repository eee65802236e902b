// Reading a unified diff (`git diff` output) into jsdiff's structured
// patches, with each hunk's header as the diff writes it. jsdiff reads
// leniently (a stray line ends a hunk; "@@ -0,0" becomes start 1), so a line
// check runs first: a malformed diff is refused with the line that is wrong
// rather than applied in part.
import { parsePatch, type StructuredPatch } from 'diff';

export const MAX_DIFF_BYTES = 20 * 1024 * 1024;

/** A file's patch, and its hunks' headers as written (same order as `patch.hunks`). */
interface ParsedFilePatch {
  patch: StructuredPatch;
  headers: string[];
}

type ParsedDiff = { patches: ParsedFilePatch[]; error?: undefined } | { error: string; patches?: undefined };

const HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
const NOTHING_APPLIED = 'Nothing was applied.';

/** The first line that breaks the hunks' own counts, as a message; undefined when every hunk is whole. */
function lintHunks(lines: string[]): string | undefined {
  let at = 0; // 1-based line of the open hunk's header; 0 outside a hunk
  let oldLeft = 0;
  let newLeft = 0;
  const short = (n: number) =>
    `Line ${n}: the hunk at line ${at} ends early: its header promises ${oldLeft} more old and ${newLeft} more new line${oldLeft + newLeft === 1 ? '' : 's'}. Check that the diff was pasted whole.`;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const n = i + 1;
    const open = oldLeft > 0 || newLeft > 0;
    if (line.startsWith('@@')) {
      if (open) return short(n);
      const m = HEADER.exec(line);
      if (!m)
        return `Line ${n}: "${line.slice(0, 80)}" is not a hunk header; one reads "@@ -start,count +start,count @@". ${NOTHING_APPLIED}`;
      at = n;
      oldLeft = m[2] === undefined ? 1 : Number(m[2]);
      newLeft = m[4] === undefined ? 1 : Number(m[4]);
      continue;
    }
    if (!open) continue;
    const c = line[0];
    if (c === '\\') continue; // "\ No newline at end of file"
    if (c === ' ' || c === '-' || c === '+' || (line === '' && i < lines.length - 1)) {
      // an empty line inside a hunk is a context line whose space an editor trimmed
      if (c !== '+') oldLeft--;
      if (c !== '-') newLeft--;
      if (oldLeft < 0 || newLeft < 0)
        return `Line ${n}: the hunk at line ${at} has more ${oldLeft < 0 ? 'old' : 'new'} lines than its header says. ${NOTHING_APPLIED}`;
      continue;
    }
    if (i === lines.length - 1 && line === '') return short(n);
    return `Line ${n}: "${line.slice(0, 80)}" is not a diff line inside the hunk at line ${at} (each starts with " ", "-" or "+"). ${NOTHING_APPLIED}`;
  }
  return undefined;
}

/** Parses `text`; an error names what is wrong (and where) and means nothing may be applied. */
export function parseUnifiedDiff(text: string): ParsedDiff {
  if (text.length > MAX_DIFF_BYTES) return { error: `The diff is larger than ${MAX_DIFF_BYTES / 1024 / 1024} MB. ${NOTHING_APPLIED}` };
  if (text.includes('\u0000')) return { error: `This is binary data, not a unified diff. ${NOTHING_APPLIED}` };
  const lines = text.split(/\r?\n/);
  const lint = lintHunks(lines);
  if (lint) return { error: lint };
  let patches: StructuredPatch[];
  try {
    patches = parsePatch(text);
  } catch (e) {
    return { error: `This unified diff cannot be read: ${(e as Error).message}. ${NOTHING_APPLIED}` };
  }
  patches = patches.filter((p) => p.hunks.length > 0 || p.isRename);
  if (!patches.length) {
    return {
      error: `This does not look like a unified diff: no "@@ -a,b +c,d @@" hunks were found (paste the output of \`git diff\` or \`diff -u\`). ${NOTHING_APPLIED}`,
    };
  }
  const written = lines.map((l) => HEADER.exec(l)?.[0]).filter((h): h is string => h !== undefined);
  let next = 0;
  return {
    patches: patches.map((patch) => ({ patch, headers: patch.hunks.map(() => written[next++]) })),
  };
}
