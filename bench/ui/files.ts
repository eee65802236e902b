// Generated source files for the typing benchmark: Python and TypeScript that
// look like real code (imports, classes with methods, functions with
// docstrings and comments, loops, conditions), made from a seeded PRNG so
// every run types into the same bytes. A small function the benchmark types
// into sits in the middle of the file, so both the text before the cursor and
// the text after it grow with the file.
import { mulberry32 } from '../../testing/platform/prng';

export type BenchLanguage = 'python' | 'typescript';

/**
 * A file size: a number of lines, a number of bytes (the 5 MB file), or one
 * line of this many characters (a minified bundle) between a few short ones.
 */
export type FileSize = { lines: number } | { bytes: number } | { longLine: number; cursorAt?: number };

export interface BenchFile {
  path: string;
  language: BenchLanguage;
  content: string;
  /** 1-based line the typing starts from (its end), inside the target function. */
  cursorLine: number;
  /** 1-based column the typing starts from, when not the line's end: a place in a long line. */
  cursorColumn?: number;
  lines: number;
  bytes: number;
}

const NOUNS = [
  'user',
  'order',
  'item',
  'price',
  'total',
  'record',
  'event',
  'payload',
  'session',
  'token',
  'buffer',
  'result',
  'config',
  'entry',
  'node',
  'path',
  'value',
  'count',
  'index',
  'score',
  'limit',
  'offset',
  'batch',
  'cache',
  'queue',
  'report',
  'account',
  'invoice',
  'customer',
  'product',
];
const VERBS = [
  'load',
  'save',
  'parse',
  'build',
  'compute',
  'merge',
  'filter',
  'render',
  'update',
  'fetch',
  'resolve',
  'validate',
  'normalize',
  'collect',
  'apply',
  'find',
  'split',
  'format',
  'encode',
  'decode',
];
const ADJ = [
  'active',
  'pending',
  'cached',
  'remote',
  'local',
  'default',
  'current',
  'next',
  'last',
  'raw',
  'clean',
  'sorted',
  'unique',
  'valid',
];
const MODULES_PY = ['os', 'sys', 're', 'json', 'math', 'time', 'logging', 'itertools', 'functools', 'collections', 'pathlib', 'datetime'];
const MODULES_TS = [
  'node:fs',
  'node:path',
  'node:events',
  './models',
  './storage',
  './format',
  './errors',
  './config',
  '../shared/types',
  '../util/strings',
];

