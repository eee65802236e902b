// Which workspace files the types check's compiler sees beside the checked
// one: the files it imports by a relative path (`./x`, `../a/b`), resolved
// by TypeScript's rules for them, and the files those import in turn, within
// a budget. One rule for both hosts (the Node compiler, typescript-types.ts;
// Monaco's TypeScript worker, src/editor/typescript-worker.ts): each lists
// the files here, then answers the compiler's module resolution with
// `workspaceResolver` over that list only, so a file left out (past the
// budget, or not in the workspace) is an unresolved import, whose names are
// `any`, in both. Bare imports (`react`) are never resolved: no package's
// files are read, in the browser or in Node.
import { relativeSpecifiers, resolveImport } from './relative-import';
import type { WorkspaceFiles } from './types';

/** Where the workspace's files lie in the compiler's file system (`/workspace/src/a.ts`): apart from the checked file and the lib. */
export const WORKSPACE_ROOT = '/workspace/';

/**
 * How far the compiler follows imports. Transitive: a type an imported file
 * takes from a third file (`export interface A extends B`, a re-export) is
 * as unknown as the first file's when that file is left out. The file and
 * character limits bound one check's cost in a large workspace; a file past
 * them is left out whole.
 */
export interface ImportBudget {
  /** Import hops from the checked file (1: its own imports only). */
  depth: number;
  files: number;
  chars: number;
}

export const IMPORT_BUDGET: Readonly<ImportBudget> = { depth: 8, files: 48, chars: 768 * 1024 };

/**
 * How one check's imports resolve: from the checked file's path, each
 * import (`linkKey(from, specifier)`) to the workspace file it names. An
 * import with no link (past the budget, not in the workspace) is unresolved.
 * Paths only: what a host that holds the texts already needs per check.
 */
export interface ImportLinks {
  file: string;
  links: Readonly<Record<string, string>>;
}

/** The files of one check too, by path (for a host that reads them now). */
export interface TypeImports extends ImportLinks {
  files: ReadonlyMap<string, string>;
}

export const linkKey = (from: string, specifier: string) => `${from}\n${specifier}`;

/** One check's links as a string: a compiler host re-resolves the imports of files it reuses only when this changes. */
export const linksKey = (imports: ImportLinks | undefined): string => (imports ? `${imports.file}\n${JSON.stringify(imports.links)}` : '');

/** The extensions a module file may have, the declaration's first (`.d.ts` before `.ts`). */
const MODULE_EXTENSIONS = ['.d.ts', '.ts', '.tsx', '.js', '.jsx'] as const;
type ModuleExtension = (typeof MODULE_EXTENSIONS)[number];

/** A module file's extension, as the compiler names it (`.d.ts` apart from `.ts`). */
function moduleExtension(path: string): ModuleExtension | undefined {
  return MODULE_EXTENSIONS.find((e) => path.endsWith(e));
}

/**
 * The files a check reads, found breadth first from the checked file, its
 * nearest imports first: a file that would take the check past the budget
 * is left out (its imports unresolved). The specifiers of a file are read
 * once per text (the cache keeps the text it read them from), so a check
 * scans the texts of the checked window only.
 */
export class ImportGraph {
  private readonly specifiers = new Map<string, { text: string; specifiers: string[] }>();

  constructor(private readonly budget: Readonly<ImportBudget> = IMPORT_BUDGET) {}

  /** For the checked file at `file`, whose texts (with the completion and without) are `texts`. */
  imports(file: string, texts: readonly string[], workspace: WorkspaceFiles): TypeImports {
    const files = new Map<string, string>();
    const links: Record<string, string> = {};
    // The checked file is the compiler's own copy, never the workspace's: an import of it from another file stays unresolved.
    const exists = (p: string) => p !== file && workspace.text(p) !== undefined;
    let chars = 0;
    let level: { from: string; specifiers: readonly string[] }[] = [
      { from: file, specifiers: [...new Set(texts.flatMap(relativeSpecifiers))] },
    ];
    for (let depth = 1; depth <= this.budget.depth && level.length; depth++) {
      const next: typeof level = [];
      for (const { from, specifiers } of level) {
        for (const specifier of specifiers) {
          const path = resolveImport(from, specifier, exists);
          if (path === undefined) continue;
          if (files.has(path)) {
            links[linkKey(from, specifier)] = path;
            continue;
          }
          const text = workspace.text(path)!;
          if (files.size >= this.budget.files || chars + text.length > this.budget.chars) continue;
          links[linkKey(from, specifier)] = path;
          files.set(path, text);
          chars += text.length;
          next.push({ from: path, specifiers: this.specifiersOf(path, text) });
        }
      }
      level = next;
    }
    return { file, files, links };
  }

  private specifiersOf(path: string, text: string): string[] {
    const had = this.specifiers.get(path);
    if (had?.text === text) return had.specifiers;
    const specifiers = relativeSpecifiers(text);
    this.specifiers.set(path, { text, specifiers });
    return specifiers;
  }
}

/** The compiler's name for a workspace file, and back (undefined: not a workspace file). */
export const compilerName = (path: string) => WORKSPACE_ROOT + path;
export const workspacePath = (name: string) => (name.startsWith(WORKSPACE_ROOT) ? name.slice(WORKSPACE_ROOT.length) : undefined);

interface ResolvedWorkspaceModule {
  resolvedFileName: string;
  extension: ModuleExtension;
}

/**
 * The compiler's module resolution for one check: an import in the checked
 * file (any name `isChecked` accepts: the completed text, the baseline)
 * resolves from the checked file's path, one in a workspace file from its
 * own, and each only by the check's links.
 */
export function workspaceResolver(
  imports: ImportLinks | undefined,
  isChecked: (compilerFileName: string) => boolean,
): (specifier: string, containingFile: string) => ResolvedWorkspaceModule | undefined {
  return (specifier, containingFile) => {
    if (!imports) return undefined;
    const from = isChecked(containingFile) ? imports.file : workspacePath(containingFile);
    const key = from === undefined ? undefined : linkKey(from, specifier);
    // Own links only: the links travel as a plain object, whose prototype's names are no links.
    const path = key !== undefined && Object.hasOwn(imports.links, key) ? imports.links[key] : undefined;
    return path === undefined ? undefined : { resolvedFileName: compilerName(path), extension: moduleExtension(path)! };
  };
}
