// Type errors the completion introduces in TypeScript, TSX and JavaScript,
// in Node (tests, harness, bench): the TypeScript compiler from node_modules
// over a one-file in-memory host (a program rebuilt per text on the previous
// one, as the language service does). The rule, the options and the diff are
// type-diagnostics.ts's, which the browser's TypeScript worker
// (src/editor/typescript-worker.ts) serves too.
import type TS from 'typescript';
import { TYPE_CHECKED_LANGUAGES } from './types-check';
import { typeFindings, TYPES_COMPILER_OPTIONS, TYPES_ROOT_LIB, type Diagnose } from './type-diagnostics';
import { regionDiagnostics } from './typescript-region';
import type { LanguageChecker, SemanticFinding, SemanticInput } from './types';
import { partialWindow } from './window';

/** Outside Node this checker cannot load the compiler; the app runs the types check in Monaco's worker instead. */
export const TYPES_NOT_IN_NODE = 'types are checked here only in Node';

let loading: Promise<Diagnose> | undefined;

function inNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

async function createService(): Promise<Diagnose> {
  const ts = (await import('typescript')).default;
  const fs = await import('node:fs');
  const path = await import('node:path');
  const libDir = path.dirname(ts.getDefaultLibFilePath({}));
  const options: TS.CompilerOptions = { ...TYPES_COMPILER_OPTIONS };
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
    getDefaultLibFileName: () => path.join(libDir, TYPES_ROOT_LIB),
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
  return async (fileName, text, start, end) => {
    const name = `/semantic/${fileName}`;
    current = { name, text };
    const program = ts.createProgram([name], options, host, previous);
    previous = program;
    return regionDiagnostics(ts, program, program.getSourceFile(name)!, start, end);
  };
}

/** The compiler, loaded on first use. */
function nodeDiagnose(): Promise<Diagnose> {
  if (!inNode()) return Promise.reject(new Error(TYPES_NOT_IN_NODE));
  if (!loading) {
    loading = createService();
    loading.catch(() => (loading = undefined));
  }
  return loading;
}

async function findTypeErrors(input: SemanticInput): Promise<SemanticFinding[]> {
  // Types declared in the rest of a longer document are as unknown as its names.
  const partial = partialWindow(input.request);
  if (partial) throw new Error(partial);
  return typeFindings({ language: input.request.language, ...input }, await nodeDiagnose());
}

export const typescriptTypesChecker: LanguageChecker = {
  languages: TYPE_CHECKED_LANGUAGES,
  kind: 'types',
  unavailableReason: () => (inNode() ? undefined : TYPES_NOT_IN_NODE),
  check: findTypeErrors,
};
