// Deciding what of an imported folder, file selection or drop goes into the
// workspace: text files only, within size and count limits, with names the
// storage accepts, never overwriting what is already there. Pure: the reading
// of bytes is behind `read()` and only done for files that pass the cheap checks.
import { strToU8, zipSync } from 'fflate';
import { normalizePath, pathProblem } from './paths';

export interface IncomingFile {
  path: string;
  size: number;
  read(): Promise<Uint8Array>;
}

export const IMPORT_LIMITS = { maxFileBytes: 5 * 1024 * 1024, maxFiles: 10_000 };
const SKIPPED_FOLDERS = /(^|\/)(\.git|node_modules)(\/|$)/;

export interface ImportReport {
  accepted: [string, string][];
  /** How many files were skipped for each reason, with up to 5 example paths. */
  skipped: { reason: string; count: number; examples: string[] }[];
  total: number;
}

/** Binary when it has a NUL byte in its first 8 KB or is not valid UTF-8. */
export function decodeText(bytes: Uint8Array): string | undefined {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return undefined;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return undefined;
  }
}

/** Called as files are looked at: how many so far, of how many. */
export type ImportProgress = (done: number, total: number) => void;

/** Every this many files a progress call, and a pause so the page can paint it. */
const PROGRESS_EVERY = 250;

export async function prepareImport(incoming: IncomingFile[], existing: { has(p: string): boolean; size: number }, limits = IMPORT_LIMITS, onProgress?: ImportProgress): Promise<ImportReport> {
  const skipped = new Map<string, { count: number; examples: string[] }>();
  const skip = (reason: string, path: string) => {
    const s = skipped.get(reason) ?? { count: 0, examples: [] };
    s.count++;
    if (s.examples.length < 5) s.examples.push(path);
    skipped.set(reason, s);
  };
  const accepted: [string, string][] = [];
  const seen = new Set<string>();
  let room = Math.max(0, limits.maxFiles - existing.size);
  // In name order (as the tree shows them): when the limit cuts, it is clear which files came in,
  // whatever order the browser listed the folder in.
  const byName = new Intl.Collator('en', { numeric: true }).compare;
  const ordered = [...incoming].sort((a, b) => byName(a.path, b.path));
  for (const [i, f] of ordered.entries()) {
    if (onProgress && i % PROGRESS_EVERY === 0) {
      onProgress(i, incoming.length);
      await new Promise((r) => setTimeout(r, 0));
    }
    const path = normalizePath(f.path);
    if (SKIPPED_FOLDERS.test(path)) { skip('inside .git or node_modules', path); continue; }
    const problem = pathProblem(path);
    if (problem) { skip(`refused name: ${problem}`, f.path); continue; }
    if (existing.has(path) || seen.has(path)) { skip('already in the workspace (yours is kept)', path); continue; }
    if (f.size > limits.maxFileBytes) { skip(`larger than ${limits.maxFileBytes / 1024 / 1024} MB`, path); continue; }
    if (room === 0) { skip(`over the workspace limit of ${limits.maxFiles.toLocaleString('en')} files`, path); continue; }
    const text = decodeText(await f.read());
    if (text === undefined) { skip('binary (not UTF-8 text)', path); continue; }
    accepted.push([path, text]);
    seen.add(path);
    room--;
  }
  onProgress?.(incoming.length, incoming.length);
  return { accepted, skipped: [...skipped].map(([reason, s]) => ({ reason, ...s })), total: incoming.length };
}

export function describeImport(r: ImportReport): string {
  const parts = [`Imported ${r.accepted.length.toLocaleString('en')} of ${r.total.toLocaleString('en')} files.`];
  for (const s of r.skipped) parts.push(`Skipped ${s.count.toLocaleString('en')} ${s.reason} (e.g. ${s.examples.slice(0, 3).join(', ')}).`);
  return parts.join(' ');
}

/** The workspace as a zip file (UTF-8 text, folders as path prefixes). */
export function zipWorkspace(files: Iterable<[string, string]>): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [p, c] of files) entries[p] = strToU8(c);
  return zipSync(entries, { level: 6 });
}
