// Workspace paths: `folder/sub/file.py`, forward slashes, no leading slash.
// Names the browser's storage, zip files or other operating systems refuse
// are rejected up front with the reason, so nothing half-saves.

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const REFUSED_CHARS = /[\\:*?"<>|]/;
const MAX_NAME_BYTES = 255;
const MAX_PATH_LENGTH = 1024;

/** Why one path segment is refused, or undefined when it is fine. */
function nameProblem(name: string): string | undefined {
  if (!name) return 'a name cannot be empty';
  if (name === '.' || name === '..') return `"${name}" is not a file name`;
  if (CONTROL.test(name)) return `"${printable(name)}" contains a control character`;
  const bad = REFUSED_CHARS.exec(name);
  if (bad) return `"${name}" contains "${bad[0]}", which file systems and zip files refuse`;
  if (/[. ]$/.test(name)) return `"${name}" ends with a dot or a space`;
  if (WINDOWS_RESERVED.test(name)) return `"${name}" is a reserved device name on Windows`;
  if (new TextEncoder().encode(name).length > MAX_NAME_BYTES) return `"${name.slice(0, 40)}…" is longer than ${MAX_NAME_BYTES} bytes`;
  if (/[\ud800-\udfff]/.test(name.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))) return `"${printable(name)}" is not valid Unicode`;
  return undefined;
}

function printable(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** `a//b/./c` -> `a/b/c`; leading and trailing slashes dropped. Does not validate. */
export function normalizePath(p: string): string {
  return p
    .split('/')
    .filter((s) => s !== '' && s !== '.')
    .join('/');
}

/** Why a whole path is refused, or undefined. */
export function pathProblem(p: string): string | undefined {
  const norm = normalizePath(p);
  if (!norm) return 'a path cannot be empty';
  if (norm.length > MAX_PATH_LENGTH) return `the path is longer than ${MAX_PATH_LENGTH} characters`;
  for (const seg of norm.split('/')) {
    const problem = nameProblem(seg);
    if (problem) return problem;
  }
  return undefined;
}

export function dirname(p: string): string {
  const i = p.lastIndexOf('/');
  return i < 0 ? '' : p.slice(0, i);
}

export function basename(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}

export function joinPath(...parts: string[]): string {
  return normalizePath(parts.filter(Boolean).join('/'));
}

/** True when `p` is `folder` itself or lies inside it. */
export function isWithin(p: string, folder: string): boolean {
  return folder === '' || p === folder || p.startsWith(`${folder}/`);
}

/** Every ancestor folder of a path, outermost first: `a/b/c.py` -> [`a`, `a/b`]. */
export function ancestors(p: string): string[] {
  const segs = p.split('/');
  const out: string[] = [];
  for (let i = 1; i < segs.length; i++) out.push(segs.slice(0, i).join('/'));
  return out;
}
