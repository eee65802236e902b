// TypeScript's rules for a relative import (`./x`, `../a/b`): which ones a
// text names, and which workspace file each names. Paths only, no file
// system: the caller says which paths are files.

// `from '...'` (import and export), `import '...'`, `import('...')`, `require('...')`; only the relative ones are kept.
const SPECIFIER = /\bfrom\s*(['"])(\.[^'"\n]*)\1|\bimport\s*\(?\s*(['"])(\.[^'"\n]*)\3|\brequire\s*\(\s*(['"])(\.[^'"\n]*)\5/g;

/**
 * The relative module specifiers `text` names, in order, each once. Read by a
 * pattern, not a parse: one in a comment or a string adds a file the
 * compiler never asks for, which costs a little and changes no answer.
 */
export function relativeSpecifiers(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(SPECIFIER)) out.add(m[2] ?? m[4] ?? m[6]);
  return [...out];
}

/** What an import without an extension may name, in the order TypeScript tries them. */
const TRIED = ['.ts', '.tsx', '.d.ts', '.js', '.jsx'];
/** An import naming a JavaScript file may mean the TypeScript file it is compiled from (`./x.js` for `x.ts`). */
const TRIED_FOR: Record<string, readonly string[]> = {
  '.js': ['.ts', '.tsx', '.d.ts', '.js', '.jsx'],
  '.jsx': ['.tsx', '.d.ts', '.jsx'],
  '.ts': ['.ts'],
  '.tsx': ['.tsx'],
};

/** `from`'s folder joined with `specifier`, normalized; undefined when it climbs above the workspace. */
function joined(from: string, specifier: string): string | undefined {
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!parts.length) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

/**
 * The workspace file that `from`'s import of `specifier` names, by
 * TypeScript's rules for a relative import (bundler resolution, JavaScript
 * allowed): the name with each extension, the name with its JavaScript
 * extension swapped for TypeScript's, then the folder's `index` file.
 * `exists` says which paths are files. Undefined: not relative, or no file.
 */
export function resolveImport(from: string, specifier: string, exists: (path: string) => boolean): string | undefined {
  if (!/^\.\.?(\/|$)/.test(specifier)) return undefined;
  const target = joined(from, specifier);
  if (!target) return undefined;
  const first = (base: string, extensions: readonly string[]) => extensions.map((e) => base + e).find(exists);
  const ext = /\.(jsx?|tsx?)$/.exec(target)?.[0];
  if (ext && !target.endsWith('.d.ts')) {
    const found = first(target.slice(0, -ext.length), TRIED_FOR[ext]);
    if (found) return found;
  }
  if (!specifier.endsWith('/')) {
    const found = first(target, TRIED);
    if (found) return found;
  }
  return first(target ? `${target}/index` : 'index', TRIED);
}
