// Source files nobody here wrote, to type into in the live-document tests:
// Debian's Python standard library and an installed npm package's
// TypeScript sources, picked by a seeded PRNG. Node only.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface SourceRoot {
  language: 'python' | 'typescript';
  root: string;
  extension: string;
  /** Where the files come from, for the error when they are missing. */
  from: string;
}

const ROOTS: readonly SourceRoot[] = [
  { language: 'python', root: '/usr/lib/python3.11', extension: '.py', from: "Debian's libpython3.11-stdlib (installed with python3)" },
  {
    language: 'typescript',
    root: 'node_modules/ts-json-schema-generator/src',
    extension: '.ts',
    from: 'the npm package ts-json-schema-generator (npm install)',
  },
];

export interface TypingSource {
  language: 'python' | 'typescript';
  path: string;
  text: string;
}

function filesUnder(dir: string, extension: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(extension) && !f.endsWith('.d.ts'))
    .sort()
    .map((f) => join(dir, f));
}

/** `perLanguage` files of each language, between `minLength` and `maxLength` code units, chosen with `random`. */
export function typingSources(random: () => number, perLanguage: number, minLength = 2_000, maxLength = 60_000): TypingSource[] {
  const out: TypingSource[] = [];
  for (const { language, root, extension, from } of ROOTS) {
    let files: string[];
    try {
      files = filesUnder(root, extension);
    } catch {
      throw new Error(`${root} is not there: these sources come from ${from}`);
    }
    const picked: TypingSource[] = [];
    for (let tries = 0; picked.length < perLanguage && tries < files.length * 4; tries++) {
      const path = files[Math.floor(random() * files.length)];
      if (picked.some((p) => p.path === path)) continue;
      const text = readFileSync(path, 'utf8');
      if (text.length >= minLength && text.length <= maxLength) picked.push({ language, path, text });
    }
    if (picked.length < perLanguage) throw new Error(`only ${picked.length} ${language} files of the size asked for under ${root}`);
    out.push(...picked);
  }
  return out;
}

/** What a burst of typing sends: change events, one per key, as the editor reports them (no ranges: the row is found from the text). */
export interface TypedBurst {
  edits: { rangeOffset: number; rangeLength: number; text: string }[];
  /** The text after the burst, and where its cursor is. */
  text: string;
  cursor: number;
}

const TOKENS = ['x', 'value', ' = ', '(', ')', '[', ']', ', ', '.', ':', '1', '"a"', ' + ', 'if ', 'return ', '{', '}', ';'];

/**
 * A burst of keys at `cursor`: tokens, now and then a new line with the
 * line's indentation, a backspace, or a word deleted, as a person types.
 */
export function typeBurst(random: () => number, text: string, cursor: number, keys: number): TypedBurst {
  const edits: TypedBurst['edits'] = [];
  for (let k = 0; k < keys; k++) {
    const r = random();
    let e: TypedBurst['edits'][number];
    if (r < 0.1 && cursor > 0) e = { rangeOffset: cursor - 1, rangeLength: 1, text: '' };
    else if (r < 0.15 && cursor > 0) {
      const from = Math.max(0, cursor - 1 - Math.floor(random() * 8));
      e = { rangeOffset: from, rangeLength: cursor - from, text: '' };
    } else if (r < 0.3) {
      const lineStart = text.lastIndexOf('\n', cursor - 1) + 1;
      e = { rangeOffset: cursor, rangeLength: 0, text: `\n${/^[ \t]*/.exec(text.slice(lineStart, cursor))![0]}` };
    } else e = { rangeOffset: cursor, rangeLength: 0, text: TOKENS[Math.floor(random() * TOKENS.length)] };
    text = text.slice(0, e.rangeOffset) + e.text + text.slice(e.rangeOffset + e.rangeLength);
    cursor = e.rangeOffset + e.text.length;
    edits.push(e);
  }
  return { edits, text, cursor };
}
