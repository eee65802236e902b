// Language registry: our language ids (Monaco's ids, so the editor can pass
// `model.getLanguageId()` straight through) -> the tree-sitter grammar that
// parses them. Pure data: no wasm, no fs, no fetch.
//
// Grammar files are the ones shipped in @vscode/tree-sitter-wasm's `wasm/`
// folder; how a runtime finds them (node_modules path, URL) is the port's job.

import type { LanguageId } from '../vocabulary/types';

export interface LanguageSpec {
  id: LanguageId;
  /** File name of the grammar in @vscode/tree-sitter-wasm/wasm/. */
  grammar: string;
  /** Lower-case file extensions, with the dot. */
  extensions: readonly string[];
  /** Checks on top of the grammar, for what the grammar lets through (see python-checks.ts). */
  checks?: 'python';
}

const SPECS: readonly LanguageSpec[] = [
  { id: 'python', grammar: 'tree-sitter-python.wasm', extensions: ['.py', '.pyi'], checks: 'python' },
  { id: 'java', grammar: 'tree-sitter-java.wasm', extensions: ['.java'] },
  // `.h` goes to C++: a header is as often C++ as C, and the C++ grammar
  // accepts almost every C header (see `c` below for where it does not).
  { id: 'cpp', grammar: 'tree-sitter-cpp.wasm', extensions: ['.cpp', '.cc', '.cxx', '.c++', '.hpp', '.hh', '.hxx', '.h'] },
  { id: 'csharp', grammar: 'tree-sitter-c-sharp.wasm', extensions: ['.cs'] },
  // tree-sitter-javascript parses JSX too, so .jsx needs no grammar of its own.
  { id: 'javascript', grammar: 'tree-sitter-javascript.wasm', extensions: ['.js', '.mjs', '.cjs', '.jsx'] },
  { id: 'typescript', grammar: 'tree-sitter-typescript.wasm', extensions: ['.ts', '.mts', '.cts'] },
  // Monaco has no `tsx` id (it calls .tsx files `typescript`), but the
  // typescript grammar rejects JSX, so a .tsx file must be validated as `tsx`.
  { id: 'tsx', grammar: 'tree-sitter-tsx.wasm', extensions: ['.tsx'] },
  { id: 'go', grammar: 'tree-sitter-go.wasm', extensions: ['.go'] },
  { id: 'rust', grammar: 'tree-sitter-rust.wasm', extensions: ['.rs'] },
];

/**
 * Languages we recognise by file name but cannot check soundly. `c`: the
 * package ships no C grammar, and the C++ grammar rejects valid C (K&R
 * parameter declarations, C++ keywords such as `template` used as
 * identifiers), which would escalate good completions for a made-up reason.
 * These ids come back `checked: false`, never as a silent pass.
 */
const UNCHECKED_EXTENSIONS: Readonly<Record<string, LanguageId>> = { '.c': 'c' };

const BY_ID = new Map<LanguageId, LanguageSpec>(SPECS.map((s) => [s.id, s]));
const BY_EXTENSION = new Map<string, LanguageId>([
  ...SPECS.flatMap((s) => s.extensions.map((e) => [e, s.id] as [string, LanguageId])),
  ...Object.entries(UNCHECKED_EXTENSIONS),
]);

export const SUPPORTED_LANGUAGES: readonly LanguageId[] = SPECS.map((s) => s.id);

/** The language's grammar and checks; undefined for a language we cannot check. */
export function languageSpec(id: LanguageId): LanguageSpec | undefined {
  return BY_ID.get(id);
}

/**
 * Language id for a file name or path, by extension (case-insensitive), or
 * undefined when the extension is unknown. May return an id that is not
 * supported for checking (`c`): ask `languageSpec` for that.
 */
export function languageFromFileName(name: string): LanguageId | undefined {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return undefined; // no extension, or a dotfile such as `.py`
  return BY_EXTENSION.get(base.slice(dot).toLowerCase());
}
