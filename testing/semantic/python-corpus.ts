// Python code nobody here wrote, for the semantic check's ground truths and
// mutants: the standard library as Debian installs it (/usr/lib/python3.*).
// Files are split in two by a hash of their path: the tuning half is the one
// whose false flags a developer reads; the held-out half is only counted.
//
// The mutants are wrong methods on built-in values (`xs.apend`,
// `s.startwith`, `d.iteritems`), found by this generator's own rules on the
// text, not the checker's: a method call on a string literal, or on a name
// its function (the whole file, at module level) binds once, as `name =
// <literal or builtin call>`, or as a parameter annotated with the type and
// bound nowhere else, and no `global` or `nonlocal` names. The wrong name
// is a slip a model makes (a Python 2 or JavaScript name, a typo) that no
// built-in value type has and the file never mentions, so each is wrong.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pythonNames as namesJson } from '../../src/semantic';

const TYPES = (namesJson as { types: Record<string, string[]> }).types;
/** Every member any built-in value type has: a mutant's name is none of these. */
const ANY_MEMBER = new Set(Object.values(TYPES).flat());

/** The newest /usr/lib/python3.N, or undefined. */
export function stdlibDir(): string | undefined {
  if (!existsSync('/usr/lib')) return undefined;
  const dirs = readdirSync('/usr/lib')
    .filter((d) => /^python3\.\d+$/.test(d))
    .sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]));
  return dirs.length ? join('/usr/lib', dirs[dirs.length - 1]) : undefined;
}

export type Split = 'tuning' | 'held-out';

export interface CorpusFile {
  path: string;
  /** The path under the corpus folder (`json/decoder.py`). */
  name: string;
  split: Split;
  text: string;
}

/** The half a file is in: a hash of its name, so the split never depends on what the check does with it. */
export const splitOf = (name: string): Split =>
  parseInt(createHash('sha1').update(name).digest('hex')[0], 16) < 8 ? 'tuning' : 'held-out';

/** The library's modules of `minLines` to `maxLines` lines, top level and one package level down, sorted by name; no tests. */
export function stdlibFiles(dir: string, minLines = 80, maxLines = 3000): CorpusFile[] {
  const out: CorpusFile[] = [];
  const add = (path: string) => {
    const text = readFileSync(path, 'utf8');
    const lines = text.split('\n').length;
    if (lines < minLines || lines > maxLines) return;
    const name = relative(dir, path);
    out.push({ path, name, split: splitOf(name), text });
  };
  for (const e of readdirSync(dir).sort()) {
    const path = join(dir, e);
    if (e.endsWith('.py')) add(path);
    else if (!/^(test|tests|idlelib|lib2to3|site-packages|dist-packages|config-)/.test(e) && statSync(path).isDirectory())
      for (const f of readdirSync(path).sort()) if (f.endsWith('.py')) add(join(path, f));
  }
  return out;
}

/** A line taken out of a file: the text before it, the line, and the text after. */
export interface LineCase {
  file: string;
  split: Split;
  row: number;
  prefix: string;
  line: string;
  suffix: string;
}

function lineCase(f: CorpusFile, lines: readonly string[], row: number, line = lines[row]): LineCase {
  return {
    file: f.name,
    split: f.split,
    row,
    prefix: lines.slice(0, row).join('\n') + '\n',
    line,
    suffix: '\n' + lines.slice(row + 1).join('\n'),
  };
}

/** Every `stride`-th line of the file that reads an attribute (`x.y`), not a comment: ground truths. */
export function attributeLines(f: CorpusFile, stride: number, offset = 0): LineCase[] {
  const lines = f.text.split('\n');
  const out: LineCase[] = [];
  let seen = 0;
  for (const [row, line] of lines.entries()) {
    if (!/[\w)\]'"]\.[A-Za-z_]/.test(line) || /^\s*#/.test(line)) continue;
    if (seen++ % stride === offset % stride) out.push(lineCase(f, lines, row));
  }
  return out;
}

