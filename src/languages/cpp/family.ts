// What C and C++ share: #include rules and the definition patterns (c/
// takes both from here).
import { dirname, firstHeld, joinPath, normalise } from '../paths';
import type { FamilyRules, FoundImport, ImportSite } from '../spec';

export const C_FAMILY: FamilyRules = {
  blocks: 'braces',
  folderIsPackage: false,
  namespaces: null,
  pathsNameModules: false,
  definitions: [
    /^[ \t]*(?:typedef[ \t]+)?(?:struct|class|union|enum(?:[ \t]+class)?)[ \t]+(?:\w+[ \t]+)*?(\w+)[ \t]*(?:final[ \t]*)?(?::[^;{]*)?\{?[ \t]*$/,
    /^[ \t]*#[ \t]*define[ \t]+(\w+)/,
    /^[ \t]*typedef[ \t][^;(]*?(\w+)[ \t]*;/,
    /^[ \t]*(?:using)[ \t]+(\w+)[ \t]*=/,
    /^[ \t]*namespace[ \t]+(\w+)/,
    // a function at column 0 (definition or prototype): `type name(`, `type *name(`, `Class::name(`
    /^(?:template[ \t]*<[^>]*>[ \t]*)?(?:[A-Za-z_][\w:<>,*& \t]*?[ \t*&]+)?(?:\w+::)*(~?\w+)[ \t]*\(/,
  ],
};

/** `#include "x.h"` from the including file's folder, else the nearest file ending with the name (an include path); and the file's twin (`foo.c` with `foo.h`). */
export function cIncludes(text: string, site: ImportSite): FoundImport[] {
  const out: FoundImport[] = [];
  for (const m of text.matchAll(/^[ \t]*#[ \t]*include[ \t]*[<"]([^>"]+)[>"]/gm)) {
    const path = firstHeld(site, joinPath(dirname(site.from), m[1])) ?? site.endingWith(normalise(m[1]) ?? m[1])[0];
    if (path) out.push({ path, start: m.index!, statement: m[0], names: [] });
  }
  // foo.c and foo.h belong together even when the .c does not include it by that name.
  const stem = site.from.replace(/\.[^./]+$/, '');
  for (const ext of ['.h', '.hpp', '.hh', '.hxx', '.c', '.cc', '.cpp', '.cxx']) {
    const twin = stem + ext;
    if (twin !== site.from && site.has(twin) && !out.some((o) => o.path === twin))
      out.push({ path: twin, start: 0, statement: '', names: [] });
  }
  return out;
}
