// Type errors the completion introduces in TypeScript, TSX and JavaScript,
// from the TypeScript compiler over a one-file in-memory host (a program
// rebuilt per text on the previous one, as the language service does): the
// completed text and the baseline are checked in turn and their
// semantic diagnostics diffed by code and message (positions shift with the
// completion, what is wrong does not). A diagnostic counts when it is new
// and meets the completion's span.
//
// One file and no module resolution: what lives in other files (imports,
// ambient types of the project) is unknown here, so diagnostics that only
// say "not found" are left to the names checker (javascript.ts), which knows
// the workspace's names and gives up where the tree cannot tell.
//
// In Node (tests, harness, bench) the compiler and its lib files come from
// node_modules. The browser would use Monaco's TypeScript worker instead;
// until it does, a browser check says so rather than passing.
import type TS from 'typescript';
import { TYPE_CHECKED_LANGUAGES } from './check';
import { partialWindow } from './javascript';
import type { LanguageChecker, SemanticFinding, SemanticInput } from './types';

/** The lib files the check reads (ES2022 and what it references); no DOM: a DOM name is the names checker's. */
const ROOT_LIB = 'lib.es2022.d.ts';

/** "Cannot find ..." and other one-file blind spots: a file or project the host does not have. */
const BLIND_SPOTS = new Set([
  2304, 2552, 2503, 2307, 2792, 2688, 2318, 2580, 2581, 2582, 2583, 2584, 2591, 2592, 2593, 2867, 2868, 7016, 2875,
]);

/**
 * In JavaScript (checked as `checkJs`) only what is plainly not there: a
 * property or method a known type lacks, a call of what cannot be called.
 * JavaScript's idioms (expandos, loose arity) trip the rest.
 */
const JAVASCRIPT_CODES = new Set([2339, 2551, 2349, 2351]);

export const TYPES_NOT_IN_BROWSER = 'types not checked in the browser yet';

interface Service {
  ts: typeof TS;
  /**
   * The semantic diagnostics of one file holding `text`, named by extension:
   * of the statements and class members around [start, end] only, as the
   * language service's region diagnostics do for long files, or of the
   * whole file when the region is the file.
   */
  diagnose(name: string, text: string, start: number, end: number): { diagnostics: readonly TS.Diagnostic[]; source: TS.SourceFile };
}

let loading: Promise<Service> | undefined;

function inNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

async function createService(): Promise<Service> {
  const ts = (await import('typescript')).default;
  const fs = await import('node:fs');
  const path = await import('node:path');
  const libDir = path.dirname(ts.getDefaultLibFilePath({}));
  const options: TS.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    // Every file a module: a script's top-level names would collide with the lib's globals.
    moduleDetection: ts.ModuleDetectionKind.Force,
    lib: [ROOT_LIB],
    types: [],
    jsx: ts.JsxEmit.Preserve,
    allowJs: true,
    checkJs: true,
    strict: false,
    noEmit: true,
    skipLibCheck: true,
  };
  // Lib files are parsed once per process; each program over a new text reuses them (and the
  // previous program's structure), so a check pays for the one file only.
  const libs = new Map<string, TS.SourceFile | undefined>();
  const lib = (file: string, target: TS.ScriptTarget | TS.CreateSourceFileOptions) => {
    if (!libs.has(file)) {
      const full = path.join(libDir, path.basename(file));
      libs.set(file, fs.existsSync(full) ? ts.createSourceFile(file, fs.readFileSync(full, 'utf8'), target, false) : undefined);
    }
    return libs.get(file);
  };
  let current = { name: '', text: '' };
  const host: TS.CompilerHost = {
    getSourceFile: (name, target) => (name === current.name ? ts.createSourceFile(name, current.text, target, false) : lib(name, target)),
    getDefaultLibFileName: () => path.join(libDir, ROOT_LIB),
    getDefaultLibLocation: () => libDir,
    writeFile: () => {},
    getCurrentDirectory: () => '/',
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (name) => name === current.name || lib(name, ts.ScriptTarget.ES2022) !== undefined,
    readFile: (name) => (name === current.name ? current.text : lib(name, ts.ScriptTarget.ES2022)?.text),
    // No other files: an import resolves nowhere (its names are `any`), without looking on disk.
    resolveModuleNameLiterals: (literals) => literals.map(() => ({ resolvedModule: undefined })),
  };
  let previous: TS.Program | undefined;
  return {
    ts,
    diagnose(name, text, start, end) {
      current = { name, text };
      const program = ts.createProgram([name], options, host, previous);
      previous = program;
      const source = program.getSourceFile(name)!;
      const nodes = regionNodes(ts, source, start, end);
      // The third parameter (the nodes to check) is the compiler's own, used by region diagnostics; not in its public typings.
      const regional = program.getSemanticDiagnostics as (
        s: TS.SourceFile,
        c?: TS.CancellationToken,
        nodes?: readonly TS.Node[],
      ) => readonly TS.Diagnostic[];
      return {
        diagnostics: nodes.length ? regional.call(program, source, undefined, nodes) : program.getSemanticDiagnostics(source),
        source,
      };
    },
  };
}

