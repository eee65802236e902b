// A text read piece by piece, as it was when the reader was made. An open
// file's text comes from the editor's model as the model's own pieces
// (Monaco's snapshot): joining a multi-MB file into one string is one long
// main-thread task, while the store can copy it a chunk per task.

export interface TextPieces {
  readonly length: number;
  /** The next piece; null at the end. */
  read(): string | null;
}

/** A string as one piece. */
export function piecesOf(text: string): TextPieces {
  let done = false;
  return {
    length: text.length,
    read: () => {
      if (done) return null;
      done = true;
      return text;
    },
  };
}

export function readAll(text: TextPieces): string {
  const parts: string[] = [];
  for (let p = text.read(); p !== null; p = text.read()) parts.push(p);
  return parts.join('');
}

/**
 * The text again in chunks of `size` characters (the last one shorter), each
 * read only when asked for: the copying spreads over the calls.
 */
export function chunksOf(text: TextPieces, size: number): () => string | null {
  let rest = '';
  let ended = false;
  return () => {
    while (!ended && rest.length < size) {
      const p = text.read();
      if (p === null) ended = true;
      else rest += p;
    }
    if (!rest) return null;
    const chunk = rest.slice(0, size);
    rest = rest.slice(size);
    return chunk;
  };
}
