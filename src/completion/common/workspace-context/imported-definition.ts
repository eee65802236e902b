// Where a name a file imports is defined. Usually in the file the import
// points at; a package's index (`export * from './invoice'`, an
// `__init__.py` doing `from .invoice import total`) only passes it on, so
// the definition is followed through those re-exports, a few files deep.
import { resolveImports } from './imports';
import type { LocatedDefinition, WorkspaceIndex } from './workspace-index';

/** Re-export hops followed: an index re-exporting an index re-exporting the file is as deep as projects go. */
const MAX_HOPS = 3;

/**
 * The definition `name` (as the imported file calls it; `default` for a
 * default export) has in `path` or in what `path` re-exports; undefined when
 * none is found (the module then stands for itself).
 */
export function importedDefinition(index: WorkspaceIndex, path: string, name: string, hops = 0): LocatedDefinition | undefined {
  const defs = index.definitions(path);
  if (name === 'default') {
    // `export default function f`, `export default class`, or `export default f;` naming one.
    const lines = index.lines(path);
    const line = lines.findIndex((l) => /^[ \t]*export[ \t]+default\b/.test(l));
    if (line < 0) return undefined;
    const on = defs.find((d) => d.line === line);
    if (on) return { ...on, file: path };
    const named = /^[ \t]*export[ \t]+default[ \t]+([\w$]+)[ \t]*;?[ \t]*$/.exec(lines[line])?.[1];
    return named && hops < MAX_HOPS ? importedDefinition(index, path, named, hops + 1) : undefined;
  }
  // A top-level definition before a method of the same name (any class may have one).
  const own = defs.filter((d) => d.name === name).sort((x, y) => Number(x.nested) - Number(y.nested))[0];
  if (own) return { ...own, file: path };
  const language = index.language(path);
  const text = index.text(path);
  if (hops >= MAX_HOPS || !language || !text) return undefined;
  for (const f of resolveImports(text, path, language, index.lookup, index.namespaceFiles(language))) {
    for (const b of f.bindings) {
      const passedOn = b.local === name && b.imported !== undefined ? b.imported : b.local === '*' ? name : undefined;
      const found = passedOn !== undefined ? importedDefinition(index, f.path, passedOn, hops + 1) : undefined;
      if (found) return found;
    }
  }
  return undefined;
}
