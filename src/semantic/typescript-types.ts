// Type errors the completion introduces in TypeScript, TSX and JavaScript,
// from the TypeScript compiler's language service over a one-file in-memory
// host: the completed text and the baseline are checked in turn and their
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
import type { LanguageChecker, SemanticFinding, SemanticInput } from './types';

/** The lib files the check reads (ES2022 and what it references); no DOM: a DOM name is the names checker's. */
const ROOT_LIB = 'lib.es2022.d.ts';

/** "Cannot find ..." and other one-file blind spots: a file or project the host does not have. */
const BLIND_SPOTS = new Set([
  2304, 2552, 2503, 2307, 2792, 2688, 2318, 2580, 2581, 2582, 2583, 2584, 2591, 2592, 2593, 2867, 2868, 7016,
  2875,
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
  service: TS.LanguageService;
  /** The one file's current text, by extension. */
  files: Map<string, { text: string; version: number }>;
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
  // Lib files are read once per process and kept as snapshots whose version never changes,
  // so each new program reuses their parsed and bound source files.
  const libs = new Map<string, TS.IScriptSnapshot | undefined>();
  const lib = (file: string) => {
    if (!libs.has(file)) {
      const full = path.join(libDir, path.basename(file));
      libs.set(file, fs.existsSync(full) ? ts.ScriptSnapshot.fromString(fs.readFileSync(full, 'utf8')) : undefined);
    }
    return libs.get(file);
  };
  const files = new Map<string, { text: string; version: number }>();
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
    noResolve: true,
  };
  const host: TS.LanguageServiceHost = {
    getCompilationSettings: () => options,
    getScriptFileNames: () => [...files.keys()],
    getScriptVersion: (name) => String(files.get(name)?.version ?? 0),
    getScriptSnapshot: (name) => {
      const f = files.get(name);
      return f ? ts.ScriptSnapshot.fromString(f.text) : lib(name);
    },
    getCurrentDirectory: () => '/',
    getDefaultLibFileName: () => path.join(libDir, ROOT_LIB),
    fileExists: (name) => files.has(name) || lib(name) !== undefined,
    readFile: (name) => files.get(name)?.text ?? lib(name)?.getText(0, lib(name)!.getLength()),
  };
  return { ts, service: ts.createLanguageService(host, ts.createDocumentRegistry()), files };
}

function fileName(language: string): string {
  return language === 'javascript' ? '/semantic/input.jsx' : language === 'tsx' ? '/semantic/input.tsx' : '/semantic/input.ts';
}

function diagnose(s: Service, name: string, text: string): TS.Diagnostic[] {
  const previous = s.files.get(name);
  // One file at a time: the baseline and the completed text would collide as two files.
  s.files.clear();
  s.files.set(name, { text, version: (previous?.version ?? 0) + 1 });
  return s.service.getSemanticDiagnostics(name);
}

/** The service, created on first use; the browser has none yet. */
export function typescriptService(): Promise<Service> {
  if (!inNode()) return Promise.reject(new Error(TYPES_NOT_IN_BROWSER));
  if (!loading) {
    loading = createService();
    loading.catch(() => (loading = undefined));
  }
  return loading;
}

export async function findTypeErrors(input: SemanticInput): Promise<SemanticFinding[]> {
  const s = await typescriptService();
  const { ts } = s;
  const language = input.request.language;
  const name = fileName(language);
  const counts = (d: TS.Diagnostic) =>
    !BLIND_SPOTS.has(d.code) && (language !== 'javascript' || JAVASCRIPT_CODES.has(d.code));
  const keyOf = (d: TS.Diagnostic) => `${d.code}:${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;

  const before = new Map<string, number>();
  for (const d of diagnose(s, name, input.baseline.text).filter(counts)) before.set(keyOf(d), (before.get(keyOf(d)) ?? 0) + 1);
  const after = diagnose(s, name, input.text).filter(counts);
  const source = s.service.getProgram()?.getSourceFile(name);

  const findings: SemanticFinding[] = [];
  for (const d of after) {
    const key = keyOf(d);
    const seen = before.get(key) ?? 0;
    if (seen > 0) {
      before.set(key, seen - 1);
      continue;
    }
    const start = d.start ?? 0;
    const end = start + (d.length ?? 0);
    if (end < input.completionStart || start > input.completionEnd) continue;
    const { line, character } = source ? ts.getLineAndCharacterOfPosition(source, start) : { line: 0, character: 0 };
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
  languages: ['typescript', 'tsx', 'javascript'],
  kind: 'types',
  unavailableReason: () => (inNode() ? undefined : TYPES_NOT_IN_BROWSER),
  check: findTypeErrors,
};
