import { describe, expect, it } from 'vitest';
import { findDefinitions } from './definitions';
import { scopeLine } from './scope';
import { WorkspaceIndex } from './workspace-index';

describe('scopeLine', () => {
  // What it answered when it split the whole prefix into lines: the reference it must keep answering.
  const byLines = (index: WorkspaceIndex, file: string, prefix: string) => {
    const language = index.language(file);
    const lines = prefix.split('\n');
    if (!language) return -1;
    const from = Math.max(0, lines.length - 300);
    const defs = findDefinitions(lines.slice(from, -1).join('\n'), language);
    return defs.length ? from + defs[defs.length - 1].line : -1;
  };

  it('finds the definition the cursor is in by reading back from the cursor, as a split of the whole prefix finds it', () => {
    const index = new WorkspaceIndex([{ path: 'm.py', text: '' }]);
    const body = Array.from({ length: 900 }, (_, i) => (i % 97 === 0 ? `def f${i}(a):` : i % 5 === 0 ? '' : `    x${i} = a + ${i}`));
    for (const cut of [0, 1, 2, 50, 97, 98, 299, 300, 301, 400, 899]) {
      for (const tail of ['', '    y = ', 'def g(']) {
        const prefix = [...body.slice(0, cut), tail].join('\n');
        expect([cut, tail, scopeLine(index, 'm.py', prefix)]).toEqual([cut, tail, byLines(index, 'm.py', prefix)]);
      }
    }
    expect(scopeLine(index, 'm.py', 'def f(a):')).toBe(-1);
  });
});
