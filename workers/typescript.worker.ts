// Thin host: Monaco's TypeScript worker (its language service over the models
// the main thread syncs into it) with one method more, the semantic check's
// types rule (src/semantic/type-diagnostics.ts) on a model's text, over the
// region diagnostics the Node compiler host asks for too
// (src/semantic/typescript-region.ts). The text without the completion is
// made here, from the model's, as one more file of the service: the main
// thread sends an edit per check, never a text. The workspace files a
// checked file imports (src/semantic/type-imports.ts) are held here too,
// each sent once per text; a check names its links to them, and the
// compiler's module resolution follows those only. A bare import resolves
// to the installed packages' types (src/semantic/package-types.ts) that the
// main thread read from the opened folder for it: what a check asks for and
// the worker does not hold is returned with the answer, to be read and
// learnt. The parts are timed, so that where a check's time goes can be told.
import { initialize } from 'monaco-editor/internal/common/initialize';
import { TypeScriptWorker } from 'monaco-editor/languages/features/typescript/tsWorker';
import { typescript as ts } from 'monaco-editor/languages/features/typescript/lib/typescriptServices';
import { typeFindings } from '../src/semantic/type-diagnostics';
import { compilerName, linksKey, workspaceResolver, type ImportLinks } from '../src/semantic/type-imports';
import { isPackagePath, PackageResolution, type PackageAnswer, type PackageProbe } from '../src/semantic/package-types';
import { TYPES_BROWSER_COMPILER_OPTIONS, TYPES_COMPILER_OPTIONS } from '../src/semantic/type-diagnostics';
import { withoutOpenTypes } from '../src/semantic/typescript-open-types';
import { regionDiagnostics } from '../src/semantic/typescript-region';
import type { CheckingWorker, HeldFile, WorkerTypeFindings } from '../src/semantic/typescript-worker-api';
import type { LanguageId } from '../src/vocabulary/types';
import { textChangeRange } from '../src/semantic/text-change';
import { DiagnosticsCache } from '../src/semantic/diagnostics-cache';

/** At most this many package paths asked about are kept for the main thread to read per answer; the rest are asked again. */
const MAX_PROBES = 256;

/** The baseline of a checked file: a file beside the model's, with the same name in a folder of its own. */
const baselineOf = (fileName: string) => fileName.replace(/\/([^/]*)$/, '/baseline/$1');

/**
 * A file's text as the language service reads it, which says where it differs from the text the service parsed
 * before: with that range the compiler parses the new text incrementally (Monaco's snapshots give none, so every
 * check parsed the whole file again).
 */
class TextSnapshot {
  constructor(readonly text: string) {}
  getText = (start: number, end: number): string => this.text.substring(start, end);
  getLength = (): number => this.text.length;
  getChangeRange = (old: { getText(start: number, end: number): string; getLength(): number }) =>
    textChangeRange(old instanceof TextSnapshot ? old.text : old.getText(0, old.getLength()), this.text);
}

class TypesCheckingWorker extends TypeScriptWorker implements CheckingWorker {
  private baselines = 0;
  /** Workspace files, by their compiler names, and a version per text. Reached only by an import the check links. */
  private readonly held = new Map<string, { content: string; version: number }>();
  private heldVersions = 0;
  /** Bumped whenever what a check can reach changes (a file held, packages learnt or forgotten): cached answers go stale. */
  private generation = 0;
  private readonly cache = new DiagnosticsCache();
  /** The module resolution of the last check, and its links as a string. */
  private resolve = workspaceResolver(undefined, () => false);
  private resolvedFor = '';
  /** The services (by `browser`) whose programs must resolve their files' imports again. */
  private readonly stale = new Set<boolean>();
  /** The service of code that runs in a browser: the DOM lib beside the check's (src/semantic/browser-code.ts). */
  private browserService: ReturnType<typeof ts.createLanguageService> | undefined;
  /** The last check's file, by its workspace path (its bare imports resolve from there), and its names in the service. */
  private checkedFile: string | undefined;
  private isChecked: (name: string) => boolean = () => false;
  /** Package folders learnt to exist or not, and package files learnt not to exist (the ones that do are held). */
  private readonly packageFolders = new Map<string, boolean>();
  private readonly noPackageFiles = new Set<string>();
  /** Package paths asked about and not known, since the last answer was taken. */
  private probes = new Map<string, PackageProbe>();
  private readonly packages = new PackageResolution(
    ts,
    {
      text: (path) => this.held.get(compilerName(path))?.content,
      isFolder: (path) => this.packageFolders.get(path),
      knowsFile: (path) => this.held.has(compilerName(path)) || this.noPackageFiles.has(path),
    },
    TYPES_COMPILER_OPTIONS,
    (probe) => {
      if (this.probes.size < MAX_PROBES) this.probes.set(`${probe.folder}:${probe.path}`, probe);
    },
  );

  /**
   * The check's links (type-imports.ts), then the packages it learnt (package-types.ts), as in the Node host: any other
   * import is unresolved, its names `any`, and no workspace file is probed.
   */
  resolveModuleNameLiterals(literals: readonly { text: string }[], containingFile: string) {
    return literals.map((literal) => {
      const found = this.resolve(literal.text, containingFile);
      if (found) return { resolvedModule: { ...found, isExternalLibraryImport: false } };
      if (this.checkedFile === undefined) return { resolvedModule: undefined };
      const from = this.isChecked(containingFile) ? compilerName(this.checkedFile) : containingFile;
      return { resolvedModule: this.packages.resolve(literal.text, from) };
    });
  }

