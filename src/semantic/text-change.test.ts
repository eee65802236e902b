// The fast changed region is the syntax room's differingRange, on every shape of change.
import { describe, expect, it } from 'vitest';
import { differingRange } from '../syntax/text-edits';
import ts from 'typescript';
import { readFileSync } from 'node:fs';
import { changeEdit, changedRegion, textChangeRange } from './text-change';

/** A deterministic generator, so a failure names its case. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('changedRegion and changeEdit', () => {
  it('agree with differingRange on inserts, deletes and replacements in short and long texts', () => {
    const next = random(7);
    const word = () => ['a', 'b', '\n', 'xy\n', '    ', 'def f():\n', 'é', ''][Math.floor(next() * 8)];
    for (let n = 0; n < 400; n++) {
      const base = Array.from({ length: Math.floor(next() * (n % 5 === 0 ? 3000 : 60)) }, word).join('');
      const at = Math.floor(next() * (base.length + 1));
      const cut = Math.min(base.length, at + Math.floor(next() * 5));
      const inserted = Array.from({ length: Math.floor(next() * 4) }, word).join('');
      const changed = base.slice(0, at) + inserted + base.slice(cut);
      expect(changeEdit(base, changed), `case ${n}`).toEqual(differingRange(base, changed));
      const { startIndex, oldEndIndex, newEndIndex } = differingRange(changed, base);
      expect(changedRegion(changed, base), `case ${n} back`).toEqual({ startIndex, oldEndIndex, newEndIndex });
    }
  });

  it('finds nothing changed in equal texts, and all of it in texts with nothing in common', () => {
    const text = 'x = 1\n'.repeat(500);
    expect(changedRegion(text, text)).toEqual({ startIndex: text.length, oldEndIndex: text.length, newEndIndex: text.length });
    expect(changedRegion('abc', 'xyz')).toEqual({ startIndex: 0, oldEndIndex: 3, newEndIndex: 3 });
  });
});

/** A syntax tree as the kinds and spans of its nodes, in order. */
function shape(file: ts.SourceFile): string[] {
  const out: string[] = [];
  const visit = (n: ts.Node) => {
    out.push(`${n.kind}:${n.pos}-${n.end}`);
    n.forEachChild(visit);
  };
  visit(file);
  return out;
}

describe('textChangeRange', () => {
  it("makes the compiler's incremental parse give the tree a full parse gives, edit after edit", () => {
    // A real file nobody here wrote, edited at random places the way typing and completions do.
    let text = readFileSync('node_modules/typescript/lib/lib.es2015.collection.d.ts', 'utf8');
    let file = ts.createSourceFile('/a.ts', text, ts.ScriptTarget.ES2022, true);
    const next = random(11);
    const pieces = ['x', ' ', '\n', '(', ')', '{', '}', 'const y = 1;', '// note\n', '"', ''];
    for (let n = 0; n < 60; n++) {
      const at = Math.floor(next() * text.length);
      const cut = Math.min(text.length, at + Math.floor(next() * 12));
      const changed = text.slice(0, at) + pieces[Math.floor(next() * pieces.length)] + text.slice(cut);
      file = ts.updateSourceFile(file, changed, textChangeRange(text, changed));
      text = changed;
      expect(shape(file), `edit ${n}`).toEqual(shape(ts.createSourceFile('/a.ts', text, ts.ScriptTarget.ES2022, true)));
    }
  });
});
