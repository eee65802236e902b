// The types check's one rule, whichever compiler runs it: the TypeScript
// compiler in Node (typescript-types.ts) or Monaco's TypeScript worker in the
// browser (src/editor/typescript-worker.ts). Both check the same options over
// the checked file named by the language, and hand their diagnostics here,
// where the completed text's are diffed against the baseline's by code and
// flattened message (positions shift with the completion, what is wrong does
// not). A diagnostic counts when it is new and meets the completion's span.
//
// Beside the checked file, the compiler sees the workspace files it imports
// by a relative path, and theirs, within a budget (type-imports.ts: which
// files, and the module resolution both hosts answer with). Everything else
// is unknown: a package's import (`react`), a file past the budget, the
// project's ambient types. An unresolved import's names are `any`, so
// diagnostics that only say "not found" are left to the names checker
// (javascript.ts), which knows the workspace's names and gives up where the
// tree cannot tell; and a missing member of a type that extends an
// unresolved one is dropped before it gets here (typescript-open-types.ts),
// since the base would bring members the compiler does not list. Diagnostics
// of the imported files themselves are never read: an error there is no
// completion's doing, and the checked file's copies of it are diffed away.
import type TS from 'typescript';
import { languageSpec } from '../languages/registry';
import type { LanguageId } from '../vocabulary/types';
import type { SemanticFinding, SemanticRequest } from './types';
import { runsInBrowser } from './browser-code';

/** The lib file the check reads (ES2022 and what it references); browser code gets the DOM's beside it (browser-code.ts). */
export const TYPES_ROOT_LIB = 'lib.es2022.d.ts';

/**
 * The compiler options of every types check, as the numbers the compiler's
 * enums stand for (this room cannot load the compiler; a test holds them to
 * its enums). Every file a module (`moduleDetection: force`): a script's
 * top-level names would collide with the lib's globals. `strict` off: the
 * check is for what is plainly wrong, not for style.
 */
export const TYPES_COMPILER_OPTIONS: Readonly<TS.CompilerOptions> = {
  target: 9, // ES2022
  module: 99, // ESNext
  moduleResolution: 100, // Bundler
  moduleDetection: 3, // Force
  lib: [TYPES_ROOT_LIB],
  // No `@typescript/lib-*` package lookups: the lib is the one above.
  libReplacement: false,
  types: [],
  jsx: 1, // Preserve
  // JSX's intrinsic elements untyped: the JSX namespace is looked up in this namespace, which nothing declares. React's
  // (found through its types' global `React`) types every `<div>`'s attributes by unions of hundreds of members,
  // which a new checker per keystroke resolves again at several hundred milliseconds a check; components' props are
  // typed still (by the component's own signature).
  reactNamespace: 'TypesCheckNoJsxNamespace',
  allowJs: true,
  // A relative import may name a workspace file's own `.ts` (type-imports.ts); the check emits nothing.
  allowImportingTsExtensions: true,
  checkJs: true,
  strict: false,
  noEmit: true,
  skipLibCheck: true,
};

