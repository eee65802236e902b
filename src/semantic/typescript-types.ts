// Type errors the completion introduces in TypeScript, TSX and JavaScript,
// in Node (tests, harness, bench): the TypeScript compiler from node_modules
// over an in-memory host (a program rebuilt per text on the previous one, as
// the language service does) holding the checked file and the workspace files
// it imports, when the checker is given the workspace (type-imports.ts). The
// rule, the options and the diff are type-diagnostics.ts's, which the
// browser's TypeScript worker (src/editor/typescript-worker.ts) serves too.
import type TS from 'typescript';
import { TYPE_CHECKED_LANGUAGES } from './types-check';
import { typeFindings, TYPES_BROWSER_COMPILER_OPTIONS, TYPES_COMPILER_OPTIONS, TYPES_ROOT_LIB, type Diagnose } from './type-diagnostics';
import { withoutOpenTypes } from './typescript-open-types';
import { regionDiagnostics } from './typescript-region';
import {
  compilerName,
  ImportGraph,
  linksKey,
  WORKSPACE_ROOT,
  workspaceResolver,
  type ImportBudget,
  type TypeImports,
} from './type-imports';
import { PackageResolution, type PackageFiles } from './package-types';
import type { LanguageChecker, SemanticFinding, SemanticInput, WorkspaceFiles } from './types';
import { partialWindow } from './window';
import { textChangeRange } from './text-change';
import { DiagnosticsCache } from './diagnostics-cache';

/** Outside Node this checker cannot load the compiler; the app runs the types check in Monaco's worker instead. */
const TYPES_NOT_IN_NODE = 'types are checked here only in Node';

/** One check's diagnostics, with the workspace files it imports in the program, and the packages' types. */
type DiagnoseWith = (imports: TypeImports | undefined, packages: PackageFiles | undefined) => Diagnose;

/** A compiler host per option set: code that runs in a browser is checked with the DOM lib (browser-code.ts). */
const loading = new Map<boolean, Promise<DiagnoseWith>>();

function inNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

async function createService(base: Readonly<TS.CompilerOptions>): Promise<DiagnoseWith> {
  const ts = (await import('typescript')).default;
  const fs = await import('node:fs');
  const path = await import('node:path');
  const libDir = path.dirname(ts.getDefaultLibFilePath({}));
  const options: TS.CompilerOptions = { ...base };
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
  // Workspace files are parsed once per text: a program over a new checked text reuses them as it does the lib.
  const parsed = new Map<string, TS.SourceFile>();
  const workspaceFile = (name: string, text: string, target: TS.ScriptTarget | TS.CreateSourceFileOptions) => {
    const had = parsed.get(name);
    if (had?.text === text) return had;
    const file = ts.createSourceFile(name, text, target, false);
    parsed.set(name, file);
    return file;
  };
  // The checked file's last parse per name: the next text is parsed incrementally from it (only the changed region's
  // statements anew), as the language service does with a snapshot's change range.
  const checkedFiles = new Map<string, TS.SourceFile>();
  const checkedFile = (name: string, text: string, target: TS.ScriptTarget | TS.CreateSourceFileOptions) => {
    const had = checkedFiles.get(name);
    if (had?.text === text) return had;
    const file = had ? ts.updateSourceFile(had, text, textChangeRange(had.text, text)) : ts.createSourceFile(name, text, target, false);
    checkedFiles.set(name, file);
    return file;
  };
  const cache = new DiagnosticsCache();
  let current = { name: '', text: '' };
  let imports: TypeImports | undefined;
  // One resolution (and its cache) per package source; a check without one resolves no package.
  const resolutions = new WeakMap<PackageFiles, PackageResolution>();
  let packages: PackageResolution | undefined;
  let resolve = workspaceResolver(undefined, () => false);
  let resolvedFor = '';
  let invalidated = false;
  const importedText = (name: string) =>
    imports && name.startsWith(WORKSPACE_ROOT) ? imports.files.get(name.slice(WORKSPACE_ROOT.length)) : undefined;
  const host: TS.CompilerHost = {
    getSourceFile: (name, target) => {
      if (name === current.name) return checkedFile(name, current.text, target);
      const text = importedText(name) ?? packages?.text(name);
      return text === undefined ? lib(name, target) : workspaceFile(name, text, target);
    },
    getDefaultLibFileName: () => path.join(libDir, TYPES_ROOT_LIB),
    getDefaultLibLocation: () => libDir,
    writeFile: () => {},
    getCurrentDirectory: () => '/',
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (name) =>
      name === current.name ||
      importedText(name) !== undefined ||
      packages?.text(name) !== undefined ||
      lib(name, ts.ScriptTarget.ES2022) !== undefined,
    readFile: (name) =>
      name === current.name ? current.text : (importedText(name) ?? packages?.text(name) ?? lib(name, ts.ScriptTarget.ES2022)?.text),
    // The check's workspace files (type-imports.ts), then the packages' types (package-types.ts); any other import is
    // unresolved, its names `any`.
    resolveModuleNameLiterals: (literals, containingFile) =>
      literals.map((literal) => {
        const found = resolve(literal.text, containingFile);
        if (found) return { resolvedModule: { ...found, extension: found.extension as TS.Extension, isExternalLibraryImport: false } };
        const from = containingFile === current.name && imports ? compilerName(imports.file) : containingFile;
        return { resolvedModule: packages?.resolve(literal.text, from) };
      }),
    // A file kept from the previous program keeps its resolved imports while the check's links are the same (a changed file is resolved again anyway).
    hasInvalidatedResolutions: () => invalidated,
  };
  let previous: TS.Program | undefined;
  return (checkImports, checkPackages) => async (fileName, text, start, end) => {
    const name = `/semantic/${fileName}`;
    imports = checkImports;
    resolve = workspaceResolver(checkImports, (f) => f === name);
    if (checkPackages && !resolutions.has(checkPackages)) resolutions.set(checkPackages, new PackageResolution(ts, checkPackages, options));
    packages = checkPackages && resolutions.get(checkPackages);
    const key = `${linksKey(checkImports)}\n${packages ? 'packages' : ''}`;
    invalidated = key !== resolvedFor;
    resolvedFor = key;
    // What else decides the answer: the imported files' texts (the same string while a file is unchanged).
    const env = [key, packages, ...(checkImports ? [...checkImports.files.values()] : [])];
    const cached = cache.get(env, name, text, start, end);
    if (cached) return cached;
    current = { name, text };
    const program = ts.createProgram([name], options, host, previous);
    previous = program;
    const file = program.getSourceFile(name)!;
    const diagnostics = withoutOpenTypes(ts, program, file, regionDiagnostics(ts, program, file, start, end));
    cache.set(env, name, text, start, end, diagnostics);
    return diagnostics;
  };
}