  /**
   * A file kept from the previous program keeps its resolved imports while the check's links are the same, as in the
   * Node host. A property, not a method: the language service calls it unbound.
   */
  readonly hasInvalidatedResolutions = (): boolean => this.stale.has(false);

  /** The service with the DOM lib (`browser`) or Monaco's own without it; the other one is made on first use, over the same files. */
  private service(browser: boolean): ReturnType<typeof ts.createLanguageService> {
    if (!browser) return this.getLanguageService();
    this.browserService ??= ts.createLanguageService(
      // This worker as the host, with the browser options and its own record of stale resolutions.
      Object.create(this, {
        getCompilationSettings: { value: () => TYPES_BROWSER_COMPILER_OPTIONS },
        hasInvalidatedResolutions: { value: () => this.stale.has(true) },
      }),
    );
    return this.browserService;
  }

  /** The program of a service, its stale resolutions resolved again. */
  private program(browser: boolean) {
    const program = this.service(browser).getProgram()!;
    this.stale.delete(browser);
    return program;
  }

  private invalidate(): void {
    this.stale.add(false).add(true);
  }

  async holdFiles(files: readonly HeldFile[]): Promise<void> {
    for (const { path, text } of files) this.held.set(compilerName(path), { content: text, version: ++this.heldVersions });
    if (files.length) this.generation++;
  }

  async learnPackages(answer: PackageAnswer): Promise<PackageProbe[]> {
    for (const { path, text } of answer.files) this.held.set(compilerName(path), { content: text, version: ++this.heldVersions });
    for (const path of answer.folders) this.packageFolders.set(path, true);
    for (const { path, folder } of answer.absent) {
      if (folder) this.packageFolders.set(path, false);
      else this.noPackageFiles.add(path);
    }
    this.packages.reset();
    this.generation++;
    // The last check's imports, resolved again with what was learnt: what they ask for next is the answer.
    this.invalidate();
    this.program(false);
    if (this.browserService) this.program(true);
    return this.takeProbes();
  }

  async forgetPackages(): Promise<void> {
    for (const name of this.held.keys()) if (isPackagePath(name)) this.held.delete(name);
    this.packageFolders.clear();
    this.noPackageFiles.clear();
    this.probes.clear();
    this.packages.reset();
    this.invalidate();
    this.generation++;
  }

  private takeProbes(): PackageProbe[] {
    const probes = [...this.probes.values()];
    this.probes.clear();
    return probes;
  }

  override getScriptVersion(fileName: string): string {
    const held = this.held.get(fileName);
    return held ? `w${held.version}` : super.getScriptVersion(fileName);
  }

  protected override _getScriptText(fileName: string): string | undefined {
    return this.held.get(fileName)?.content ?? super._getScriptText(fileName);
  }

  // Not in the base class's typings, though the language service calls it.
  getScriptSnapshot(fileName: string): TextSnapshot | undefined {
    const text = this._getScriptText(fileName);
    return text === undefined ? undefined : new TextSnapshot(text);
  }

  async typeFindings(
    fileName: string,
    language: LanguageId,
    start: number,
    end: number,
    imports?: ImportLinks,
  ): Promise<WorkerTypeFindings> {
    const text = await this.getScriptText(fileName);
    if (text === undefined) throw new Error(`the TypeScript worker does not hold ${fileName}`);
    const baselineName = baselineOf(fileName);
    this.isChecked = (name) => name === fileName || name === baselineName;
    this.resolve = workspaceResolver(imports, this.isChecked);
    this.checkedFile = imports?.file;
    const key = linksKey(imports);
    if (key !== this.resolvedFor) this.invalidate();
    this.resolvedFor = key;
    return { ...(await this.check(fileName, baselineName, text, language, start, end)), packageProbes: this.takeProbes() };
  }

  private async check(
    fileName: string,
    baselineName: string,
    text: string,
    language: LanguageId,
    start: number,
    end: number,
  ): Promise<Omit<WorkerTypeFindings, 'packageProbes'>> {
    const out = { programMs: 0, checkMs: 0, baseline: false };
    const env = [this.resolvedFor, this.generation];
    const findings = await typeFindings(
      { language, text, completionStart: start, completionEnd: end },
      async (_name, checked, from, to, browser) => {
        const cached = this.cache.get([...env, browser], fileName, checked, from, to);
        if (cached) return cached;
        let file = fileName;
        if (checked !== text) {
          file = baselineName;
          this.setFile(file, checked);
          out.baseline = true;
        }
        const t0 = performance.now();
        const program = this.program(browser);
        const t1 = performance.now();
        const source = program.getSourceFile(file)!;
        const diagnostics = withoutOpenTypes(ts, program, source, regionDiagnostics(ts, program, source, from, to));
        out.programMs += t1 - t0;
        out.checkMs += performance.now() - t1;
        this.cache.set([...env, browser], fileName, checked, from, to, diagnostics);
        return diagnostics;
      },
    );
    return { findings, ...out };
  }

  /** A file of the service that is no model: held as Monaco holds its extra libs (a text and a version). */
  private setFile(name: string, content: string): void {
    this._extraLibs[name] = { content, version: ++this.baselines };
  }
}

// Monaco's protocol: a first message wakes the worker, the second brings the service's settings.
self.onmessage = () => initialize((ctx, createData) => new TypesCheckingWorker(ctx, createData));
