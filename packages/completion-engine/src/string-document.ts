// A plain string read the way the engine reads an editor's document
// (src/completion/common/text-window.ts): the host hands its text, the engine keeps
// a bounded window around the cursor.
import type { WindowDocument } from '../../../src/completion/common/text-window';

export function stringDocument(text: string): WindowDocument {
  // Lines are counted only for a document larger than the window, and then once.
  let lineStarts: number[] | undefined;
  const starts = () => {
    if (!lineStarts) {
      lineStarts = [0];
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
    }
    return lineStarts;
  };
  return {
    length: text.length,
    lineAt(offset) {
      const s = starts();
      let lo = 0;
      let hi = s.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (s[mid] <= offset) lo = mid;
        else hi = mid - 1;
      }
      return { line: lo, start: s[lo] };
    },
    lineEndAt(offset) {
      const end = text.indexOf('\n', offset);
      return end === -1 ? text.length : end;
    },
    read: (start, end) => text.slice(start, end),
  };
}