/**
 * The innermost statements or class members that hold [start, end]: down
 * through the one that holds it while it has a body of statements or
 * members; every one that meets it when several do. Empty: the whole file.
 */
function regionNodes(ts: typeof TS, file: TS.SourceFile, start: number, end: number): TS.Node[] {
  const meets = (n: TS.Node) => n.pos <= end && n.end >= start;
  const inner = (n: TS.Node): readonly TS.Node[] | undefined => {
    if (ts.isClassLike(n)) return n.members;
    if (ts.isModuleDeclaration(n) && n.body && ts.isModuleBlock(n.body)) return n.body.statements;
    if (ts.isBlock(n)) return n.statements;
    if (
      (ts.isFunctionDeclaration(n) ||
        ts.isMethodDeclaration(n) ||
        ts.isConstructorDeclaration(n) ||
        ts.isGetAccessor(n) ||
        ts.isSetAccessor(n)) &&
      n.body
    )
      return n.body.statements;
    return undefined;
  };
  let list: readonly TS.Node[] = file.statements;
  let chosen: TS.Node[] = [];
  for (;;) {
    const hit = list.filter(meets);
    if (hit.length !== 1) return hit.length ? hit : chosen;
    chosen = hit;
    const body = inner(hit[0]);
    // Down only where the completion lies inside the body's statements, not in a signature.
    if (!body || body.length === 0 || start < body[0].pos || end > body[body.length - 1].end) return chosen;
    list = body;
  }
}

function fileName(language: string): string {
  return language === 'javascript' ? '/semantic/input.jsx' : language === 'tsx' ? '/semantic/input.tsx' : '/semantic/input.ts';
}

/** The compiler, loaded on first use; the browser has none yet. */
function typescriptService(): Promise<Service> {
  if (!inNode()) return Promise.reject(new Error(TYPES_NOT_IN_BROWSER));
  if (!loading) {
    loading = createService();
    loading.catch(() => (loading = undefined));
  }
  return loading;
}

async function findTypeErrors(input: SemanticInput): Promise<SemanticFinding[]> {
  // Types declared in the rest of the document are as unknown as its names.
  const partial = partialWindow(input.request);
  if (partial) throw new Error(partial);
  const s = await typescriptService();
  const { ts } = s;
  const language = input.request.language;
  const name = fileName(language);
  const counts = (d: TS.Diagnostic) => !BLIND_SPOTS.has(d.code) && (language !== 'javascript' || JAVASCRIPT_CODES.has(d.code));
  const keyOf = (d: TS.Diagnostic) => `${d.code}:${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;

  const { diagnostics, source } = s.diagnose(name, input.text, input.completionStart, input.completionEnd);
  const meets = (d: TS.Diagnostic) => (d.start ?? 0) <= input.completionEnd && (d.start ?? 0) + (d.length ?? 0) >= input.completionStart;
  const counted = diagnostics.filter(counts);
  const after = counted.filter(meets);
  // Most completions meet no diagnostic: the baseline is checked only when one needs telling apart.
  if (after.length === 0) return [];
  const before = new Map<string, number>();
  for (const d of s.diagnose(name, input.baseline.text, input.completionStart, input.completionStart).diagnostics.filter(counts))
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
    const { line, character } = ts.getLineAndCharacterOfPosition(source, d.start ?? 0);
    findings.push({
      kind: 'type-error',
      name: `TS${d.code}`,
      row: line,
      column: character,
      detail: ts.flattenDiagnosticMessageText(d.messageText, ' '),
    });
  }
  return findings;
}

export const typescriptTypesChecker: LanguageChecker = {
  languages: TYPE_CHECKED_LANGUAGES,
  kind: 'types',
  unavailableReason: () => (inNode() ? undefined : TYPES_NOT_IN_BROWSER),
  check: findTypeErrors,
};