/** The compiler with the DOM lib (`browser`) or without, loaded on first use. */
function nodeDiagnose(browser: boolean): Promise<DiagnoseWith> {
  if (!inNode()) return Promise.reject(new Error(TYPES_NOT_IN_NODE));
  let service = loading.get(browser);
  if (!service) {
    service = createService(browser ? TYPES_BROWSER_COMPILER_OPTIONS : TYPES_COMPILER_OPTIONS);
    loading.set(browser, service);
    service.catch(() => loading.delete(browser));
  }
  return service;
}

export interface TypesCheckerOptions {
  /** How far the workspace files a checked file imports are followed (type-imports.ts). */
  budget?: ImportBudget;
  /** The installed packages' types, for bare imports. */
  packages?: PackageFiles;
  /** The DOM lib on or off whatever the text says (the bench's comparison); absent, the text decides (browser-code.ts). */
  browser?: boolean;
}

/**
 * The types checker; given the workspace's files, a request that names its
 * file (`request.file`) has the workspace files it imports in the program;
 * given the packages too, the types of its bare imports.
 */
export function createTypescriptTypesChecker(
  workspace?: WorkspaceFiles,
  { budget, packages, browser }: TypesCheckerOptions = {},
): LanguageChecker {
  const graph = new ImportGraph(budget);
  return {
    languages: TYPE_CHECKED_LANGUAGES,
    kind: 'types',
    unavailableReason: () => (inNode() ? undefined : TYPES_NOT_IN_NODE),
    async check(input: SemanticInput): Promise<SemanticFinding[]> {
      // Types declared in the rest of a longer document are as unknown as its names.
      const partial = partialWindow(input.request);
      if (partial) throw new Error(partial);
      const { file, language } = input.request;
      const imports = workspace && file !== undefined ? graph.imports(file, [input.text, input.baseline.text], workspace) : undefined;
      const diagnose: Diagnose = async (...args) => (await nodeDiagnose(args[4]))(imports, imports && packages)(...args);
      return typeFindings({ language, ...input, ...(browser !== undefined && { browser }) }, diagnose);
    },
  };
}
