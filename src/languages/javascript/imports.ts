// JavaScript's and TypeScript's imports: `import ... from`, `export ...
// from` (re-exports, passed on to the importing files), dynamic `import()`
// and `require()`. Only relative or root paths name workspace files; a bare
// name is a package.
import { dirname, firstHeld, joinPath, normalise } from '../paths';
import type { FoundImport, ImportSite } from '../spec';

const EXTENSIONS = [
  '',
  '.ts',
  '.tsx',
  '.d.ts',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
  '.mts',
  '.cts',
  '/index.ts',
  '/index.tsx',
  '/index.js',
  '/index.mjs',
  '/index.cjs',
];

function moduleFile(site: ImportSite, spec: string): string | undefined {
  if (!spec.startsWith('.') && !spec.startsWith('/')) return undefined;
  const base = spec.startsWith('/') ? normalise(spec) : joinPath(dirname(site.from), spec);
  if (base === undefined) return undefined;
  // TypeScript's ESM convention imports `./x.js` for `./x.ts`.
  const stem = base.replace(/\.(m|c)?js$/, '');
  return firstHeld(site, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => stem + e));
}

type Names = FoundImport['names'];

/** What an import or export clause binds: `{ a, type B, c as d }`, `* as ns`, a default name; `*` alone for `export *`. */
function clauseNames(clause: string): Names {
  const out: Names = [];
  const braces = /\{([^}]*)\}/.exec(clause);
  if (braces)
    for (const n of braces[1].split(',')) {
      const [orig, alias] = n
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .map((x) => x.trim());
      if (orig) out.push({ local: alias ?? orig, imported: orig });
    }
  const rest = clause.replace(/\{[^}]*\}/, '');
  const ns = /\*\s+as\s+([\w$]+)/.exec(rest);
  if (ns) out.push({ local: ns[1] });
  else if (/^\s*\*\s*$/.test(rest)) out.push({ local: '*' });
  const def = /^\s*(?:type\s+)?([\w$]+)/.exec(rest);
  if (def && def[1] !== 'type') out.push({ local: def[1], imported: 'default' });
  return out;
}

/** `const { a, b: c } = require(...)` binds c to the module's b; `const x = require(...)` binds the module. */
function requireNames(binding: string | undefined): Names {
  if (!binding) return [];
  if (!binding.startsWith('{')) return [{ local: binding }];
  return binding
    .slice(1, -1)
    .split(',')
    .map((n) => n.split(':').map((x) => x.trim()))
    .filter((p) => p[0])
    .map(([orig, alias]) => ({ local: alias || orig, imported: orig }));
}

export function jsImports(text: string, site: ImportSite): FoundImport[] {
  const out: FoundImport[] = [];
  const add = (spec: string, m: RegExpMatchArray, names: Names) => {
    const path = moduleFile(site, spec);
    if (path) out.push({ path, start: m.index!, statement: m[0], names });
  };
  for (const m of text.matchAll(/\bimport\s+([^'";]*?)\s+from\s+['"]([^'"]+)['"]/g)) add(m[2], m, clauseNames(m[1]));
  for (const m of text.matchAll(/\bexport\s+([^'";]*?)\s+from\s+['"]([^'"]+)['"]/g))
    add(
      m[2],
      m,
      clauseNames(m[1].replace(/^type\s+/, '')).map((n) => ({ ...n, reexport: true as const })),
    );
  for (const m of text.matchAll(/\bimport\s*\(?\s*['"]([^'"]+)['"]/g)) add(m[1], m, []);
  for (const m of text.matchAll(/(?:(?:const|let|var)\s+([\w$]+|\{[^}]*\})\s*=\s*)?require\(\s*['"]([^'"]+)['"]\s*\)/g))
    add(m[2], m, requireNames(m[1]));
  return out;
}
