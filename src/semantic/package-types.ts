// The types of installed packages: a bare import (`react`, `monaco-editor`,
// `@scope/pkg/sub`) in a workspace file, and every import in a package's own
// declaration files, resolves by the compiler's module resolution (package
// `types` and `exports`, `typesVersions`, `@types/*`: rules we do not write
// again) over the workspace's node_modules folders. One rule for both hosts
// of the types check, each passing its copy of the compiler: the Node host
// reads the folders as the resolution asks (typescript-types.ts); the browser's
// worker holds what the main thread read for it from the opened folder, and
// records what it asked for and did not hold, so that the main thread reads
// those next (src/editor/typescript-worker.ts). A path not known yet is absent:
// its names stay `any` until it is, never a guess.
import type TS from 'typescript';
import { WORKSPACE_ROOT, workspacePath } from './type-imports';

/** The workspace's installed packages as the types check sees them, by workspace path (`node_modules/react/package.json`). */
export interface PackageFiles {
  /** A file's text; undefined: there is none, or it is not known yet. */
  text(path: string): string | undefined;
  /** Whether a folder exists; undefined: not known yet (counts as no). */
  isFolder(path: string): boolean | undefined;
  /** Whether `text` is known for the path (the text, or that there is none); a host that reads as asked always knows. */
  knowsFile?(path: string): boolean;
}

/** A path the resolution asked about that the package files did not know yet. */
export interface PackageProbe {
  path: string;
  folder: boolean;
}

/** Where a host that cannot read as the resolution asks reads the packages (the browser: the opened folder). */
export interface PackageSource {
  /** The file's text; undefined: no such file (or one too large to read). */
  read(path: string): Promise<string | undefined>;
  isFolder(path: string): Promise<boolean>;
}

/** What a source said about some probes: the files found, the folders that exist, and the probes answered no. */
export interface PackageAnswer {
  files: { path: string; text: string }[];
  folders: string[];
  absent: PackageProbe[];
}

/** Reads what the probes asked about from `source`; a path that fails to read is no file or folder. */
export async function answerProbes(source: PackageSource, probes: readonly PackageProbe[]): Promise<PackageAnswer> {
  const answer: PackageAnswer = { files: [], folders: [], absent: [] };
  await Promise.all(
    probes.map(async (probe) => {
      const { path, folder } = probe;
      try {
        if (folder) {
          if (await source.isFolder(path)) answer.folders.push(path);
          else answer.absent.push(probe);
          return;
        }
        const text = await source.read(path);
        // One past the limit is as absent to the resolution: not sent to a host that would hold it for nothing.
        if (text === undefined || text.length > MAX_PACKAGE_FILE_CHARS) answer.absent.push(probe);
        else answer.files.push({ path, text });
      } catch {
        answer.absent.push(probe);
      }
    }),
  );
  return answer;
}

/**
 * A package file longer than this is left out, its names `any`: the checker's
 * work on a region that reaches a type grows with the types it is made of
 * (csstype's unions of every CSS value, under React's `style`), more than a
 * check per keystroke can afford; the cost is the members of those types.
 */
export const MAX_PACKAGE_FILE_CHARS = 512 * 1024;

/** Whether a workspace path lies in a node_modules folder (its files are a package's, never the workspace's own). */
export const isPackagePath = (path: string): boolean => /(^|\/)node_modules(\/|$)/.test(path);

/** A specifier naming a package (`react`, `@types/x/y`), not a path, a URL, a `node:` builtin, or a bundler query (`x?worker`). */
const isPackageSpecifier = (specifier: string): boolean =>
  !/^(\.\.?(\/|$)|\/|[a-z][a-z0-9+.-]*:)/i.test(specifier) && !specifier.includes('?');

/** The workspace path of a compiler name that is a package's file or folder; undefined for any other. */
function packagePath(name: string): string | undefined {
  const path = workspacePath(name);
  return path !== undefined && isPackagePath(path) ? path : undefined;
}

/**
 * The compiler's resolution of package imports over `files`. `unknown`
 * hears each path asked about that `files` did not know yet. `reset` after
 * `files` learns more: resolutions made without it are forgotten.
 */
export class PackageResolution {
  private cache: TS.ModuleResolutionCache;
  private readonly host: TS.ModuleResolutionHost;

  constructor(
    private readonly ts: typeof TS,
    private readonly files: PackageFiles,
    private readonly options: TS.CompilerOptions,
    private readonly unknown?: (probe: PackageProbe) => void,
  ) {
    this.cache = this.newCache();
    this.host = {
      fileExists: (name) => this.text(name) !== undefined,
      readFile: (name) => this.text(name),
      directoryExists: (name) => {
        const path = workspacePath(name.replace(/\/$/, ''));
        if (path === undefined) return `${name}/`.startsWith(WORKSPACE_ROOT);
        // A workspace folder: the resolution only looks into node_modules below it.
        if (!isPackagePath(path)) return true;
        const known = files.isFolder(path);
        if (known === undefined) unknown?.({ path, folder: true });
        return known === true;
      },
      getCurrentDirectory: () => WORKSPACE_ROOT,
    };
  }

  /** A package file's text by its compiler name; undefined: not a package file, or none known. */
  text(name: string): string | undefined {
    const path = packagePath(name);
    if (path === undefined) return undefined;
    const text = this.files.text(path);
    if (text === undefined && this.files.knowsFile?.(path) === false) this.unknown?.({ path, folder: false });
    return text !== undefined && text.length <= MAX_PACKAGE_FILE_CHARS ? text : undefined;
  }

  /**
   * The module `specifier` names from `containingFile` (a compiler name), when
   * the import is the packages' to resolve: a bare one, or any import in a
   * package's own file.
   */
  resolve(specifier: string, containingFile: string): TS.ResolvedModuleFull | undefined {
    if (!isPackageSpecifier(specifier) && packagePath(containingFile) === undefined) return undefined;
    const { resolvedModule } = this.ts.resolveModuleName(specifier, containingFile, this.options, this.host, this.cache);
    // A package's JavaScript without declarations would be checked as JavaScript: unresolved (`any`) instead.
    if (!resolvedModule || !/\.d\.[cm]?ts$|\.[cm]?ts$/.test(resolvedModule.resolvedFileName)) return undefined;
    return resolvedModule;
  }

  /** The files learnt more: resolve again rather than from what was resolved without them. */
  reset(): void {
    this.cache = this.newCache();
  }

  private newCache(): TS.ModuleResolutionCache {
    return this.ts.createModuleResolutionCache(WORKSPACE_ROOT, (f) => f, this.options);
  }
}
