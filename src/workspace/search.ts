// Search and replace across the workspace's files, without React or Monaco:
// a query (text or regular expression, case, whole word) becomes one global
// RegExp; matches carry their line and column for the results list, and a
// replacement becomes text edits the caller applies through the editor (an
// open file, so it can be undone) or the workspace (any other file).
import type { TextEdit } from './text-edits';

export interface SearchOptions {
  regex: boolean;
  matchCase: boolean;
  wholeWord: boolean;
}

type CompiledQuery = { ok: true; pattern: RegExp; regex: boolean } | { ok: false; error: string };

export interface TextMatch {
  /** Offset and length in the file's text (a match may span lines). */
  offset: number;
  length: number;
  /** 1-based, as the editor counts them. */
  line: number;
  column: number;
  /** The line the match starts on, without its line break. */
  lineText: string;
}

interface FileMatches {
  path: string;
  matches: TextMatch[];
}

interface SearchResult {
  files: FileMatches[];
  /** More matches exist than were listed. */
  truncated: boolean;
}

/** More than this in one search is a query to narrow, not a list to read. */
const MAX_MATCHES = 2000;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The query as a global, multi-line RegExp; an invalid regular expression is an error to show, never thrown. */
export function compileQuery(query: string, opts: SearchOptions): CompiledQuery {
  let source = opts.regex ? query : escapeRegExp(query);
  // Lookarounds rather than \b: a query that starts or ends with a non-word character still matches as a whole word.
  if (opts.wholeWord) source = `(?<![\\w])(?:${source})(?![\\w])`;
  try {
    return { ok: true, pattern: new RegExp(source, `gm${opts.matchCase ? '' : 'i'}`), regex: opts.regex };
  } catch (e) {
    return { ok: false, error: `Not a valid regular expression: ${(e as Error).message.replace(/^Invalid regular expression: /, '')}` };
  }
}

/**
 * Every match of `pattern` (global) in `text`, at most `limit`. A match of
 * no characters (`^`, `\b`, `x*`) is listed once and the search moves on by
 * one character, so it never loops.
 */
function findInText(text: string, pattern: RegExp, limit = MAX_MATCHES): TextMatch[] {
  const out: TextMatch[] = [];
  const lines = lineIndex(text);
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m && out.length < limit; m = pattern.exec(text)) {
    if (m[0].length === 0) pattern.lastIndex = m.index + 1;
    const line = lineOf(lines, m.index);
    const start = lines[line];
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (end > start && text[end - 1] === '\r') end--;
    out.push({ offset: m.index, length: m[0].length, line: line + 1, column: m.index - start + 1, lineText: text.slice(start, end) });
    if (pattern.lastIndex > text.length) break;
  }
  return out;
}

/** Searches `files` in the order given; files without a match are left out. */
export function searchFiles(files: Iterable<[path: string, text: string]>, query: CompiledQuery, limit = MAX_MATCHES): SearchResult {
  const result: SearchResult = { files: [], truncated: false };
  if (!query.ok) return result;
  let left = limit;
  for (const [path, text] of files) {
    if (left <= 0) {
      result.truncated ||= hasMatch(text, query.pattern);
      if (result.truncated) break;
      continue;
    }
    const matches = findInText(text, query.pattern, left + 1);
    if (matches.length > left) {
      result.truncated = true;
      matches.length = left;
    }
    if (matches.length) result.files.push({ path, matches });
    left -= matches.length;
  }
  return result;
}

function hasMatch(text: string, pattern: RegExp): boolean {
  pattern.lastIndex = 0;
  return pattern.exec(text) !== null;
}

/**
 * The edits that replace the matches in `text` (only the one at `onlyAt`
 * when given), last match first: applied in that order, or all at once
 * against the original text, each offset is still right. With a regular
 * expression, `$1`, `$<name>`, `$&` and `$$` in `replacement` mean what
 * they mean in String.prototype.replace; otherwise it is literal text.
 */
export function replacementEdits(text: string, query: CompiledQuery, replacement: string, onlyAt?: number): TextEdit[] {
  if (!query.ok) return [];
  const edits: TextEdit[] = [];
  const { pattern } = query;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m[0].length === 0) pattern.lastIndex = m.index + 1;
    if (onlyAt === undefined || m.index === onlyAt) {
      edits.push({ offset: m.index, length: m[0].length, text: query.regex ? expandReplacement(replacement, m) : replacement });
      if (onlyAt !== undefined) break;
    }
    if (pattern.lastIndex > text.length) break;
  }
  return edits.reverse();
}

/** `replacement` with the match's groups substituted, as String.prototype.replace does it. */
function expandReplacement(replacement: string, m: RegExpExecArray): string {
  return replacement.replace(/\$(\$|&|`|'|<([^>]*)>|\d{1,2})/g, (all, token: string, name: string | undefined) => {
    if (token === '$') return '$';
    if (token === '&') return m[0];
    if (token === '`') return m.input.slice(0, m.index);
    if (token === "'") return m.input.slice(m.index + m[0].length);
    if (name !== undefined) return m.groups?.[name] ?? (m.groups ? '' : all);
    // `$12` is group 12 when there is one, else group 1 followed by "2" (as String.prototype.replace reads it).
    const two = Number(token);
    if (two > 0 && two < m.length) return m[two] ?? '';
    const one = Number(token[0]);
    if (token.length === 2 && one > 0 && one < m.length) return (m[one] ?? '') + token[1];
    return all;
  });
}

/** Offsets where each line starts. */
function lineIndex(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The 0-based line holding `offset` (binary search over the line starts). */
function lineOf(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
