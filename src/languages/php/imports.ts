// PHP's imports: `require`/`include` (and their `_once`) name a file, from
// the including file's folder when written `__DIR__ . '/x.php'` or `./x.php`,
// else as found on the include path (the nearest file ending with the name);
// `use A\B\C;` names a class, which an autoloader finds at a path ending
// with its namespace's last folders (`B/C.php`, as PSR-4 lays it out). An
// included file brings everything it defines; a `use` binds the class's
// local name.
import type { FoundImport, ImportSite } from '../spec';

const INCLUDE = /\b(?:require|include)(?:_once)?[ \t(]+(__DIR__[ \t]*\.[ \t]*)?['"]([^'"\n]+\.php)['"]/g;
const USE = /^[ \t]*use[ \t]+((?:function[ \t]+|const[ \t]+)?)\\?([\w\\]+)(?:[ \t]+as[ \t]+(\w+))?[ \t]*;/gm;

function included(site: ImportSite, fromFolder: boolean, file: string): string | undefined {
  const relative = site.relative(file);
  if ((fromFolder || file.startsWith('.')) && relative && site.has(relative)) return relative;
  return site.endingWith(file.replace(/^\/+/, '').replace(/^\.\//, ''))[0];
}

/** The file of a class by its qualified name: the longest tail of its path that the workspace holds, at least the folder and the class. */
function classFile(site: ImportSite, segments: string[]): string | undefined {
  for (let from = 0; from <= segments.length - 2; from++) {
    const hit = site.endingWith(`${segments.slice(from).join('/')}.php`)[0];
    if (hit) return hit;
  }
  return segments.length === 1 ? site.endingWith(`${segments[0]}.php`)[0] : undefined;
}

export function phpImports(text: string, site: ImportSite): FoundImport[] {
  const out: FoundImport[] = [];
  for (const m of text.matchAll(INCLUDE)) {
    const path = included(site, !!m[1], m[2]);
    if (path) out.push({ path, start: m.index!, statement: m[0], names: [] });
  }
  for (const m of text.matchAll(USE)) {
    if (m[1]) continue; // `use function` / `use const`: no file to point at
    const segments = m[2].split('\\').filter(Boolean);
    const name = segments[segments.length - 1];
    const path = classFile(site, segments);
    if (path) out.push({ path, start: m.index!, statement: m[0], names: [{ local: m[3] ?? name, imported: name }] });
  }
  return out;
}
