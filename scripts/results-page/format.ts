// Cells of docs/results.md. Each depends on its value alone (no locale, no
// clock), so the same JSON always gives the same page, which is what lets a
// test catch a page that is older than its JSON.

/** A Markdown table; a missing cell reads as n/a. */
export function table(head: readonly string[], rows: readonly (readonly (string | number | undefined | null)[])[]): string {
  const line = (cells: readonly (string | number | undefined | null)[]) =>
    `| ${cells.map((c) => (c === undefined || c === null ? 'n/a' : String(c))).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

const isNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/** 12345.6 -> "12,346"; digits after the point kept as asked. */
export function num(x: unknown, digits = 0): string {
  if (!isNumber(x)) return 'n/a';
  const [whole, fraction] = Math.abs(x).toFixed(digits).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${x < 0 && Number(x.toFixed(digits)) !== 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Milliseconds at a precision that suits their size: µs under 1 ms (with hundredths under 10 µs), seconds from 10 s. */
export function ms(x: unknown): string {
  if (!isNumber(x)) return 'n/a';
  if (x === 0) return '0 ms';
  if (x < 0.01) return `${num(x * 1000, 2)} µs`;
  if (x < 1) return `${num(x * 1000)} µs`;
  if (x < 10) return `${num(x, 2)} ms`;
  if (x < 10_000) return `${num(x)} ms`;
  return `${num(x / 1000, 1)} s`;
}

/** `part` of `whole` as a percentage, one decimal. */
export const share = (part: number, whole: number): string => (whole > 0 ? `${num((100 * part) / whole, 1)}%` : 'n/a');

/** A value already in percent. */
export const percent = (x: unknown, digits = 1): string => (isNumber(x) ? `${num(x, digits)}%` : 'n/a');

export const ratio = (x: unknown, digits = 2): string => (isNumber(x) ? `${num(x, digits)}x` : 'n/a');

/** An ISO time as "2026-12-02 12:49 UTC". */
export const when = (iso: string): string =>
  /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(iso) ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : iso;

/** An object's entry when it is an object, for reading JSON of unknown age. */
export const record = (x: unknown): Record<string, unknown> | undefined =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : undefined;
