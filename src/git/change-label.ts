// How a review's changed file is named on screen: git's status letter, and a
// rename as `git diff -M --name-status` and `git status` show one, the old
// path, the new one and how alike the two sides are ("R old → new (87%)").
import type { GitChange } from './types';

const STATE_LETTER: Record<GitChange['state'], string> = { added: 'A', modified: 'M', deleted: 'D', renamed: 'R' };

type Labelled = Pick<GitChange, 'state' | 'path' | 'from' | 'similarity'>;

/** The similarity as git writes it, "(87%)"; empty for a change that is not a rename or has no figure. */
function similarityNote(c: Labelled): string {
  return c.state === 'renamed' && c.similarity !== undefined ? ` (${c.similarity}%)` : '';
}

/** A line of the changed-file list: "M src/app.py", "R old.py → new.py (87%)". */
export function changeLabel(c: Labelled): string {
  const letter = STATE_LETTER[c.state];
  return c.from ? `${letter} ${c.from} → ${c.path}${similarityNote(c)}` : `${letter} ${c.path}`;
}

/** What the diff view's heading says of a rename: "renamed from old.py (87%)"; empty for any other change. */
export function renameNote(c: Labelled): string {
  return c.from ? `renamed from ${c.from}${similarityNote(c)}` : '';
}
