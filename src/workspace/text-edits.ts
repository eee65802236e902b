// Edits to a file's text as the editor reports them: one change event is a
// list of replacements, each an offset and length in the text before the
// event. Monaco lists them from the end of the text to its start, so applying
// them one after the other in that order gives the text after the event.

export interface TextEdit {
  offset: number;
  length: number;
  text: string;
}

/** Whether `edits`, applied in order, stay inside a text of `length` characters. */
function editsFit(length: number, edits: readonly TextEdit[]): boolean {
  for (const e of edits) {
    if (e.offset < 0 || e.length < 0 || e.offset + e.length > length) return false;
    length += e.text.length - e.length;
  }
  return true;
}

/** `text` with `edits` applied in order; for a few edits (each copies the text). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  for (const e of edits) text = text.slice(0, e.offset) + e.text + text.slice(e.offset + e.length);
  return text;
}

/** Chunk size of EditableText: large enough to keep few chunks, small enough that an edit copies little. */
const CHUNK = 1 << 16;

/**
 * A text many edits are applied to (a journal replayed over a large file): kept
 * in chunks, so an edit copies one chunk, not the whole text.
 */
export class EditableText {
  private chunks: string[] = [];
  private size = 0;

  constructor(text: string) {
    for (let i = 0; i < text.length; i += CHUNK) this.chunks.push(text.slice(i, i + CHUNK));
    if (!this.chunks.length) this.chunks.push('');
    this.size = text.length;
  }

  get length(): number {
    return this.size;
  }

  /** Applies `edits` in order; false (and nothing applied) when they do not fit the text. */
  apply(edits: readonly TextEdit[]): boolean {
    if (!editsFit(this.size, edits)) return false;
    for (const e of edits) this.replace(e);
    return true;
  }

  private replace({ offset, length, text }: TextEdit): void {
    // The chunks the range touches (an insertion at a chunk boundary takes the earlier one).
    let i = 0;
    let start = 0;
    while (i < this.chunks.length - 1 && start + this.chunks[i].length < offset) start += this.chunks[i++].length;
    let j = i;
    let end = start + this.chunks[i].length;
    while (j < this.chunks.length - 1 && end < offset + length) end += this.chunks[++j].length;
    const joined = this.chunks.slice(i, j + 1).join('');
    const merged = joined.slice(0, offset - start) + text + joined.slice(offset - start + length);
    const pieces: string[] = [];
    for (let k = 0; k < merged.length; k += CHUNK) pieces.push(merged.slice(k, k + CHUNK));
    this.chunks.splice(i, j - i + 1, ...(pieces.length ? pieces : ['']));
    this.size += text.length - length;
  }

  toString(): string {
    return this.chunks.join('');
  }
}
