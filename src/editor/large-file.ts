// Which editor features a file keeps, by its size. Monaco's folding and
// sticky scroll recompute their ranges over the whole file after each change,
// word highlighting searches the whole file after each cursor move, and link
// detection and colour swatches copy the file to Monaco's editor worker and
// scan all of it after each pause in typing, so above these thresholds they
// are switched off for that file: typing stays proportional to the edit. A very long line (a minified bundle) makes a
// file large too, whatever its size: each keystroke in it re-renders and
// re-measures the line, and features that read the whole line per change
// (bracket pairs, indentation guides) go off with the others. Monaco's own
// large-file mode (20 MB or 300,000 lines) comes much later and turns off far
// more (colouring among it).
// The strategy as a whole, completions included: docs/performance.md, "Large files".
import type { editor } from 'monaco-editor';
import { WINDOW_AFTER, WINDOW_BEFORE } from '../completion/common/text-window';
import { MAX_INDEXED_CHARS } from '../completion/common/workspace-context/workspace-index';
import { LONG_LINE_CHARS } from './long-lines';

/** A file with more characters than this is large: the size above which retrieval does not index a file either. */
const LARGE_FILE_CHARS = MAX_INDEXED_CHARS;
/** A file with more lines than this is large, whatever its characters. */
const LARGE_FILE_LINES = 10_000;

type LargeFileFeature =
  'folding' | 'sticky-scroll' | 'occurrences-highlight' | 'links' | 'colour-swatches' | 'bracket-pairs' | 'indentation-guides';

export interface LargeFileProfile {
  large: boolean;
  /** Why it is large, in words (empty for a normal file). */
  why: string;
  /** Features switched off for this file. */
  off: readonly LargeFileFeature[];
  /** What completions use in this file, in words (empty for a normal file). */
  completions: readonly string[];
}

const FEATURE_NAME: Record<LargeFileFeature, string> = {
  folding: 'folding',
  'sticky-scroll': 'sticky scroll',
  'occurrences-highlight': 'highlighting other occurrences of the word at the cursor',
  links: 'links (web addresses made clickable)',
  'colour-swatches': 'colour swatches beside colour values',
  'bracket-pairs': 'bracket pair colours, guides and matching',
  'indentation-guides': 'indentation guides',
};

/** What completions do in a file of any size; the status bar says it for a large file. */
const COMPLETIONS_ANY_SIZE = [
  `completions read a window around the cursor (${WINDOW_BEFORE / 1024} KiB before it, ${WINDOW_AFTER / 1024} KiB after it), of which the prompt holds model.maxPromptTokens at most; an escalation sends no more than that window`,
  'the syntax check parses the code around the cursor, long parses in slices, and says "not checked" past its time budget',
];
const NOT_INDEXED = "this file is not indexed for snippets in other files' prompts";
// The editor stops drawing a line at this many characters (Monaco's stopRenderingLineAfter, left at its default),
// so a suggestion past it would be invisible: none is asked for there (src/completion/browser/monaco-adapter.ts).
const PAST_DRAWN = `no suggestion past the first ${LONG_LINE_CHARS.toLocaleString('en')} characters of a line, where the editor stops drawing it`;

const NORMAL: LargeFileProfile = { large: false, why: '', off: [], completions: [] };
const SIZE_OFF: readonly LargeFileFeature[] = ['folding', 'sticky-scroll', 'occurrences-highlight', 'links', 'colour-swatches'];
const LONG_LINE_OFF: readonly LargeFileFeature[] = [...SIZE_OFF, 'bracket-pairs', 'indentation-guides'];

// The reasons in words, made once: this runs on every keystroke, and a number formatted for a locale is not cheap.
const BY_CHARS = `over ${LARGE_FILE_CHARS / 1024} KB`;
const BY_LINES = `over ${LARGE_FILE_LINES.toLocaleString('en')} lines`;
const BY_LONG_LINE = `a line over ${LONG_LINE_CHARS.toLocaleString('en')} characters`;

// One object per answer, so that the editor and the status bar act only when the answer changes, not on every keystroke.
const profiles = new Map<string, LargeFileProfile>();

/** `longLine`: the file holds a line over LONG_LINE_CHARS (src/editor/long-lines.ts). */
export function largeFileProfile(chars: number, lines: number, longLine = false): LargeFileProfile {
  const reasons = [chars > LARGE_FILE_CHARS && BY_CHARS, lines > LARGE_FILE_LINES && BY_LINES, longLine && BY_LONG_LINE].filter(
    (r): r is string => !!r,
  );
  if (!reasons.length) return NORMAL;
  const indexed = chars <= MAX_INDEXED_CHARS;
  const key = `${reasons.join(' and ')}|${indexed}`;
  let p = profiles.get(key);
  if (!p) {
    p = {
      large: true,
      why: reasons.join(' and '),
      off: longLine ? LONG_LINE_OFF : SIZE_OFF,
      completions: [...COMPLETIONS_ANY_SIZE, ...(indexed ? [] : [NOT_INDEXED]), ...(longLine ? [PAST_DRAWN] : [])],
    };
    profiles.set(key, p);
  }
  return p;
}

/**
 * The editor options for a profile: every feature it can switch off, on or
 * off, so that moving from a large file to a normal one restores them.
 */
export function largeFileOptions(p: LargeFileProfile): editor.IEditorOptions {
  const off = (f: LargeFileFeature) => p.off.includes(f);
  const brackets = !off('bracket-pairs');
  return {
    folding: !off('folding'),
    stickyScroll: { enabled: !off('sticky-scroll') },
    occurrencesHighlight: off('occurrences-highlight') ? 'off' : 'singleFile',
    links: !off('links'),
    colorDecorators: !off('colour-swatches'),
    bracketPairColorization: { enabled: brackets },
    matchBrackets: brackets ? 'always' : 'never',
    guides: { bracketPairs: false, indentation: !off('indentation-guides') },
  };
}

/** The status bar's tooltip (and accessible name) for a large file. */
export function describeLargeFile(p: LargeFileProfile): string {
  if (!p.large) return '';
  return [
    `Large file (${p.why}): off for this file: ${p.off.map((f) => FEATURE_NAME[f]).join(', ')}.`,
    `Completions: ${p.completions.join('; ')}.`,
  ].join('\n');
}
