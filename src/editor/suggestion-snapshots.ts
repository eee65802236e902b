// Monaco's inline suggestions read the whole text of the file for every
// suggestion they create and again for every edit made while one is shown:
// work proportional to the file, on the main thread, per keystroke. Two
// places do it, and both need far less:
//
// - A suggestion maps its range to offsets through its snapshot's
//   transformer. The snapshot class has none of its own, so it inherits one
//   that copies the text and builds a table of every line start. The text
//   model answers offset and position questions from its piece tree in
//   logarithmic time (Monaco uses exactly that for live models:
//   getPositionOffsetTransformerFromTextModel); a snapshot whose model is
//   still at the snapshot's version has the same text, so it takes the
//   model's answers. Once the model has moved on, the inherited copy stays in
//   charge (and Monaco reports the stale read as before).
// - Creating a suggestion, and carrying it over an edit, trims what the
//   suggestion shares with the text it replaces, passing the whole text as a
//   string that is only ever cut with substring(). Here that text is a view
//   that reads the cut range from the model.
import { InlineCompletionItem } from 'monaco-editor/editor/contrib/inlineCompletions/browser/model/inlineSuggestionItem';
import { TextModelValueReference } from 'monaco-editor/editor/contrib/inlineCompletions/browser/model/textModelValueReference';
import { getPositionOffsetTransformerFromTextModel } from 'monaco-editor/editor/common/core/text/getPositionOffsetTransformerFromTextModel';
import type { IPosition, IRange } from 'monaco-editor';

type Snapshot = InstanceType<typeof TextModelValueReference>;

interface RangeReader {
  getPositionAt(offset: number): IPosition;
  getValueInRange(range: IRange): string;
}

/** `model` whose getValue() is a text cut only by substring(), each cut read from the model. */
function withRangeReadValue<M extends RangeReader>(model: M): M {
  const text = {
    substring(start: number, end: number): string {
      const a = model.getPositionAt(start);
      const b = model.getPositionAt(end);
      return model.getValueInRange({
        startLineNumber: a.lineNumber,
        startColumn: a.column,
        endLineNumber: b.lineNumber,
        endColumn: b.column,
      });
    },
  };
  return Object.create(model, { getValue: { value: () => text } }) as M;
}

let installed = false;

export function patchInlineSuggestionsForLargeFiles(): void {
  if (installed) return;
  installed = true;

  const proto = TextModelValueReference.prototype;
  const copyOfText = proto.getTransformer;
  const transformers = new WeakMap<Snapshot, ReturnType<typeof getPositionOffsetTransformerFromTextModel>>();
  proto.getTransformer = function (this: Snapshot) {
    const model = this.dangerouslyGetUnderlyingModel();
    if (model.getVersionId() !== this.getVersionId()) return copyOfText.call(this);
    let t = transformers.get(this);
    if (!t) transformers.set(this, (t = getPositionOffsetTransformerFromTextModel(model)));
    return t;
  };

  const create = InlineCompletionItem.create;
  InlineCompletionItem.create = function (data, snapshot, action) {
    const item = create.call(this, data, withRangeReadValue(snapshot), action);
    // The item keeps the snapshot it was made from, not the view.
    item.originalTextRef = snapshot;
    return item;
  };
  const withEdit = InlineCompletionItem.prototype.withEdit;
  InlineCompletionItem.prototype.withEdit = function (edit, textModel) {
    return withEdit.call(this, edit, withRangeReadValue(textModel));
  };
}
