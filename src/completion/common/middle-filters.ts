// The clean-ups the best completion clients apply before showing a middle:
// small named filters, in the order postprocess.ts applies them. Each sees the
// middle as the filters before it left it, and the code after the cursor.

interface MiddleFilter {
  /** Says what it removes; records list the filters that changed a middle by this name. */
  readonly name: string;
  apply(middle: string, suffix: string): string;
}

/** The first line of `s` that has something on it, trimmed. */
function firstContentLine(s: string): string {
  for (const line of s.split('\n')) if (line.trim()) return line.trim();
  return '';
}

/**
 * Stop where the middle starts repeating the suffix: a model that runs past
 * the hole re-emits the code after the cursor. Cut at the first line of the
 * middle (after its first) that equals the suffix's next non-empty line.
 */
function stopAtSuffixRepeat(middle: string, suffix: string): string {
  const next = firstContentLine(suffix);
  if (!next) return middle;
  const lines = middle.split('\n');
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].trim() === next)
      return lines
        .slice(0, i)
        .join('\n')
        .replace(/\n\s*$/, '');
  }
  return middle;
}

/** Collapse a run of three or more identical lines (a degenerate loop) to one; two in a row can be intended. */
function collapseRepeatedLines(middle: string): string {
  const lines = middle.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length;) {
    let j = i;
    while (j < lines.length && lines[j] === lines[i]) j++;
    const run = j - i;
    out.push(...Array<string>(lines[i].trim() && run >= 3 ? 1 : run).fill(lines[i]));
    i = j;
  }
  return out.join('\n');
}

/** A middle that only repeats the suffix's next line adds nothing. */
function dropNextLineEcho(middle: string, suffix: string): string {
  return middle.trim() && middle.trim() === firstContentLine(suffix) ? '' : middle;
}

/** Whitespace alone is no suggestion. */
function dropBlank(middle: string): string {
  return middle.trim() ? middle : '';
}

/**
 * The tail that repeats the start of the suffix's first line (a `)` or `;`
 * already after the cursor) would be doubled on insertion: cut the longest
 * such tail that has something besides whitespace.
 */
function trimSuffixOverlap(middle: string, suffix: string): string {
  const firstLine = suffix.split('\n', 1)[0].trimEnd();
  for (let k = Math.min(firstLine.length, middle.length); k > 0; k--) {
    const head = firstLine.slice(0, k);
    if (head.trim() && middle.endsWith(head)) return middle.slice(0, middle.length - k);
  }
  return middle;
}

/**
 * The order matters: the loop and echo filters judge what is left once the
 * repeat of the suffix is cut, and the overlap is trimmed last, from the
 * middle that will be shown (what it leaves is not judged blank again).
 */
export const MIDDLE_FILTERS: readonly MiddleFilter[] = [
  { name: 'stop-at-suffix-repeat', apply: stopAtSuffixRepeat },
  { name: 'collapse-repeated-lines', apply: collapseRepeatedLines },
  { name: 'drop-next-line-echo', apply: dropNextLineEcho },
  { name: 'drop-blank', apply: dropBlank },
  { name: 'trim-suffix-overlap', apply: trimSuffixOverlap },
];
