// Clean-ups every completion client applies before showing a middle.

/**
 * Drop whitespace-only middles, and cut the tail that merely repeats the start
 * of the suffix's first line (models often re-emit the `)` or `;` that is
 * already after the cursor; inserting it would double it).
 */
export function postProcess(middle: string, suffix: string): string {
  if (!middle.trim()) return '';
  const firstLine = suffix.split('\n', 1)[0].trimEnd();
  for (let k = Math.min(firstLine.length, middle.length); k > 0; k--) {
    const head = firstLine.slice(0, k);
    if (head.trim() && middle.endsWith(head)) return middle.slice(0, middle.length - k);
  }
  return middle;
}
