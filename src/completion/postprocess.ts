// Clean-ups the best completion clients apply before showing a middle.

/** The first line of `s` that has something on it, trimmed. */
function firstContentLine(s: string): string {
  for (const line of s.split('\n')) if (line.trim()) return line.trim();
  return '';
}

/**
 * Stop where the middle starts repeating the suffix: a model that runs past
 * the hole re-emits the code after the cursor. Cut at the first line of the
 * middle that equals the suffix's next non-empty line.
 */
function cutAtSuffixRepeat(middle: string, suffix: string): string {
  const next = firstContentLine(suffix);
  if (!next) return middle;
  const lines = middle.split('\n');
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].trim() === next) return lines.slice(0, i).join('\n').replace(/\n\s*$/, '');
  }
  return middle;
}

/** Collapse a run of three or more identical lines (a degenerate loop) to one; two in a row can be intended. */
function trimRepeatedLines(middle: string): string {
  const lines = middle.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; ) {
    let j = i;
    while (j < lines.length && lines[j] === lines[i]) j++;
    const run = j - i;
    out.push(...Array<string>(lines[i].trim() && run >= 3 ? 1 : run).fill(lines[i]));
    i = j;
  }
  return out.join('\n');
}

export function postProcess(middle: string, suffix: string): string {
  if (!middle.trim()) return '';
  let m = cutAtSuffixRepeat(middle, suffix);
  m = trimRepeatedLines(m);
  // A middle that only repeats the next line adds nothing.
  if (m.trim() && m.trim() === firstContentLine(suffix)) return '';
  // The tail that repeats the start of the suffix's first line (a `)` or `;`
  // already after the cursor) would be doubled on insertion.
  const firstLine = suffix.split('\n', 1)[0].trimEnd();
  for (let k = Math.min(firstLine.length, m.length); k > 0; k--) {
    const head = firstLine.slice(0, k);
    if (head.trim() && m.endsWith(head)) return m.slice(0, m.length - k);
  }
  return m.trim() ? m : '';
}
