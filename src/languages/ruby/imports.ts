// Ruby's imports: `require_relative` names a file from the requiring one's
// folder; `require` and `load` name one on the load path, which in a
// workspace is most often its `lib/` (so the nearest file ending with the
// name). A required file brings everything it defines: no names are bound.
import type { FoundImport, ImportSite } from '../spec';

const REQUIRE = /^[ \t]*(require_relative|require|load)[ \t(]+['"]([^'"\n]+)['"]/gm;

export function rubyImports(text: string, site: ImportSite): FoundImport[] {
  const out: FoundImport[] = [];
  for (const m of text.matchAll(REQUIRE)) {
    const file = m[2].endsWith('.rb') ? m[2] : `${m[2]}.rb`;
    const relative = site.relative(file);
    const path =
      m[1] === 'require_relative' ? (relative && site.has(relative) ? relative : undefined) : site.endingWith(file.replace(/^\.\//, ''))[0];
    if (path) out.push({ path, start: m.index!, statement: m[0], names: [] });
  }
  return out;
}