/** A model's likely slips for a method, by the method: other languages' names and Python 2's. */
const SLIPS: Record<string, readonly string[]> = {
  append: ['push', 'add', 'apend'],
  extend: ['push_all', 'extends', 'appendAll'],
  insert: ['insertAt', 'insrt'],
  remove: ['delete', 'removeItem'],
  pop: ['popleft', 'pop_back'],
  sort: ['sorted', 'sortBy'],
  index: ['indexOf', 'find_index'],
  count: ['counts', 'length'],
  reverse: ['reversed', 'reverese'],
  items: ['iteritems', 'entries'],
  keys: ['iterkeys', 'keySet'],
  values: ['itervalues', 'vals'],
  get: ['getOrDefault', 'fetch'],
  update: ['merge', 'putAll'],
  setdefault: ['set_default', 'putIfAbsent'],
  add: ['append', 'push'],
  discard: ['delete', 'discardd'],
  startswith: ['startwith', 'startsWith', 'starts_with'],
  endswith: ['endwith', 'endsWith', 'ends_with'],
  join: ['joins', 'joinn'],
  split: ['splitt', 'split_by'],
  strip: ['trim', 'strp'],
  lstrip: ['trimStart', 'ltrim'],
  rstrip: ['trimEnd', 'rtrim'],
  lower: ['toLowerCase', 'lowercase'],
  upper: ['toUpperCase', 'uppercase'],
  replace: ['replaceAll', 'replce'],
  find: ['indexOf', 'search'],
  format: ['fmt', 'formatted'],
  encode: ['encoded', 'to_bytes'],
  decode: ['decoded', 'to_str'],
  isdigit: ['isDigit', 'is_digit'],
  splitlines: ['lines', 'split_lines'],
};

/** Typos of a name: a letter dropped, doubled, or two swapped. */
function typos(name: string): string[] {
  const out: string[] = [];
  for (let i = 1; i < name.length; i++) out.push(name.slice(0, i) + name.slice(i + 1));
  for (let i = 1; i < name.length; i++) out.push(name.slice(0, i) + name[i] + name.slice(i));
  for (let i = 1; i < name.length - 1; i++) out.push(name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2));
  return out;
}

