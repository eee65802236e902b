// The window of an edited tree (its reparse still to come): rows and columns
// read off it are the text's, and what it cuts out never touches the
// stretch edited since the last parse. On files nobody here wrote.
import { describe, expect, it } from 'vitest';
import { Edit, type Tree } from 'web-tree-sitter';
import { mulberry32 } from '../../testing/platform/prng';
import { typeBurst, typingSources } from '../../testing/syntax/typing-sources';
import { createNodeValidator } from './node-runtime';
import { EditedText, grownStretch, type Stretch } from './text-edits';
import { cutWindow, isWholeDocument, keepsWhole, pointInTree } from './window';

const validator = createNodeValidator();

/** The oracle's row and column: the lines before the offset, split. */
function pointIn(text: string, offset: number) {
  const lines = text.slice(0, offset).split('\n');
  return { row: lines.length - 1, column: lines[lines.length - 1].length };
}

interface TypedState {
  path: string;
  /** The tree parsed before the bursts, edited (tree.edit) since. */
  tree: Tree;
  body: EditedText;
  stretch: Stretch;
  text: string;
  cursor: number;
}

/**
 * Parses each source, then types `bursts` bursts of keys into it, handing
 * the edited tree to `each` after every burst. `jump`: how often a burst
 * starts somewhere else (the stretch then spans both places).
 */
async function afterEachBurst(
  random: () => number,
  files: number,
  bursts: number,
  jump: number,
  each: (state: TypedState) => void,
): Promise<void> {
  for (const source of typingSources(random, files)) {
    const loaded = await validator.load(source.language);
    if (typeof loaded === 'string') throw new Error(loaded);
    const tree = loaded.parser.parse(source.text)!;
    try {
      const body = new EditedText(source.text);
      let stretch: Stretch | undefined;
      let { text } = source;
      let cursor = Math.floor(random() * text.length);
      for (let burst = 0; burst < bursts; burst++) {
        if (random() < jump) cursor = Math.floor(random() * text.length);
        const typed = typeBurst(random, text, cursor, 6);
        for (const e of typed.edits) {
          const treeEdit = body.edit(e);
          tree.edit(new Edit(treeEdit));
          stretch = grownStretch(stretch, treeEdit);
        }
        ({ text, cursor } = typed);
        each({ path: source.path, tree, body, stretch: stretch!, text, cursor });
      }
    } finally {
      tree.delete();
    }
  }
}

describe('a window of an edited tree', () => {
  it('rows and columns read off the tree equal the text’s, parsed or edited since (anywhere, in the edited stretch too)', async () => {
    const random = mulberry32(21);
    let points = 0;
    await afterEachBurst(random, 6, 4, 0, ({ path, tree, body, stretch, text, cursor }) => {
      const anywhere = Array.from({ length: 20 }, () => Math.floor(random() * (text.length + 1)));
      for (const offset of [cursor, stretch[0], stretch[1], 0, text.length, ...anywhere]) {
        expect([path, offset, pointInTree(tree, body.reader, offset, stretch)]).toEqual([path, offset, pointIn(text, offset)]);
        points++;
      }
    });
    expect(points).toBeGreaterThan(300);
  });

  it('keeps the stretch edited since the last parse clear of every cut, wherever the cursor is', async () => {
    const random = mulberry32(22);
    let cut = 0;
    let windows = 0;
    await afterEachBurst(random, 8, 5, 0.3, ({ path, tree, stretch, text, cursor }) => {
      for (const offset of [cursor, Math.floor(random() * (text.length + 1))]) {
        const window = cutWindow(tree, offset, text.length, stretch);
        windows++;
        if (isWholeDocument(window, text.length)) continue;
        cut++;
        expect([path, offset, stretch, keepsWhole(window, stretch, text.length)]).toEqual([path, offset, stretch, true]);
        expect(window.spans.some(([s, t]) => s <= offset && offset <= t)).toBe(true);
      }
    });
    expect(cut).toBeGreaterThan(windows / 2); // most windows do cut something: the property is not vacuous
  });
});
