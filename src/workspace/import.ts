// Deciding what of an imported folder, file selection or drop goes into the
// workspace: text files only, within size and count limits, with names the
// storage accepts, never overwriting what is already there. A zip is opened
// into its files and folders. Pure: the reading of bytes is behind `read()`
// and only done for files that pass the cheap checks.
import { decodeText } from './decode-text';
import { normalizePath, pathProblem } from './paths';
import type { IncomingFile } from './incoming-file';
import { isZip, unzipEntries } from './zip';

export type { IncomingFile } from './incoming-file';

const IMPORT_LIMITS = { maxFileBytes: 5 * 1024 * 1024, maxFiles: 10_000, maxZipBytes: 100 * 1024 * 1024 };
const SKIPPED_FOLDERS = /(^|\/)(\.git|node_modules)(\/|$)/;

/** Whether a path lies in a folder an import never takes (.git, node_modules): a folder walk need not go in. */
export const inSkippedFolder = (path: string): boolean => SKIPPED_FOLDERS.test(path);

/** A folder a walk did not go into (its path ends with `/`): said in the report, never counted as a file. */
const isFolderNotRead = (f: IncomingFile) => f.path.endsWith('/');

export interface ImportReport {
  accepted: [string, string][];
  /** Folders to create (a zip's directory entries: empty folders included). */
  folders: string[];
  /** Accepted files that were not UTF-8 and were read as Windows-1252. */
  legacyEncoded: string[];
  /** How many files were skipped for each reason, with up to 5 example paths. */
  skipped: { reason: string; count: number; examples: string[] }[];
  total: number;
}

/** Called as files are looked at: how many so far, of how many. */
type ImportProgress = (done: number, total: number) => void;

/** Every this many files a progress call, and a pause so the page can paint it. */
const PROGRESS_EVERY = 250;

export async function prepareImport(
  incoming: IncomingFile[],
  existing: { has(p: string): boolean; size: number },
  limits = IMPORT_LIMITS,
  onProgress?: ImportProgress,
): Promise<ImportReport> {
  const skipped = new Map<string, { count: number; examples: string[] }>();
  const skip = (reason: string, path: string) => {
    const s = skipped.get(reason) ?? { count: 0, examples: [] };
    s.count++;
    if (s.examples.length < 5) s.examples.push(path);
    skipped.set(reason, s);
  };
  const accepted: [string, string][] = [];
  const legacyEncoded: string[] = [];
  const seen = new Set<string>();
  const { files: expanded, folders: zipFolders } = await openZips(incoming, limits.maxZipBytes, skip);
  const folders = zipFolders.filter((f) => !SKIPPED_FOLDERS.test(f) && !pathProblem(f) && !existing.has(f));
  let room = Math.max(0, limits.maxFiles - existing.size);
  // In name order (as the tree shows them): when the limit cuts, it is clear which files came in,
  // whatever order the browser listed the folder in.
  const byName = new Intl.Collator('en', { numeric: true }).compare;
  const ordered = [...expanded].sort((a, b) => byName(a.path, b.path));
  let foldersNotRead = 0;
  for (const [i, f] of ordered.entries()) {
    if (onProgress && i % PROGRESS_EVERY === 0) {
      onProgress(i, expanded.length);
      await new Promise((r) => setTimeout(r, 0));
    }
    if (isFolderNotRead(f)) {
      skip('folder(s) not read: .git, node_modules', f.path.slice(0, -1));
      foldersNotRead++;
      continue;
    }
    const path = normalizePath(f.path);
    if (SKIPPED_FOLDERS.test(path)) {
      skip('inside .git or node_modules', path);
      continue;
    }
    const problem = pathProblem(path);
    if (problem) {
      skip(`refused name: ${problem}`, f.path);
      continue;
    }
    if (existing.has(path) || seen.has(path)) {
      skip('already in the workspace (yours is kept)', path);
      continue;
    }
    if (f.size > limits.maxFileBytes) {
      skip(`larger than ${limits.maxFileBytes / 1024 / 1024} MB`, path);
      continue;
    }
    if (room === 0) {
      skip(`over the workspace limit of ${limits.maxFiles.toLocaleString('en')} files`, path);
      continue;
    }
    const decoded = decodeText(await f.read());
    if (!decoded) {
      skip('binary (not text)', path);
      continue;
    }
    if (decoded.encoding === 'windows-1252') legacyEncoded.push(path);
    accepted.push([path, decoded.text]);
    seen.add(path);
    room--;
  }
  onProgress?.(expanded.length, expanded.length);
  return {
    accepted,
    folders,
    legacyEncoded,
    skipped: [...skipped].map(([reason, s]) => ({ reason, ...s })),
    total: expanded.length - foldersNotRead,
  };
}

/** The incoming files with every zip replaced by what it holds; a zip that cannot be opened is skipped. */
async function openZips(
  incoming: IncomingFile[],
  maxZipBytes: number,
  skip: (reason: string, path: string) => void,
): Promise<{ files: IncomingFile[]; folders: string[] }> {
  const files: IncomingFile[] = [];
  const folders: string[] = [];
  for (const f of incoming) {
    if (!isZip(f.path)) {
      files.push(f);
      continue;
    }
    if (f.size > maxZipBytes) {
      skip(`zip files larger than ${maxZipBytes / 1024 / 1024} MB`, f.path);
      continue;
    }
    try {
      const z = unzipEntries(f.path, await f.read());
      files.push(...z.files);
      folders.push(...z.folders);
    } catch {
      skip('zip files that could not be opened', f.path);
    }
  }
  return { files, folders };
}

export function describeImport(r: ImportReport): string {
  const parts = [`Imported ${r.accepted.length.toLocaleString('en')} of ${r.total.toLocaleString('en')} files.`];
  for (const s of r.skipped) parts.push(`Skipped ${s.count.toLocaleString('en')} ${s.reason} (e.g. ${s.examples.slice(0, 3).join(', ')}).`);
  if (r.legacyEncoded.length) {
    const shown = r.legacyEncoded.slice(0, 5).join(', ');
    const more = r.legacyEncoded.length > 5 ? ` and ${(r.legacyEncoded.length - 5).toLocaleString('en')} more` : '';
    parts.push(`Read as Windows-1252 (not UTF-8; check accents and symbols): ${shown}${more}.`);
  }
  return parts.join(' ');
}
