// Python's imports: `from a.b import c` and `import a.b as c`, relative
// (`from ..x import y`, from the importing file's package) or absolute (the
// package may sit anywhere in the workspace: a src/ layout, the workspace
// opened above it). `from pkg import name` may name a submodule of pkg
// rather than something defined in it.
import { dirname, firstHeld, joinPath } from '../paths';
import type { FoundImport, ImportSite } from '../spec';

/** A whole name (a split may leave other text: a `\`, a comment). */
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function moduleFile(site: ImportSite, dots: number, module: string): string | undefined {
  const rel = module.replace(/\./g, '/');
  if (dots > 0) {
    let base: string | undefined = dirname(site.from);
    for (let i = 1; i < dots && base !== undefined; i++) base = base ? dirname(base) : undefined;
    if (base === undefined) return undefined;
    return firstHeld(site, joinPath(base, `${rel}.py`), joinPath(base, rel, '__init__.py'), joinPath(base, `${rel}.pyi`));
  }
  // Drop leading package names while nothing matches: `email.utils` opened as the email/ folder is `utils.py`.
  const parts = rel.split('/');
  for (let i = 0; i < parts.length; i++) {
    const r = parts.slice(i).join('/');
    const hit = site.endingWith(`${r}.py`)[0] ?? site.endingWith(`${r}/__init__.py`)[0];
    if (hit) return hit;
  }
  return undefined;
}

export function pythonImports(text: string, site: ImportSite): FoundImport[] {
  const out: FoundImport[] = [];
  // Parenthesised name lists and `\` continuations span lines: fold them first, blanks for line breaks so that offsets stay those of `text`.
  const folded = text
    .replace(/\(([^()]*)\)/g, (m, inner: string) => (m.includes('\n') ? `(${inner.replace(/\s*\n\s*/g, (w) => ' '.repeat(w.length))})` : m))
    .replace(/\\[ \t]*\r?\n/g, (w) => ' '.repeat(w.length));
  for (const m of folded.matchAll(/^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+\(?([^)\n#]+)/gm)) {
    const dots = m[1].length;
    const names = m[3]
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean)
      .map((n) => {
        const [orig, alias] = n.split(/\s+as\s+/).map((x) => x.trim());
        return { orig, local: alias ?? orig };
      })
      .filter((n) => n.orig === '*' || (IDENTIFIER.test(n.orig) && IDENTIFIER.test(n.local)));
    const mod = m[2] ? moduleFile(site, dots, m[2]) : undefined;
    const at = { start: m.index!, statement: m[0] };
    for (const n of names) {
      const sub = n.orig !== '*' ? moduleFile(site, dots, m[2] ? `${m[2]}.${n.orig}` : n.orig) : undefined;
      if (sub) out.push({ path: sub, ...at, names: [{ local: n.local }] });
    }
    if (mod) out.push({ path: mod, ...at, names: names.map((n) => ({ local: n.local, imported: n.orig === '*' ? undefined : n.orig })) });
  }
  for (const m of folded.matchAll(/^[ \t]*import[ \t]+([\w., \t]+)/gm)) {
    for (const item of m[1].split(',')) {
      const [mod, alias] = item.trim().split(/\s+as\s+/);
      if (!mod) continue;
      const path = moduleFile(site, 0, mod);
      if (path) out.push({ path, start: m.index!, statement: m[0], names: [{ local: alias ?? mod.split('.').pop()! }] });
    }
  }
  return out;
}
