// The retrieval set: real multi-file projects on this machine (Python
// standard-library packages, JavaScript packages in node_modules), read as a
// workspace would be, and holes where a line uses a name that another file
// of the same project defines. Which file defines a name is read with
// tree-sitter, independently of the regular expressions retrieval uses.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Language, Parser, type Node } from 'web-tree-sitter';
import { nodeRuntimePort } from '../../src/syntax';
import { mulberry32 } from '../../testing/platform/prng';
import type { WorkspaceFile } from '../../src/completion';

export interface Project {
  name: string;
  /** Not looked at while retrieval's weights were chosen: the check that they were not fitted to the rest. */
  heldOut: boolean;
  language: 'python' | 'javascript';
  files: WorkspaceFile[];
}

export interface Hole {
  project: string;
  file: string;
  /** 0-based line and column of the cursor (the start of the name's use; the rest of the line is the hole). */
  line: number;
  column: number;
  prefix: string;
  suffix: string;
  name: string;
  /** The file that defines `name` (the only one in the project). */
  definedIn: string;
}

const PYTHON_LIB = '/root/.pyenv/versions/3.11.7/lib/python3.11';

/** Project folders: the workspace is opened one folder above, so paths read `email/utils.py` as an import says. */
const PROJECT_DIRS: { name: string; language: Project['language']; root: string; folder: string; heldOut?: boolean }[] = [
  ...['email', 'json', 'asyncio', 'importlib', 'concurrent', 'xml', 'logging', 'unittest', 'http'].map((f) => ({
    name: `python:${f}`,
    language: 'python' as const,
    root: PYTHON_LIB,
    folder: f,
  })),
  { name: 'js:transformers', language: 'javascript', root: 'node_modules/@huggingface/transformers', folder: 'src' },
  { name: 'js:diff', language: 'javascript', root: 'node_modules/diff', folder: 'libesm' },
  { name: 'js:secretlint-core', language: 'javascript', root: 'node_modules/@secretlint/core', folder: 'module' },
  ...['multiprocessing', 'urllib', 'ctypes', 'sqlite3', 'wsgiref', 'dbm', 'lib2to3', 'tomllib'].map((f) => ({
    name: `python:${f}`,
    language: 'python' as const,
    root: PYTHON_LIB,
    folder: f,
    heldOut: true,
  })),
];

function walk(dir: string, ext: RegExp, out: string[] = []): string[] {
  for (const e of readdirSync(dir)) {
    if (e === '__pycache__' || e === 'test' || e === 'tests' || e.startsWith('.')) continue;
    const p = join(dir, e);
    const st = statSync(p);
    if (st.isDirectory()) walk(p, ext, out);
    else if (ext.test(e) && st.size < 512 * 1024) out.push(p);
  }
  return out;
}

export function loadProjects(): Project[] {
  return PROJECT_DIRS.filter((d) => existsSync(join(d.root, d.folder))).map((d) => {
    const ext = d.language === 'python' ? /\.py$/ : /\.(m?js|ts)$/;
    const files = walk(join(d.root, d.folder), ext)
      .filter((p) => !p.endsWith('.d.ts'))
      .sort()
      .map((p) => ({ path: relative(d.root, p).split('\\').join('/'), text: readFileSync(p, 'utf8') }));
    return { name: d.name, heldOut: !!d.heldOut, language: d.language, files };
  });
}

const TOP_LEVEL: Record<Project['language'], (n: Node) => string[]> = {
  python(n) {
    const d = n.type === 'decorated_definition' ? n.childForFieldName('definition') : n;
    if (d && (d.type === 'function_definition' || d.type === 'class_definition')) return [d.childForFieldName('name')!.text];
    if (n.type === 'expression_statement' && n.firstChild?.type === 'assignment') {
      const left = n.firstChild.childForFieldName('left');
      return left?.type === 'identifier' ? [left.text] : [];
    }
    return [];
  },
  javascript(n) {
    const d = n.type === 'export_statement' ? (n.childForFieldName('declaration') ?? n) : n;
    if (d.type === 'function_declaration' || d.type === 'class_declaration' || d.type === 'generator_function_declaration') {
      const name = d.childForFieldName('name');
      return name ? [name.text] : [];
    }
    if (d.type === 'lexical_declaration' || d.type === 'variable_declaration') {
      return d.namedChildren
        .filter((c): c is Node => c?.type === 'variable_declarator')
        .map((c) => c.childForFieldName('name'))
        .filter((x): x is Node => x?.type === 'identifier')
        .map((x) => x.text);
    }
    return [];
  },
};

export interface GroundTruth {
  /** Top-level names each file defines. */
  definitions: Map<string, Set<string>>;
  /** Per file, the [start, end) character ranges of strings and comments: prose there is no use of a name. */
  prose: Map<string, [number, number][]>;
}

const PROSE = new Set(['string', 'comment', 'template_string', 'string_fragment']);

function proseRanges(node: Node, out: [number, number][]): void {
  if (PROSE.has(node.type)) {
    out.push([node.startIndex, node.endIndex]);
    return;
  }
  for (const c of node.namedChildren) if (c) proseRanges(c, out);
}