/** The options of a check of code that runs in a browser (browser-code.ts): the same, with the DOM's types. */
export const TYPES_BROWSER_COMPILER_OPTIONS: Readonly<TS.CompilerOptions> = {
  ...TYPES_COMPILER_OPTIONS,
  lib: [TYPES_ROOT_LIB, 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
};

/** "Cannot find ..." and other one-file blind spots: a file or project the host does not have. */
const BLIND_SPOTS = new Set([
  2304, 2552, 2503, 2307, 2792, 2688, 2318, 2580, 2581, 2582, 2583, 2584, 2591, 2592, 2593, 2812, 2867, 2868, 7016, 2875,
]);

/**
 * In JavaScript (checked as `checkJs`) only what is plainly not there: a
 * property or method a known type lacks, a call of what cannot be called.
 * JavaScript's idioms (expandos, loose arity) trip the rest.
 */
const JAVASCRIPT_CODES = new Set([2339, 2551, 2349, 2351]);

/** The checked file's name: its extension tells the compiler the language (JavaScript as JSX, so either parses). */
export function typesFileName(language: LanguageId): string {
  return `input${languageSpec(language)?.semantic.types?.extension ?? '.ts'}`;
}

/** A diagnostic's message: a string, or the compiler's chain of them. */
type TypeMessage = string | { messageText: string; next?: readonly TypeMessage[] | undefined };

/** What the check reads of a compiler diagnostic (the compiler's own objects, or the worker's copies of them). */
export interface TypeDiagnostic {
  code: number;
  start?: number;
  length?: number;
  messageText: TypeMessage;
}

/** The compiler's `flattenDiagnosticMessageText`, written out so that both hosts key a diagnostic alike. */
export function flattenMessage(message: TypeMessage | undefined, newLine: string, indent = 0): string {
  if (typeof message === 'string') return message;
  if (message === undefined) return '';
  let out = indent ? newLine + '  '.repeat(indent) : '';
  out += message.messageText;
  for (const kid of message.next ?? []) out += flattenMessage(kid, newLine, indent + 1);
  return out;
}

/**
 * The semantic diagnostics of one file named `fileName` holding `text`: of
 * the statements and class members around [start, end] (the compiler's
 * region diagnostics, typescript-region.ts), or of the whole file; with
 * the DOM lib when `browser` (TYPES_BROWSER_COMPILER_OPTIONS).
 */
export type Diagnose = (fileName: string, text: string, start: number, end: number, browser: boolean) => Promise<readonly TypeDiagnostic[]>;

/** What the types check reads: the completed text and the completion's span in it. */
export interface TypesInput {
  language: LanguageId;
  /** The checked file's workspace path, when known: its relative imports resolve from there. */
  file?: string;
  text: string;
  completionStart: number;
  completionEnd: number;
  /** With the DOM lib or without, whatever the text says (the bench's comparison); absent: as browser-code.ts decides. */
  browser?: boolean;
}

/** The input for a request, built as the dispatcher builds it (src/semantic/check.ts). */
export function typesInput(request: Pick<SemanticRequest, 'language' | 'prefix' | 'completion' | 'suffix' | 'file'>): TypesInput {
  return {
    language: request.language,
    ...(request.file !== undefined && { file: request.file }),
    text: request.prefix + request.completion + request.suffix,
    completionStart: request.prefix.length,
    completionEnd: request.prefix.length + request.completion.length,
  };
}

/** 0-based row and column of `offset`, with the compiler's line breaks. */
function rowColumn(text: string, offset: number): { row: number; column: number } {
  let row = 0;
  let lineStart = 0;
  for (const m of text.slice(0, offset).matchAll(/\r\n|[\n\r\u2028\u2029]/g)) {
    row++;
    lineStart = m.index + m[0].length;
  }
  return { row, column: offset - lineStart };
}

/**
 * The type errors the completion introduces. The caller has made sure the
 * text is the whole document (window.ts): types declared in the rest of a
 * longer one are as unknown as its names.
 */
export async function typeFindings(input: TypesInput, diagnose: Diagnose): Promise<SemanticFinding[]> {
  const { language, text, completionStart, completionEnd } = input;
  const name = typesFileName(language);
  const all = languageSpec(language)?.semantic.types?.diagnostics !== 'plainly-missing';
  const counts = (d: TypeDiagnostic) => !BLIND_SPOTS.has(d.code) && (all || JAVASCRIPT_CODES.has(d.code));
  const keyOf = (d: TypeDiagnostic) => `${d.code}:${flattenMessage(d.messageText, '\n')}`;
  const meets = (d: TypeDiagnostic) => (d.start ?? 0) <= completionEnd && (d.start ?? 0) + (d.length ?? 0) >= completionStart;

  const baseline = text.slice(0, completionStart) + text.slice(completionEnd);
  // One lib for both texts: a completion that starts reading `document` makes the baseline browser code too.
  const browser = input.browser ?? (runsInBrowser(language, text) || runsInBrowser(language, baseline));
  const counted = (await diagnose(name, text, completionStart, completionEnd, browser)).filter(counts);
  const after = counted.filter(meets);
  // Most completions meet no diagnostic: the baseline (the text without the completion) is checked only when one needs telling apart.
  if (after.length === 0) return [];
  // A diagnostic on the completion's own text alone is new: that text is not in the baseline, where a twin could only
  // be the same words about other code, which the completion repeats (a misspelled member, a wrong argument it wrote).
  const inside = (d: TypeDiagnostic) => d.start !== undefined && d.start >= completionStart && d.start + (d.length ?? 0) <= completionEnd;
  if (after.every(inside)) return after.map((d) => finding(text, d));
  const before = new Map<string, number>();
  for (const d of (await diagnose(name, baseline, completionStart, completionStart, browser)).filter(counts))
    before.set(keyOf(d), (before.get(keyOf(d)) ?? 0) + 1);
  // The document's own errors, away from the completion, take their baseline twins first.
  for (const d of counted) {
    if (meets(d)) continue;
    const seen = before.get(keyOf(d)) ?? 0;
    if (seen > 0) before.set(keyOf(d), seen - 1);
  }

  const findings: SemanticFinding[] = [];
  for (const d of after) {
    const key = keyOf(d);
    const seen = before.get(key) ?? 0;
    if (seen > 0) {
      before.set(key, seen - 1);
      continue;
    }
    findings.push(finding(text, d));
  }
  return findings;
}

function finding(text: string, d: TypeDiagnostic): SemanticFinding {
  return { kind: 'type-error', name: `TS${d.code}`, ...rowColumn(text, d.start ?? 0), detail: flattenMessage(d.messageText, ' ') };
}
