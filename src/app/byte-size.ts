// Byte counts as people read them: a small file in bytes or KB, not "0.0 MB".
const UNITS = [
  [1e9, 'GB'],
  [1e6, 'MB'],
  [1e3, 'KB'],
] as const;

function byteSize(n: number): string {
  for (const [size, unit] of UNITS) if (n >= size) return `${(n / size).toFixed(1)} ${unit}`;
  return `${n} B`;
}

/** A download's line: what came, of how much, and the share only when the total is known. */
export function downloadLine(loaded: number, total: number, done = false): { text: string; percent?: number } {
  // A finished file's size is what arrived (a compressed response announces fewer bytes than it gives).
  if (done && loaded > 0) total = Math.max(total, loaded);
  if (!(total > 0)) return { text: done ? 'done (size unknown)' : `${byteSize(loaded)} (size unknown)` };
  // Floored: 100% only once every byte is there.
  const percent = Math.min(100, Math.floor((100 * loaded) / total));
  return { text: `${byteSize(loaded)} / ${byteSize(total)} (${percent}%)`, percent };
}
