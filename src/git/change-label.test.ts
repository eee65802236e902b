import { describe, expect, it } from 'vitest';
import { changeLabel, renameNote } from './change-label';

describe('a changed file as the review names it', () => {
  it('gives the status letter and the path of a change that is not a rename', () => {
    expect(changeLabel({ state: 'added', path: 'new.py' })).toBe('A new.py');
    expect(changeLabel({ state: 'modified', path: 'src/app.py' })).toBe('M src/app.py');
    expect(changeLabel({ state: 'deleted', path: 'old.txt' })).toBe('D old.txt');
    expect(renameNote({ state: 'modified', path: 'src/app.py' })).toBe('');
  });

  it("names a rename's two paths with its similarity, as git does; an exact rename is 100%", () => {
    expect(changeLabel({ state: 'renamed', from: 'lib/a.py', path: 'lib/b.py', similarity: 87 })).toBe('R lib/a.py → lib/b.py (87%)');
    expect(changeLabel({ state: 'renamed', from: 'docs/guide.md', path: 'docs/handbook.md', similarity: 100 })).toBe(
      'R docs/guide.md → docs/handbook.md (100%)',
    );
    expect(renameNote({ state: 'renamed', from: 'lib/a.py', path: 'lib/b.py', similarity: 87 })).toBe('renamed from lib/a.py (87%)');
  });

  it('leaves the figure out when a rename has none, rather than print a wrong one', () => {
    expect(changeLabel({ state: 'renamed', from: 'a', path: 'b' })).toBe('R a → b');
    expect(renameNote({ state: 'renamed', from: 'a', path: 'b' })).toBe('renamed from a');
  });
});