/** The start of a value whose type is sure: a literal or a call of the builtin. */
const VALUE_START: [RegExp, string][] = [
  [/^\[/, 'list'],
  [/^list\(/, 'list'],
  [/^sorted\(/, 'list'],
  [/^\{\}/, 'dict'],
  [/^dict\(/, 'dict'],
  [/^set\(/, 'set'],
  [/^(?:[rRuUfF]{0,2})(['"])/, 'str'],
  [/^str\(/, 'str'],
  [/^tuple\(/, 'tuple'],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The type the generator gives `name` in the file: bound once, by a sure value or an annotated parameter, and never otherwise. */
function generatorType(name: string, text: string): string | undefined {
  const n = escape(name);
  // Builtins shadowed anywhere: the generator does not judge the file.
  if (/^\s*(?:def|class)\s+(?:list|dict|set|str|tuple|sorted)\b|^\s*(?:list|dict|set|str|tuple|sorted)\s*=/m.test(text)) return undefined;
  const assigns = [...text.matchAll(new RegExp(`^[ \\t]*${n}[ \\t]*(?::[^=\\n]+)?=(?!=)[ \\t]*(.*)$`, 'gm'))];
  const annotated = [...text.matchAll(new RegExp(`[(,][ \\t]*${n}[ \\t]*:[ \\t]*(str|list|dict|set|tuple)\\b[^=,)]*[,)]`, 'g'))];
  // Any other way to bind it, anywhere: a for or with target, an import, an augmented or tuple assignment, a parameter, a walrus, global ...
  const other = new RegExp(
    `\\bfor\\b[^\\n]*\\b${n}\\b[^\\n]*\\bin\\b|\\bas[ \\t]+${n}\\b|\\bimport\\b[^\\n]*\\b${n}\\b|\\b${n}[ \\t]*[-+*/%|&^@]=|\\b${n}[ \\t]*,[^\\n]*=|,[ \\t]*${n}[ \\t]*=[^=]|\\b${n}[ \\t]*:=|\\b(?:global|nonlocal|del)\\b[^\\n]*\\b${n}\\b|\\bdef[ \\t]+${n}\\b|\\bclass[ \\t]+${n}\\b|\\blambda\\b[^:\\n]*\\b${n}\\b|\\bexcept\\b|\\bexec\\b|\\bglobals\\(|\\bsetattr\\(`,
  );
  const params = new RegExp(`\\bdef\\b[^\\n]*[(,][ \\t]*\\*{0,2}${n}\\b`);
  if (assigns.length + annotated.length !== 1) return undefined;
  if (other.test(text)) return undefined;
  if (annotated.length === 1) return assigns.length === 0 ? annotated[0][1] : undefined;
  if (params.test(text)) return undefined;
  const value = assigns[0][1];
  const m = VALUE_START.find(([re]) => re.test(value));
  return m?.[1];
}

/** A method-call mutant: the line with one method of a built-in value renamed to a slip. */
export interface ValueMutant extends LineCase {
  type: string;
  method: string;
  wrong: string;
}

/** One mutant per line that calls a method of a value the generator types, at most `perFile` per file. */
export function valueMutants(f: CorpusFile, perFile = 12): ValueMutant[] {
  const lines = f.text.split('\n');
  const words = new Set(f.text.match(/\w+/g));
  const out: ValueMutant[] = [];
  const types = new Map<string, string | undefined>();
  const indent = (l: string) => /^[ \t]*/.exec(l)![0].length;
  /** The function around `row` (its header through its last indented line) as text, or the whole file at module level. */
  const block = (row: number): { header: string; text: string } => {
    const own = indent(lines[row]);
    for (let r = row - 1; r >= 0; r--) {
      const l = lines[r];
      if (!l.trim() || indent(l) >= own) continue;
      if (!/^\s*(?:async\s+)?def\b/.test(l)) {
        if (indent(l) === 0) break;
        continue;
      }
      let end = r + 1;
      while (end < lines.length && (!lines[end].trim() || indent(lines[end]) > indent(l))) end++;
      let headerEnd = r;
      while (headerEnd < end && !/\)\s*(?:->[^:]*)?:\s*(?:#.*)?$/.test(lines[headerEnd])) headerEnd++;
      return { header: lines.slice(r, headerEnd + 1).join('\n'), text: lines.slice(r, end).join('\n') };
    }
    return { header: '', text: f.text };
  };
  const typeOf = (name: string, row: number) => {
    const b = block(row);
    const key = `${b.header}\n${name}`;
    if (!types.has(key)) {
      // A name a global or nonlocal statement names anywhere is bound from elsewhere; a parameter only by its annotation.
      const elsewhere = new RegExp(`\\b(?:global|nonlocal)\\b[^\\n]*\\b${escape(name)}\\b`).test(f.text);
      const param = b.header && new RegExp(`\\b${escape(name)}\\b`).test(b.header.replace(/^\s*(?:async\s+)?def\s+\w+/, ''));
      const annotated = param && new RegExp(`[(,\\s]${escape(name)}\\s*:\\s*(?:str|list|dict|set|tuple)\\s*[,)]`).test(b.header);
      types.set(key, elsewhere || (param && !annotated) ? undefined : generatorType(name, b.header ? b.text : f.text));
    }
    return types.get(key);
  };
  let inString = false;
  for (const [row, line] of lines.entries()) {
    if (out.length >= perFile) break;
    // Inside a triple-quoted string (a docstring's example) a call is text, not code.
    const quotes = (line.match(/"""|'''/g) ?? []).length;
    const skip = inString || quotes > 0;
    if (quotes % 2 === 1) inString = !inString;
    if (skip || /^\s*#/.test(line)) continue;
    const call = /(?:(?<lit>(?<![\w.])(['"])[^'"\\\n]*\2)|(?<![\w.])(?<name>[A-Za-z_]\w*))\.(?<method>[a-z_]\w*)\(/.exec(line);
    if (!call?.groups) continue;
    const { lit, name, method } = call.groups;
    const type = lit !== undefined ? 'str' : typeOf(name!, row);
    if (!type || !TYPES[type]?.includes(method) || method.startsWith('_')) continue;
    const wrong = [...(SLIPS[method] ?? []), ...typos(method)].find((w) => /^[A-Za-z_]\w*$/.test(w) && !ANY_MEMBER.has(w) && !words.has(w));
    if (!wrong) continue;
    const at = call.index + call[0].length - method.length - 1;
    const mutated = line.slice(0, at) + wrong + line.slice(at + method.length);
    out.push({ ...lineCase(f, lines, row, mutated), type, method, wrong });
  }
  return out;
}