class Gen {
  private readonly r: () => number;
  constructor(seed: number) {
    this.r = mulberry32(seed);
  }
  int(n: number): number {
    return Math.floor(this.r() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
  chance(p: number): boolean {
    return this.r() < p;
  }
  snake(): string {
    return this.chance(0.4) ? `${this.pick(ADJ)}_${this.pick(NOUNS)}` : this.pick(NOUNS);
  }
  camel(): string {
    const a = this.chance(0.4) ? this.pick(ADJ) : '';
    const n = this.pick(NOUNS);
    return a ? `${a}${n[0].toUpperCase()}${n.slice(1)}` : n;
  }
  /** "Loads", "Merges": a verb to start a sentence with. */
  sentenceVerb(suffix: string): string {
    const v = this.pick(VERBS);
    return `${v[0].toUpperCase()}${v.slice(1)}${suffix}`;
  }
  pascal(): string {
    const n = this.camel();
    return `${n[0].toUpperCase()}${n.slice(1)}`;
  }
}

// ---------------------------------------------------------------- Python

function pyExpr(g: Gen, names: string[]): string {
  const v = () => g.pick(names);
  switch (g.int(7)) {
    case 0:
      return `${v()} + ${g.int(100)}`;
    case 1:
      return `${g.pick(VERBS)}_${g.pick(NOUNS)}(${v()}, ${v()})`;
    case 2:
      return `[x for x in ${v()} if x]`;
    case 3:
      return `{"${g.pick(NOUNS)}": ${v()}, "${g.pick(NOUNS)}": ${g.int(1000)}}`;
    case 4:
      return `len(${v()}) * ${g.int(10) + 1}`;
    case 5:
      return `${v()}.get("${g.pick(NOUNS)}", ${g.chance(0.5) ? 'None' : '0'})`;
    default:
      return `f"${g.pick(NOUNS)}={{${v()}}}"`;
  }
}

function pyBody(g: Gen, indent: string, names: string[], out: string[], depth = 0): void {
  const n = 2 + g.int(6);
  const start = out.length;
  for (let i = 0; i < n; i++) {
    const k = g.int(10);
    if (k < 4) {
      const name = g.snake();
      out.push(`${indent}${name} = ${pyExpr(g, names)}`);
      names.push(name);
    } else if (k === 4) {
      out.push(`${indent}# ${g.pick(VERBS)} the ${g.pick(ADJ)} ${g.pick(NOUNS)} before the ${g.pick(NOUNS)} is used`);
    } else if (k === 5 && depth < 2) {
      out.push(`${indent}for ${g.pick(['x', 'item', 'row', 'key'])} in ${g.pick(names)}:`);
      pyBody(g, `${indent}    `, [...names, 'x', 'item', 'row', 'key'], out, depth + 1);
    } else if (k === 6 && depth < 2) {
      out.push(`${indent}if ${g.pick(names)} ${g.pick(['is None', '> 0', '== ""', 'in (1, 2, 3)'])}:`);
      pyBody(g, `${indent}    `, [...names], out, depth + 1);
      if (g.chance(0.5)) {
        out.push(`${indent}else:`);
        pyBody(g, `${indent}    `, [...names], out, depth + 1);
      }
    } else if (k === 7) {
      out.push(`${indent}logger.debug("${g.pick(VERBS)} %s", ${g.pick(names)})`);
    } else {
      out.push(`${indent}${g.pick(names)}.${g.pick(VERBS)}(${pyExpr(g, names)})`);
    }
  }
  // A block of comments only is not a block.
  if (out.slice(start).every((l) => l.trimStart().startsWith('#'))) out.push(`${indent}pass`);
}

function pyFunction(g: Gen, indent: string, method: boolean, out: string[]): void {
  const params = Array.from({ length: 1 + g.int(3) }, () => g.snake()).filter((p, i, a) => a.indexOf(p) === i);
  const name = `${g.pick(VERBS)}_${g.snake()}`;
  const args = method ? ['self', ...params] : params;
  out.push(`${indent}def ${name}(${args.join(', ')}):`);
  out.push(`${indent}    """${g.sentenceVerb('')} the ${g.pick(NOUNS)} from ${params.join(' and ')}."""`);
  const names = [...params, ...(method ? ['self'] : [])];
  pyBody(g, `${indent}    `, names, out);
  out.push(`${indent}    return ${g.pick(names)}`);
  out.push('');
}

function pyClass(g: Gen, out: string[]): void {
  const name = `${g.pascal()}${g.pick(['Service', 'Store', 'Manager', 'Handler', 'Builder', 'Repository'])}`;
  out.push(`class ${name}${g.chance(0.3) ? '(Base)' : ''}:`);
  out.push(`    """Keeps ${g.pick(NOUNS)}s and ${g.pick(NOUNS)}s for the ${g.pick(ADJ)} ${g.pick(NOUNS)}."""`);
  out.push('');
  out.push('    def __init__(self, config, limit=100):');
  out.push('        self.config = config');
  out.push('        self.limit = limit');
  out.push(`        self.${g.snake()} = {}`);
  out.push('');
  const methods = 2 + g.int(4);
  for (let i = 0; i < methods; i++) pyFunction(g, '    ', true, out);
  out.push('');
}

const PY_TARGET = [
  'def bench_target(a, b):',
  '    """Where the typing benchmark types."""',
  '    total = a * b',
  '    return total',
  '',
  '',
];

function python(size: { lines: number } | { bytes: number }, seed: number): { lines: string[]; cursorLine: number } {
  const g = new Gen(seed);
  const out: string[] = ['"""Generated module for the typing benchmark."""', ''];
  for (const m of MODULES_PY) out.push(`import ${m}`);
  out.push('from dataclasses import dataclass, field');
  out.push('from typing import Any, Dict, List, Optional');
  out.push('', 'logger = logging.getLogger(__name__)', '', '', 'class Base:', '    pass', '', '');
  const full = fullness(size);
  let target = -1;
  while (!full(out)) {
    if (target < 0 && full(out, 0.5)) {
      target = out.length + 3; // "    total = a * b"
      out.push(...PY_TARGET);
      continue;
    }
    const k = g.int(10);
    if (k < 4) pyClass(g, out);
    else if (k < 9) pyFunction(g, '', false, out);
    else out.push(`${g.snake().toUpperCase()}_${g.int(1000)} = ${g.int(100_000)}`, '');
  }
  if (target < 0) {
    target = out.length + 3;
    out.push(...PY_TARGET);
  }
  return { lines: out, cursorLine: target };
}

// ---------------------------------------------------------------- TypeScript

function tsExpr(g: Gen, names: string[]): string {
  const v = () => g.pick(names);
  switch (g.int(7)) {
    case 0:
      return `${v()} + ${g.int(100)}`;
    case 1:
      return `${g.pick(VERBS)}${g.pascal()}(${v()}, ${v()})`;
    case 2:
      return `[${v()}, ${v()}].filter(Boolean)`;
    case 3:
      return `{ ${g.pick(NOUNS)}: ${v()}, ${g.pick(NOUNS)}: ${g.int(1000)} }`;
    case 4:
      return `String(${v()}).length * ${g.int(10) + 1}`;
    case 5:
      return `${v()} ?? ${g.chance(0.5) ? 'null' : '0'}`;
    default:
      return `\`${g.pick(NOUNS)}=\${${v()}}\``;
  }
}

function tsBody(g: Gen, indent: string, names: string[], out: string[], depth = 0): void {
  const n = 2 + g.int(6);
  for (let i = 0; i < n; i++) {
    const k = g.int(10);
    if (k < 4) {
      const name = `${g.camel()}${g.int(100)}`;
      out.push(`${indent}const ${name} = ${tsExpr(g, names)};`);
      names.push(name);
    } else if (k === 4) {
      out.push(`${indent}// ${g.pick(VERBS)} the ${g.pick(ADJ)} ${g.pick(NOUNS)} before the ${g.pick(NOUNS)} is used`);
    } else if (k === 5 && depth < 2) {
      const it = g.pick(['x', 'item', 'row', 'key']);
      out.push(`${indent}for (const ${it} of [${g.pick(names)}]) {`);
      tsBody(g, `${indent}  `, [...names, it], out, depth + 1);
      out.push(`${indent}}`);
    } else if (k === 6 && depth < 2) {
      out.push(`${indent}if (${g.pick(names)} ${g.pick(['=== undefined', '> 0', "=== ''", '!== null'])}) {`);
      tsBody(g, `${indent}  `, [...names], out, depth + 1);
      if (g.chance(0.5)) {
        out.push(`${indent}} else {`);
        tsBody(g, `${indent}  `, [...names], out, depth + 1);
      }
      out.push(`${indent}}`);
    } else if (k === 7) {
      out.push(`${indent}logger.debug('${g.pick(VERBS)}', ${g.pick(names)});`);
    } else {
      out.push(`${indent}void ${g.pick(VERBS)}${g.pascal()}(${tsExpr(g, names)});`);
    }
  }
}

const TS_TYPES = ['string', 'number', 'boolean', 'unknown', 'Record<string, number>', 'string[]', 'Entry'];

function tsFunction(g: Gen, indent: string, method: boolean, out: string[]): void {
  const params = Array.from({ length: 1 + g.int(3) }, () => g.camel()).filter((p, i, a) => a.indexOf(p) === i);
  const name = `${g.pick(VERBS)}${g.pascal()}`;
  out.push(`${indent}/** ${g.sentenceVerb('s')} the ${g.pick(NOUNS)} from ${params.join(' and ')}. */`);
  const sig = `${name}(${params.map((p) => `${p}: ${g.pick(TS_TYPES)}`).join(', ')}): unknown {`;
  out.push(method ? `${indent}${g.chance(0.3) ? 'private ' : ''}${sig}` : `${indent}export function ${sig}`);
  const names = [...params, ...(method ? ['this.limit'] : [])];
  tsBody(g, `${indent}  `, names, out);
  out.push(`${indent}  return ${g.pick(names)};`);
  out.push(`${indent}}`);
  out.push('');
}

function tsClass(g: Gen, out: string[]): void {
  const name = `${g.pascal()}${g.pick(['Service', 'Store', 'Manager', 'Handler', 'Builder', 'Repository'])}${g.int(1000)}`;
  out.push(`export class ${name} {`);
  out.push(`  private readonly ${g.camel()} = new Map<string, Entry>();`);
  out.push('');
  out.push('  constructor(private readonly config: Config, readonly limit = 100) {}');
  out.push('');
  const methods = 2 + g.int(4);
  for (let i = 0; i < methods; i++) tsFunction(g, '  ', true, out);
  out.push('}');
  out.push('');
}

const TS_TARGET = [
  'export function benchTarget(a: number, b: number): number {',
  '  // Where the typing benchmark types.',
  '  const total = a * b;',
  '  return total;',
  '}',
  '',
];

function typescript(size: { lines: number } | { bytes: number }, seed: number): { lines: string[]; cursorLine: number } {
  const g = new Gen(seed);
  const out: string[] = ['// Generated module for the typing benchmark.'];
  MODULES_TS.forEach((m, i) => out.push(`import * as mod${i} from '${m}';`));
  out.push("import type { Config, Entry } from './types';", '', 'const logger = { debug: (..._args: unknown[]) => {} };', '');
  out.push('export interface Options {', '  limit: number;', '  name?: string;', '}', '');
  const full = fullness(size);
  let target = -1;
  while (!full(out)) {
    if (target < 0 && full(out, 0.5)) {
      target = out.length + 3; // "  const total = a * b;"
      out.push(...TS_TARGET);
      continue;
    }
    const k = g.int(10);
    if (k < 4) tsClass(g, out);
    else if (k < 9) tsFunction(g, '', false, out);
    else out.push(`export const ${g.snake().toUpperCase()}_${g.int(1000)} = ${g.int(100_000)};`, '');
  }
  if (target < 0) {
    target = out.length + 3;
    out.push(...TS_TARGET);
  }
  return { lines: out, cursorLine: target };
}

// ---------------------------------------------------------------- Minified

/** One minified statement, as a bundler writes them: short names, no spaces. */
function minStatement(g: Gen, i: number): string {
  const n = `${String.fromCharCode(97 + g.int(26))}${i.toString(36)}`;
  switch (g.int(6)) {
    case 0:
      return `function ${n}(a,b){return a*${g.int(100)}+b}`;
    case 1:
      return `const ${n}=[${g.int(10)},${g.int(100)},${g.int(1000)}].map(x=>x*${g.int(9) + 1});`;
    case 2:
      return `export class ${n.toUpperCase()}{constructor(t){this.${g.pick(NOUNS)}=t}${g.pick(VERBS)}(e){return this.${g.pick(NOUNS)}??e}}`;
    case 3:
      return `var ${n}={${g.pick(NOUNS)}:${g.int(1000)},${g.pick(NOUNS)}:"${g.pick(ADJ)}"};`;
    case 4:
      return `if(${n}>${g.int(50)}){console.debug("${g.pick(VERBS)}",${g.int(9)})}`;
    default:
      return `let ${n}=\`${g.pick(NOUNS)}=\${${g.int(99)}}\`;`;
  }
}

/**
 * A TypeScript file whose middle line is `chars` characters of minified
 * code; the cursor sits before the `;` that ends the first statement ending
 * at `cursorAt` characters or beyond (the line's middle by default), so a
 * burst's `;const v = ` and the demo model's `a + b` make a statement of
 * their own.
 */
function minified(chars: number, seed: number, cursorAt = chars / 2): { lines: string[]; cursorLine: number; cursorColumn: number } {
  const g = new Gen(seed);
  let line = '';
  let cursorColumn = 0;
  for (let i = 0; line.length < chars; i++) {
    const st = minStatement(g, i);
    line += st.endsWith('}') || st.endsWith(';') ? st : `${st};`;
    if (!cursorColumn && line.length >= cursorAt) {
      if (!line.endsWith(';')) line += ';';
      cursorColumn = line.length;
    }
  }
  const lines = ['// Generated minified module for the typing benchmark.', '/* eslint-disable */', line, 'export {};'];
  return { lines, cursorLine: 3, cursorColumn };
}

/** A test on the lines so far: has the file reached `share` of its size? */
function fullness(size: { lines: number } | { bytes: number }): (lines: string[], share?: number) => boolean {
  if ('lines' in size) return (lines, share = 1) => lines.length >= size.lines * share;
  // Bytes: counted incrementally (the 5 MB file has ~100,000 lines).
  let counted = 0;
  let bytes = 0;
  return (lines, share = 1) => {
    for (; counted < lines.length; counted++) bytes += lines[counted].length + 1;
    return bytes >= size.bytes * share;
  };
}

export function generateFile(language: BenchLanguage, size: FileSize, seed = 1): BenchFile {
  if ('longLine' in size && language !== 'typescript') throw new Error('a long minified line is generated as TypeScript only');
  const made: { lines: string[]; cursorLine: number; cursorColumn?: number } =
    'longLine' in size ? minified(size.longLine, seed, size.cursorAt) : language === 'python' ? python(size, seed) : typescript(size, seed);
  const { lines, cursorLine } = made;
  const content = `${lines.join('\n')}\n`;
  const tag =
    'lines' in size
      ? `${size.lines}`
      : 'bytes' in size
        ? `${Math.round(size.bytes / 1e6)}mb`
        : `line${size.longLine}${size.cursorAt === undefined ? '' : `_at${size.cursorAt}`}`;
  return {
    path: language === 'python' ? `bench_${tag}.py` : `bench_${tag}.ts`,
    language,
    content,
    cursorLine,
    ...(made.cursorColumn && { cursorColumn: made.cursorColumn }),
    lines: lines.length,
    bytes: content.length,
  };
}

/**
 * The files `npm run bench ui` types into, by the name `--sizes` takes;
 * `languages`: the only ones the size is made in (a minified line is
 * TypeScript). The long line is typed into twice: in its middle, past where
 * the editor stops drawing a line (no suggestion is asked for there), and
 * early in it, where completions run as anywhere.
 */
export const UI_SIZES: Record<
  string,
  {
    size: FileSize;
    label: string;
    languages?: BenchLanguage[];
    /** The cursor is past where the editor draws its line: no suggestion is asked for, so none is waited for. */
    undrawn?: true;
  }
> = {
  '1k': { size: { lines: 1_000 }, label: '1,000 lines' },
  '20k': { size: { lines: 20_000 }, label: '20,000 lines' },
  '5mb': { size: { bytes: 5_000_000 }, label: '5 MB' },
  longline: { size: { longLine: 200_000 }, label: 'a 200,000-character line', languages: ['typescript'], undrawn: true },
  'longline-drawn': {
    size: { longLine: 200_000, cursorAt: 8_000 },
    label: 'a 200,000-character line at column 8,000',
    languages: ['typescript'],
  },
};
