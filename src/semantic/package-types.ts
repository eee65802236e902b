// The types of installed packages: a bare import (`react`, `monaco-editor`,
// `@scope/pkg/sub`) in a workspace file, and every import in a package's own
// declaration files, resolves by the compiler's module resolution (package
// `types` and `exports`, `typesVersions`, `@types/*`: rules we do not write
// again) over the workspace's node_modules folders. One rule for both hosts
// of the types check, each passing its copy of the compiler: the Node host
// reads the folders as the resolution asks (typescript-types.ts); the browser's
// worker holds what the main thread read for it from the opened folder, and
// records what it asked for and did not hold, so that the main thread reads
// those next (src/editor/package-files.ts). A path not known yet is absent:
// its names stay `any` until it is, never a guess.
import type TS from 'typescript';
import { WORKSPACE_ROOT } from './type-imports';

/** The workspace's installed packages as the types check sees them, by workspace path (`node_modules/react/package.json`). */
export interface PackageFiles {
  /** A file's text; undefined: there is none, or it is not known yet. */
  text(path: string): string | undefined;
  /** Whether a folder exists; undefined: not known yet (counts as absent). */
  isFolder(path: string): boolean | undefined;
}

/** A path the resolution asked about that the package files did not know yet. */
export interface PackageProbe {
  path: string;
  folder: boolean;
}

/** Whether a workspace path lies in a node_modules folder (its files are a package's, never the workspace's own). */
export const isPackagePath = (path: string): boolean => /(^|\/)node_modules(\/|$)/.test(path);

/** A specifier naming a package (`react`, `@types/x/y`), not a path, a URL, a `node:` builtin, or a bundler query (`x?worker`). */
const isPackageSpecifier = (specifier: string): boolean =>
  !/^(\.\.?(\/|$)|\/|[a-z][a-z0-9+.-]*:)/i.test(specifier) && !specifier.includes('?');

const workspacePath = (name: string) => (name.startsWith(WORKSPACE_ROOT) ? name.slice(WORKSPACE_ROOT.length) : undefined);

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
    const path = workspacePath(name);
    if (path === undefined || !isPackagePath(path)) return undefined;
    const text = this.files.text(path);
    if (text === undefined && this.files.isFolder(path) === undefined) this.unknown?.({ path, folder: false });
    return text;
  }

  /** Whether the compiler name is a package file's. */
  isPackageFile(name: string): boolean {
    const path = workspacePath(name);
    return path !== undefined && isPackagePath(path);
  }

  /**
   * The module `specifier` names from `containingFile` (a compiler name), when
   * the import is the packages' to resolve: a bare one, or any import in a
   * package's own file.
   */
  resolve(specifier: string, containingFile: string): TS.ResolvedModuleFull | undefined {
    if (!isPackageSpecifier(specifier) && !this.isPackageFile(containingFile)) return undefined;
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
