// Rust's imports: `mod x;` declares a child module (`x.rs` or `x/mod.rs`
// beside the declaring file's module folder), `use crate::a::b`,
// `use super::...` and `use self::...` name items of modules by path from
// the crate root, the parent or this module.
import { dirname, firstHeld, joinPath } from '../paths';
import type { FoundImport, ImportSite } from '../spec';

/** The file of the longest module path the workspace holds, from `folder`. */
function moduleFile(site: ImportSite, folder: string, segments: string[]): string | undefined {
  for (let n = segments.length; n > 0; n--) {
    const rel = segments.slice(0, n).join('/');
    const hit = firstHeld(site, joinPath(folder, `${rel}.rs`), joinPath(folder, rel, 'mod.rs'));
    if (hit) return hit;
  }
  return undefined;
}

/** The crate root: the nearest folder above holding lib.rs or main.rs. */
function crateRoot(site: ImportSite, dir: string): string | undefined {
  let root: string | undefined = dir;
  while (root !== undefined && !site.has(joinPath(root, 'lib.rs') ?? '') && !site.has(joinPath(root, 'main.rs') ?? ''))
    root = root ? dirname(root) : undefined;
  return root;
}

export function rustImports(text: string, site: ImportSite): FoundImport[] {
  const out: FoundImport[] = [];
  const dir = dirname(site.from);
  const base = site.from.slice(dir ? dir.length + 1 : 0);
  // Child modules of `a.rs` live in `a/`; of `mod.rs`, `lib.rs`, `main.rs` in its own folder.
  const childDir = /^(mod|lib|main)\.rs$/.test(base) ? dir : (joinPath(dir, base.replace(/\.rs$/, '')) ?? dir);
  for (const m of text.matchAll(/^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?mod[ \t]+(\w+)[ \t]*;/gm)) {
    const path = moduleFile(site, childDir, [m[1]]);
    if (path) out.push({ path, start: m.index!, statement: m[0], names: [{ local: m[1] }] });
  }
  const root = crateRoot(site, dir);
  for (const m of text.matchAll(/^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?use[ \t]+(crate|super|self)::(\w+(?:::\w+)*)(?:::\{([^}]*)\})?/gm)) {
    const segments = m[2].split('::').filter(Boolean);
    const folder = m[1] === 'crate' ? root : m[1] === 'super' ? (childDir === dir ? dirname(dir) : dir) : childDir;
    if (folder === undefined) continue;
    const path = moduleFile(site, folder, segments);
    // `use crate::a::{X, Y as Z}` binds X and Z; `use crate::a::b` binds b, an item of a.rs or the module b.rs (retrieval looks).
    const last = segments[segments.length - 1];
    const names = m[3]
      ? m[3]
          .split(',')
          .map((n) => n.trim().split(/\s+as\s+/))
          .filter((p) => p[0])
          .map(([orig, alias]) => ({ local: alias ?? orig, imported: orig }))
      : [{ local: last, imported: last }];
    if (path && path !== site.from) out.push({ path, start: m.index!, statement: m[0], names });
  }
  return out;
}