/** What each file defines at top level, and where its strings and comments are, read by tree-sitter. */
export async function groundTruthDefinitions(p: Project): Promise<GroundTruth> {
  await nodeRuntimePort().initParser();
  const parser = new Parser();
  parser.setLanguage(
    await Language.load(
      await nodeRuntimePort().loadGrammar(
        `@vscode/tree-sitter-wasm/wasm/tree-sitter-${p.language === 'python' ? 'python' : 'javascript'}.wasm`,
      ),
    ),
  );
  const definitions = new Map<string, Set<string>>();
  const prose = new Map<string, [number, number][]>();
  for (const f of p.files) {
    const tree = parser.parse(f.text);
    const names = new Set<string>();
    for (const c of tree?.rootNode.namedChildren ?? []) if (c) for (const n of TOP_LEVEL[p.language](c)) names.add(n);
    definitions.set(f.path, names);
    const ranges: [number, number][] = [];
    if (tree) proseRanges(tree.rootNode, ranges);
    prose.set(f.path, ranges);
    tree?.delete();
  }
  parser.delete();
  return { definitions, prose };
}

/** Names a file may use for the module `path`: its stem, and aliases of it in the file's import lines. */
function moduleNames(text: string, path: string): Set<string> {
  const stem = path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
  const names = new Set([stem === '__init__' ? path.split('/').slice(-2, -1)[0] : stem]);
  for (const m of text.matchAll(/^[ \t]*(?:import|from)[ \t][^\n]*/gm)) {
    if (!new RegExp(`\\b${stem}\\b`).test(m[0])) continue;
    for (const a of m[0].matchAll(/\bas[ \t]+(\w+)/g)) names.add(a[1]);
    for (const a of m[0].matchAll(/\*[ \t]+as[ \t]+([\w$]+)/g)) names.add(a[1]);
  }
  return names;
}

/** Lines that are imports or comments: a use there is not a completion anyone would want. */
const SKIP_LINE = /^\s*(from\s|import\s|#|\/\/|\*|\/\*|export\s+\*|export\s*\{[^}]*\}\s*from)/;

/**
 * Holes: lines that use (as a whole word, in code: not in an import line, a
 * string, a docstring or a comment) a name defined in exactly one other file
 * of the project and not in the line's own file. At most `perFile` per file
 * and `perProject` per project, picked with a seeded generator.
 */
export function findHoles(p: Project, truth: GroundTruth, seed: number, perFile = 3, perProject = 150): Hole[] {
  const defs = truth.definitions;
  const definers = new Map<string, string[]>();
  for (const [file, names] of defs) for (const n of names) definers.set(n, [...(definers.get(n) ?? []), file]);
  const unique = new Map([...definers].filter(([n, files]) => files.length === 1 && n.length > 2).map(([n, files]) => [n, files[0]]));
  const rand = mulberry32(seed);
  const all: Hole[] = [];
  for (const f of p.files) {
    const own = defs.get(f.path) ?? new Set();
    const prose = truth.prose.get(f.path) ?? [];
    const inProse = (at: number) => prose.some(([a, b]) => at >= a && at < b);
    const lines = f.text.split('\n');
    const found: Hole[] = [];
    lines.forEach((line, i) => {
      if (SKIP_LINE.test(line) || line.length > 300) return;
      for (const m of line.matchAll(/[A-Za-z_$][\w$]*/g)) {
        const definedIn = unique.get(m[0]);
        if (!definedIn || definedIn === f.path || own.has(m[0])) continue;
        const before = line.slice(0, m.index);
        // `x.name` is a use of this definition only when x stands for its module (`errors.Defect`, `_charset.ALIASES`
        // after `import email.charset as _charset`); `s.encode()` on a string is not a use of a module's `encode`.
        const qualifier = /([\w$]+)\s*\.\s*$/.exec(before)?.[1];
        if (qualifier && !moduleNames(f.text, definedIn).has(qualifier)) continue;
        const offset = lines.slice(0, i).reduce((n, l) => n + l.length + 1, 0) + m.index!;
        if (inProse(offset)) continue;
        const lineEnd = offset - m.index! + line.length;
        found.push({
          project: p.name,
          file: f.path,
          line: i,
          column: m.index!,
          prefix: f.text.slice(0, offset),
          suffix: f.text.slice(lineEnd),
          name: m[0],
          definedIn,
        });
        break; // one hole per line
      }
    });
    for (let k = 0; k < perFile && found.length; k++) all.push(found.splice(Math.floor(rand() * found.length), 1)[0]);
  }
  const picked: Hole[] = [];
  while (picked.length < perProject && all.length) picked.push(all.splice(Math.floor(rand() * all.length), 1)[0]);
  return picked.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** An opening order the user could have had: the project's other files in a seeded random order, the last `n` opened first. */
export function recentlyOpened(p: Project, current: string, n: number, seed: number): string[] {
  const rand = mulberry32(seed);
  const others = p.files.map((f) => f.path).filter((x) => x !== current);
  for (let i = others.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [others[i], others[j]] = [others[j], others[i]];
  }
  return others.slice(0, n);
}
