// One entry per file in the prompt. Retrieval may take two parts of a file
// (a definition and the chunk most like the cursor's surroundings); written
// as two `<|file_sep|>` entries the model would read the same file twice, as
// if it were two files. Each file's parts go under one entry, in the file's
// line order, a `...` line where lines were left out between them: a comment
// in the file's language (`# ...`, `// ...`) so that the entry still reads as
// that file's code; a bare `...` where the whole entry becomes comments.
import { lineCommentFor } from '../languages/line-comment';
import type { PromptSnippet } from '../vocabulary/types';

/** The line marking left-out lines in `file`'s entry. */
type GapLine = (file: string) => string;
const commentedGap: GapLine = (file) => `${lineCommentFor(file)} ...`;
export const BARE_GAP: GapLine = () => '...';

/** The snippets grouped by file, files in the order of their first (best) snippet, each file's parts in line order. */
export function snippetsByFile(snippets: readonly PromptSnippet[], gapLine: GapLine = commentedGap): PromptSnippet[] {
  const groups = new Map<string, PromptSnippet[]>();
  for (const s of snippets) {
    const group = groups.get(s.file);
    group ? group.push(s) : groups.set(s.file, [s]);
  }
  return [...groups].map(([file, parts]) => (parts.length === 1 ? parts[0] : joined(file, parts, gapLine(file))));
}

/** A file's parts as one: in line order when every part says where it starts, else in the order given (nothing known of what lies between). */
function joined(file: string, parts: readonly PromptSnippet[], gap: string): PromptSnippet {
  const placed = parts.every((p) => p.startLine !== undefined);
  const ordered = placed ? [...parts].sort((x, y) => x.startLine! - y.startLine!) : parts;
  const lines = ordered[0].text.split('\n');
  let end = placed ? ordered[0].startLine! + lines.length - 1 : undefined;
  for (const p of ordered.slice(1)) {
    const own = p.text.split('\n');
    if (end === undefined || p.startLine === undefined) {
      lines.push(gap, ...own);
      continue;
    }
    // Overlapping lines are written once; a part right after the last one continues it without a gap.
    if (p.startLine > end + 1) lines.push(gap);
    lines.push(...own.slice(Math.max(0, end + 1 - p.startLine)));
    end = Math.max(end, p.startLine + own.length - 1);
  }
  return { file, text: lines.join('\n'), ...(placed && { startLine: ordered[0].startLine }) };
}
