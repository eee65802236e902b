// Which editor features a file keeps, by its size. Monaco's folding and
// sticky scroll recompute their ranges over the whole file after each change,
// and word highlighting searches the whole file after each cursor move, so
// above these thresholds they are switched off for that file: typing stays
// proportional to the edit. Monaco's own large-file mode (20 MB or 300,000
// lines) comes much later and turns off far more (colouring among it).
// The strategy as a whole, completions included: docs/performance.md, "Large files".
import type { editor } from 'monaco-editor';
import { WINDOW_AFTER, WINDOW_BEFORE } from '../completion/text-window';
import { MAX_INDEXED_CHARS } from '../completion/workspace-context/workspace-index';

/** A file with more characters than this is large: the size above which retrieval does not index a file either. */
const LARGE_FILE_CHARS = MAX_INDEXED_CHARS;
/** A file with more lines than this is large, whatever its characters. */
const LARGE_FILE_LINES = 10_000;

type LargeFileFeature = 'folding' | 'sticky-scroll' | 'occurrences-highlight';

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
};

/** What completions do in a file of any size; the status bar says it for a large file. */
const COMPLETIONS_ANY_SIZE = [
  `completions read a window around the cursor (${WINDOW_BEFORE / 1024} KiB before it, ${WINDOW_AFTER / 1024} KiB after it), of which the prompt holds model.maxPromptTokens at most; an escalation sends no more than that window`,
  'the syntax check parses the code around the cursor, long parses in slices, and says "not checked" past its time budget',
];
const NOT_INDEXED = "this file is not indexed for snippets in other files' prompts";

const NORMAL: LargeFileProfile = { large: false, why: '', off: [], completions: [] };
const ALL_OFF: readonly LargeFileFeature[] = ['folding', 'sticky-scroll', 'occurrences-highlight'];

// One object per answer, so that the editor and the status bar act only when the answer changes, not on every keystroke.
const profiles = new Map<string, LargeFileProfile>();

export function largeFileProfile(chars: number, lines: number): LargeFileProfile {
  const reasons = [
    chars > LARGE_FILE_CHARS && `over ${LARGE_FILE_CHARS / 1024} KB`,
    lines > LARGE_FILE_LINES && `over ${LARGE_FILE_LINES.toLocaleString('en')} lines`,
  ].filter((r): r is string => !!r);
  if (!reasons.length) return NORMAL;
  const indexed = chars <= MAX_INDEXED_CHARS;
  const key = `${reasons.join(' and ')}|${indexed}`;
  let p = profiles.get(key);
  if (!p) {
    p = {
      large: true,
      why: reasons.join(' and '),
      off: ALL_OFF,
      completions: indexed ? COMPLETIONS_ANY_SIZE : [...COMPLETIONS_ANY_SIZE, NOT_INDEXED],
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
  return {
    folding: !off('folding'),
    stickyScroll: { enabled: !off('sticky-scroll') },
    occurrencesHighlight: off('occurrences-highlight') ? 'off' : 'singleFile',
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
