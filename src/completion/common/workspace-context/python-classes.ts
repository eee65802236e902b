// What another workspace file's Python classes have, for the semantic check
// (a call of a method an imported class lacks: src/semantic/python-members.ts).
// Read line by line, as retrieval reads files: a module-level class, its
// block by indentation, and as members every word its block writes (a
// method, an attribute, a local of a method: more than it has, never less)
// and every attribute the file stores on anything (`Circle.extra = ...`).
// A class is sent only when that is surely all it has: its head on one line,
// no decorator but `@dataclass` or `@total_ordering`, bases only `object` or
// such classes of the same file, its name bound once at the top, a block
// whose strings and brackets close, and a file that makes no attribute at
// run time (`setattr`, `__dict__`, `__getattr__`, `exec` ...).

import { DYNAMIC_MEMBERS, HARMLESS_DECORATORS } from '../../../semantic/python-members';

/** A module-level class, known whole. */
export interface PythonClassSummary {
  name: string;
  /** 0-based line of its head. */
  line: number;
  members: readonly string[];
}

const HEAD = /^class[ \t]+([A-Za-z_]\w*)[ \t]*(?:\(([^()]*)\))?[ \t]*:[ \t]*(?:#.*)?$/;
const words = (list: Iterable<string>) => [...list].map((w) => w.replace(/\./g, '\\.')).join('|');
// The same decorators and run-time attribute names the semantic check trusts and distrusts in the file itself.
const HARMLESS_DECORATOR = new RegExp(`^@(?:${words(HARMLESS_DECORATORS)})\\b`);
/** Run-time attributes, and the calls that can run code the text does not show. */
const DYNAMIC = new RegExp(`\\b(?:${words([...DYNAMIC_MEMBERS, 'exec', 'eval', 'globals', 'locals', 'vars', '__import__'])})\\b`);
const STORED_ATTRIBUTE = /\.[ \t]*([A-Za-z_]\w*)[ \t]*(?:[-+*/%&|^@]|\*\*|\/\/|<<|>>)?=(?!=)/g;
const WORD = /[A-Za-z_]\w*/g;
/** A top-level line that binds a name: `def`, `class`, an assignment, an import's `as`. */
const TOP_BINDING = /^(?:(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)|class[ \t]+([A-Za-z_]\w*)|([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=(?!=))/;

/** Whether the block's strings and brackets close: a line at column 0 inside either would have ended it too early. */
function closes(block: string): boolean {
  if ((block.match(/"""/g)?.length ?? 0) % 2 || (block.match(/'''/g)?.length ?? 0) % 2) return false;
  const code = block.replace(/("""|''')[\s\S]*?\1|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|#.*/g, '');
  let depth = 0;
  for (const ch of code) {
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
  }
  return depth === 0;
}

/** The module-level classes of a Python file that are known whole, with their members. */
export function pythonClasses(text: string): PythonClassSummary[] {
  if (DYNAMIC.test(text)) return [];
  const lines = text.split('\n');
  const stored = new Set([...text.matchAll(STORED_ATTRIBUTE)].map((m) => m[1]));
  const bindings = new Map<string, number>();
  for (const line of lines) {
    const m = TOP_BINDING.exec(line);
    const name = m?.[1] ?? m?.[2] ?? m?.[3];
    if (name) bindings.set(name, (bindings.get(name) ?? 0) + 1);
  }
  const heads = new Map<string, { line: number; bases: string[] | undefined; words: Set<string> }>();
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith('class')) continue;
    const head = HEAD.exec(lines[i]);
    if (!head || bindings.get(head[1]) !== 1) continue;
    let decorated = true;
    for (let d = i - 1; d >= 0 && lines[d].startsWith('@'); d--) if (!HARMLESS_DECORATOR.test(lines[d])) decorated = false;
    let end = i + 1;
    while (end < lines.length && (!/^\S/.test(lines[end]) || lines[end].startsWith('#'))) end++;
    const block = lines.slice(i + 1, end).join('\n');
    const bases = (head[2] ?? '')
      .split(',')
      .map((b) => b.trim())
      .filter((b) => b && b !== 'object');
    const plain = decorated && closes(block) && bases.every((b) => /^[A-Za-z_]\w*$/.test(b));
    heads.set(head[1], { line: i, bases: plain ? bases : undefined, words: new Set(block.match(WORD) ?? []) });
  }
  // Members with the bases', when those are known whole too (a cycle is not).
  const done = new Map<string, Set<string> | null>();
  const membersOf = (name: string): Set<string> | null => {
    if (done.has(name)) return done.get(name)!;
    done.set(name, null);
    const h = heads.get(name);
    let members: Set<string> | null = h?.bases ? new Set([...h.words, ...stored]) : null;
    for (const base of h?.bases ?? []) {
      const inherited = membersOf(base);
      if (!inherited || !members) members = null;
      else for (const m of inherited) members.add(m);
    }
    done.set(name, members);
    return members;
  };
  const out: PythonClassSummary[] = [];
  for (const [name, h] of heads) {
    const members = membersOf(name);
    if (members) out.push({ name, line: h.line, members: [...members].sort() });
  }
  return out;
}
