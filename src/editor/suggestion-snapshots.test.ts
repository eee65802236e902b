import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { TextModelValueReference } from 'monaco-editor/editor/contrib/inlineCompletions/browser/model/textModelValueReference';
import { InlineCompletionItem } from 'monaco-editor/editor/contrib/inlineCompletions/browser/model/inlineSuggestionItem';
import { createTextBuffer } from 'monaco-editor/editor/common/model/textModel';
import { StringEdit, StringReplacement } from 'monaco-editor/editor/common/core/edits/stringEdit';
import { Range } from 'monaco-editor/editor/common/core/range';
import { errorHandler } from 'monaco-editor/base/common/errors';
import type { IPosition, IRange } from 'monaco-editor';
import { mulberry32 } from '../../testing/platform/prng';
import { patchInlineSuggestionsForLargeFiles } from './suggestion-snapshots';

/**
 * A text model reduced to what suggestions read, answered by Monaco's own
 * piece tree, counting the reads of the whole text.
 */
function pieceTreeModel(text: string) {
  const { textBuffer } = createTextBuffer(text, 1);
  const lines = textBuffer.getLineCount();
  const model = {
    version: 1,
    wholeTextReads: 0,
    uri: { toString: () => 'file:///a.py' },
    getVersionId: () => model.version,
    getOffsetAt: (p: IPosition) => textBuffer.getOffsetAt(p.lineNumber, p.column),
    getPositionAt: (o: number) => textBuffer.getPositionAt(o),
    getLineCount: () => lines,
    getLineLength: (l: number) => textBuffer.getLineLength(l),
    getEOL: () => '\n',
    getValue: () => {
      model.wholeTextReads++;
      return text;
    },
    getValueInRange: (r: IRange) => {
      if (r.startLineNumber === 1 && r.startColumn === 1 && r.endLineNumber === lines) model.wholeTextReads++;
      return textBuffer.getValueInRange(new Range(r.startLineNumber, r.startColumn, r.endLineNumber, r.endColumn), 0);
    },
  };
  return model;
}

const TEXT = Array.from({ length: 400 }, (_, i) => `${'  '.repeat(i % 5)}line_${i} = ${'x'.repeat(i % 37)}`).join('\n');

/** Suggestions of several shapes: inserted mid-line, replacing text they partly repeat, several lines. */
const ACTIONS = [
  { range: new Range(10, 5, 10, 5), insertText: 'foo(bar)' },
  { range: new Range(20, 9, 20, 20), insertText: 'line_19 = yy' },
  { range: new Range(30, 1, 31, 4), insertText: '  line_29 = 1\n  z' },
  { range: new Range(400, 1, 400, 1), insertText: 'tail()\n' },
];

interface ItemView {
  trimmed: unknown;
  edit: unknown;
  range: unknown;
}
const view = (i: InlineCompletionItem | undefined): ItemView | undefined => {
  if (!i) return undefined;
  const x = i as unknown as {
    _trimmedEdit: { toJson(): unknown };
    _edit: { toJson(): unknown };
    _textEdit: { range: unknown; text: string };
  };
  return { trimmed: x._trimmedEdit.toJson(), edit: x._edit.toJson(), range: { ...(x._textEdit.range as object), text: x._textEdit.text } };
};

/** Each suggestion created, then carried over a keystroke typed at its start (the text as it is after it). */
function suggestionsAndTypeThrough() {
  return ACTIONS.map((action) => {
    const model = pieceTreeModel(TEXT);
    const created = InlineCompletionItem.create({}, TextModelValueReference.snapshot(model), { ...action, snippetInfo: undefined });
    const at = model.getOffsetAt({ lineNumber: action.range.startLineNumber, column: action.range.startColumn });
    const typed = action.insertText[0];
    const after = pieceTreeModel(TEXT.slice(0, at) + typed + TEXT.slice(at));
    const carried = created.withEdit(new StringEdit([StringReplacement.insert(at, typed)]), after);
    return { created: view(created), carried: view(carried), reads: model.wholeTextReads + after.wholeTextReads };
  });
}

describe('inline suggestions in large files', () => {
  // What Monaco gives without the patch.
  let unpatched: ReturnType<typeof suggestionsAndTypeThrough>;
  let copy: ReturnType<TextModelValueReference['getTransformer']>;
  beforeAll(() => {
    unpatched = suggestionsAndTypeThrough();
    copy = TextModelValueReference.snapshot(pieceTreeModel(TEXT)).getTransformer();
    patchInlineSuggestionsForLargeFiles();
  });

  it("answer offsets and positions from the model's piece tree, as the whole-text copy does", () => {
    const model = pieceTreeModel(TEXT);
    const t = TextModelValueReference.snapshot(model).getTransformer();
    const rnd = mulberry32(7);
    for (let i = 0; i < 500; i++) {
      const offset = Math.floor(rnd() * (TEXT.length + 1));
      const pos = copy.getPosition(offset);
      expect(t.getPosition(offset)).toEqual(pos);
      expect(t.getOffset(pos)).toBe(offset);
    }
    expect(model.wholeTextReads).toBe(0);
  });

  it('create suggestions and carry them over typing exactly as Monaco does, without reading the whole text', () => {
    expect(unpatched.every((u) => u.reads > 0 && u.created && u.carried)).toBe(true);
    // The second suggestion repeats the text it replaces: trimming took it off.
    expect(unpatched[1].created!.trimmed).not.toEqual(unpatched[1].created!.edit);
    const patched = suggestionsAndTypeThrough();
    expect(patched.map(({ created, carried }) => ({ created, carried }))).toEqual(
      unpatched.map(({ created, carried }) => ({ created, carried })),
    );
    expect(patched.map((p) => p.reads)).toEqual(ACTIONS.map(() => 0));
  });

  it('fall back to a copy of the text once the model has moved past the snapshot, reported as Monaco reports it', () => {
    const reported: unknown[] = [];
    const rethrow = errorHandler.unexpectedErrorHandler;
    errorHandler.unexpectedErrorHandler = (e) => reported.push(e);
    onTestFinished(() => {
      errorHandler.unexpectedErrorHandler = rethrow;
    });
    const model = pieceTreeModel(TEXT);
    const snap = TextModelValueReference.snapshot(model);
    model.version++;
    expect(snap.getTransformer().getOffset({ lineNumber: 3, column: 2 })).toBe(copy.getOffset({ lineNumber: 3, column: 2 }));
    expect(model.wholeTextReads).toBeGreaterThan(0);
    expect(String(reported[0])).toMatch(/TextModel has changed/);
  });
});
