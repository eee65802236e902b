// What the semantic check learns from the rest of the workspace
// (src/semantic/types.ts, SemanticRequest): the names other files define,
// so that a name defined there is never flagged here, and, for Python, the
// classes this file imports from them as far as they are known whole, so
// that a call of a method such a class lacks can be. Read from the same
// index as the snippets, with the same import resolution.
import { FAMILIES } from '../../../languages/families';
import type { WorkspaceClass } from '../../../semantic/types';
import { importedDefinition } from './imported-definition';
import { pythonClasses, type PythonClassSummary } from './python-classes';
import { importsAt } from './retrieve';
import type { WorkspaceIndex } from './workspace-index';

export interface WorkspaceSemantics {
  /** Top-level definitions of the other files of the same language family, and (Python) their module names. */
  names: readonly string[];
  classes: readonly WorkspaceClass[];
}

/** The module statement of a Python `from` import (`shapes`, `.shapes`), from the statement's text. */
const FROM_MODULE = /^\s*from\s+([.\w]+(?:\s*\.\s*\w+)*)\s+import\b/;

export class WorkspaceSemanticsSource {
  private names: { key: string; names: string[] } | undefined;
  private readonly classes = new Map<string, { text: string; classes: PythonClassSummary[] }>();

  constructor(private readonly index: WorkspaceIndex) {}

  /** For the file at `file` whose text is `prefix` + `suffix` (a window of it, in a large file). */
  for(file: string, prefix: string, suffix: string): WorkspaceSemantics {
    return { names: this.namesFor(file), classes: this.classesFor(file, prefix, suffix) };
  }

  /** Made again only when another file (or the set of files) changed. */
  private namesFor(file: string): string[] {
    const language = this.index.language(file);
    const key = `${file}\n${this.index.versionExcept(file)}`;
    if (this.names?.key === key) return this.names.names;
    const names = new Set<string>();
    for (const path of this.index.paths) {
      if (path === file || this.index.language(path) !== language) continue;
      for (const d of this.index.definitions(path)) if (!d.nested) names.add(d.name);
      if (language && FAMILIES[language].pathsNameModules) {
        // A module of the workspace may take a standard module's name (`random.py`): its members are its own.
        const parts = path.replace(/\.[^./]*$/, '').split('/');
        for (const part of parts) if (/^[A-Za-z_]\w*$/.test(part)) names.add(part);
      }
    }
    this.names = { key, names: [...names].sort() };
    return this.names.names;
  }

  private summaries(path: string): PythonClassSummary[] {
    const text = this.index.text(path) ?? '';
    const had = this.classes.get(path);
    if (had?.text === text) return had.classes;
    const classes = pythonClasses(text);
    this.classes.set(path, { text, classes });
    return classes;
  }

  private classesFor(file: string, prefix: string, suffix: string): WorkspaceClass[] {
    if (this.index.language(file) !== 'python') return [];
    const text = prefix + suffix;
    const out: WorkspaceClass[] = [];
    for (const imported of importsAt(this.index, { file, prefix, suffix }).imports) {
      for (const b of imported.bindings) {
        if (b.imported === undefined || b.reexport || b.local === '*') continue;
        const module = FROM_MODULE.exec(text.slice(b.statement[0], b.statement[1]))?.[1];
        if (!module) continue;
        const d = importedDefinition(this.index, imported.path, b.imported);
        const cls = d && !d.nested ? this.summaries(d.file).find((c) => c.line === d.line && c.name === d.name) : undefined;
        if (d && cls)
          out.push({ local: b.local, module: module.replace(/\s+/g, ''), name: b.imported, file: d.file, members: cls.members });
      }
    }
    return out;
  }
}
