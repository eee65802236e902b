// A plain string as src/completion/common/text-window.ts sees an editor's model (the Node tests' document).
import type { WindowDocument } from '../../src/completion';

/** A plain string as the window sees an editor model. */
export function docOf(text: string): WindowDocument & { reads: number } {
  const d = {
    reads: 0,
    length: text.length,
    lineAt(offset: number) {
      const start = text.lastIndexOf('\n', offset - 1) + 1;
      let line = 0;
      for (let at = text.indexOf('\n'); at >= 0 && at < start; at = text.indexOf('\n', at + 1)) line++;
      return { line, start };
    },
    lineEndAt(offset: number) {
      const end = text.indexOf('\n', offset);
      return end < 0 ? text.length : end;
    },
    read(start: number, end: number) {
      d.reads += end - start;
      return text.slice(start, end);
    },
  };
  return d;
}
