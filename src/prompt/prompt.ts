// The local model's prompt: snippets of other files first, then the file's
// own window around the cursor, in the family's FIM template. One function,
// used by the inference worker, the Node harness and `npm run prompt`, so
// what the model reads is the same everywhere.
//
// Snippets go BEFORE the window: the model's KV cache is kept for the
// prompt's longest unchanged start (src/completion/worker/prompt-cache.ts), and the
// snippets change only when their choice does (workspace-context/
// stable-choice.ts), while the window changes at the cursor on every key.
import { windowContext, type ContextWindow } from './context-window';
import { fimTemplate } from '../vocabulary/fim';
import { BARE_GAP, snippetsByFile } from './snippets-by-file';
import { lineCommentFor } from '../languages/line-comment';
import type { FimFamily, PromptContext, PromptSnippet } from '../vocabulary/types';
import { CONTEXT_SETTINGS } from '../vocabulary/settings';

interface LocalPromptInput {
  family: FimFamily | string;
  prefix: string;
  suffix: string;
  /** Tokens for snippets + prefix + suffix; absent: nothing is cut (the harness's unwindowed runs). */
  budget?: number;
  context?: PromptContext;
  countTokens: (text: string) => number;
  /** Put the cursor's line after the middle marker (see MIDDLE_START_MAX; families with `middleLast`). */
  cursorLineInMiddle?: boolean;
  /** Where this document's last window began in `prefix` (window-memory.ts): kept while it fits. */
  keepWindowStart?: number;
  /** Where the last prompt's middle began in `prefix` (window-memory.ts): kept while the middle from it stays short. */
  keepMiddleStart?: number;
}

export interface LocalPrompt {
  prompt: string;
  /** The window's prefix and suffix (what the early-stop check and the read-ahead read). */
  prefix: string;
  suffix: string;
  window?: ContextWindow;
  /** The snippets that fit, best first, with the tokens each added (a file's first one: its path line included). */
  snippets: { file: string; tokens: number }[];
  /** Where the cursor is in `prompt`: what a read-ahead may compute before the user stops typing. */
  cursorAt: number;
  /**
   * The cursor line's text before the cursor, when the prompt ends with it
   * (after the middle marker) rather than holding it at the prefix's end; ''
   * otherwise. The model continues it, and heals its last token
   * (local-model.ts): a word cut at the cursor is not a token boundary.
   */
  middleStart: string;
  /** Where the middle begins in the input's prefix; absent when the cursor is at the prefix's end. */
  middleFrom?: number;
}

/**
 * The longest line start moved into the middle. A longer one (minified code)
 * stays in the prefix: the middle is meant to begin a line, not to hold a file.
 */
const MIDDLE_START_MAX = 400;

/**
 * The longest middle a kept start may give (`keepMiddleStart`): a suggestion
 * accepted moves the cursor to a later line, and a middle that began a few
 * lines up still holds it, so the suffix before it is not read again.
 */
const MIDDLE_KEPT_MAX = 800;

/**
 * Where the middle begins when the cursor's line goes there: the start of the
 * cursor's line (the prefix's end when the line is empty: the prompt then
 * ends with the middle marker, and the line typed next goes after it), or
 * undefined, the cursor staying at the prefix's end, when the line is too
 * long or the family's template does not end with the middle marker.
 *
 * Why: typing changes the prompt at the cursor, and the model's KV cache is
 * reused only up to the first change. With the cursor at the prefix's end,
 * every key forces the whole suffix to be read again after the pause (half
 * of the time to ghost text on WASM, docs/performance.md). With the cursor's
 * line after the middle marker, everything before it (snippets, prefix up to
 * the line, suffix) stays the same while the person types on that line, so
 * the read-ahead covers it and the request mostly decodes.
 */
function middleSplit(family: FimFamily | string, prefix: string, enabled: boolean, keep?: number): number | undefined {
  if (!enabled || !fimTemplate(family).middleLast) return undefined;
  const lineStart = prefix.lastIndexOf('\n') + 1;
  if (prefix.length - lineStart > MIDDLE_START_MAX) return undefined;
  // A kept start: a line start in the window, before the cursor's line, the middle from it still short.
  const keepable = keep !== undefined && keep > 0 && keep < lineStart && prefix[keep - 1] === '\n';
  return keepable && prefix.length - keep <= MIDDLE_KEPT_MAX ? keep : lineStart;
}

/** Marks the cursor while the prompt is put together; a private-use character no code contains by accident. */
const CURSOR = '\uE000';

/**
 * A quarter of the prompt budget for snippets, chosen on the retrieval set
 * (`npm run bench retrieval`; figures in docs/workspace-context.md): a larger
 * share puts the defining file's snippet in the prompt only slightly more
 * often (what retrieval finds is the ceiling), while it takes clearly more
 * tokens from the cursor's own window.
 */
export const DEFAULT_CONTEXT_SHARE = CONTEXT_SETTINGS.share.default;

function defaultRepoName(file: string): string {
  const i = file.indexOf('/');
  return i > 0 ? file.slice(0, i) : 'workspace';
}

/** A snippet as comment lines in the language of the file being completed (families without a repository format; as Continue does). */
function snippetAsComments(snippet: PromptSnippet, forFile: string): string {
  const c = lineCommentFor(forFile);
  const body = snippet.text
    .split('\n')
    .map((l) => (l ? `${c} ${l}` : c))
    .join('\n');
  return `${c} Path: ${snippet.file}\n${body}\n`;
}

/** Snippets of other files around a FIM prompt, and the file they are for. */
export interface SnippetContext {
  file: string;
  snippets: readonly PromptSnippet[];
  repoName?: string;
}

/**
 * `prefix` and `suffix` in the family's FIM template, with other files'
 * snippets before them: in the family's repository format where it has one,
 * else as comments before the prefix. The local prompt and the escalated
 * ones (src/endpoint) are put together by this one function.
 */
export function fimWithSnippets(family: FimFamily | string, prefix: string, suffix: string, context?: SnippetContext): string {
  const tpl = fimTemplate(family);
  if (!context?.snippets.length) return tpl.build(prefix, suffix);
  const repo = tpl.repository;
  if (!repo) return tpl.build(snippetsAsComments(context) + prefix, suffix);
  return (
    repo.header(context.repoName ?? defaultRepoName(context.file)) +
    snippetsByFile(context.snippets)
      .map((s) => repo.file(s.file, s.text))
      .join('') +
    repo.current(context.file) +
    tpl.build(prefix, suffix)
  );
}

/** The snippets as comment lines, for a prefix that a server puts into its own template. */
export function snippetsAsComments(context: SnippetContext): string {
  return snippetsByFile(context.snippets, BARE_GAP)
    .map((s) => snippetAsComments(s, context.file))
    .join('');
}

export function buildLocalPrompt(i: LocalPromptInput): LocalPrompt {
  const tpl = fimTemplate(i.family);
  const ctx = i.context;
  const repo = tpl.repository;
  const render = (s: PromptSnippet) => (repo ? repo.file(s.file, s.text) : snippetAsComments(s, ctx!.file));
  const rendered = (list: readonly PromptSnippet[]) =>
    snippetsByFile(list, repo ? undefined : BARE_GAP)
      .map(render)
      .join('');

  // Snippets in their order while they fit their share; one too big is skipped, the next may fit.
  // Counted as written, a file's snippets under one entry: a second part of a file costs its lines, not another path line.
  const fitted: PromptSnippet[] = [];
  const taken: { file: string; tokens: number }[] = [];
  let used = 0;
  if (ctx && ctx.snippets.length) {
    const frame = repo ? i.countTokens(repo.header(ctx.repoName ?? defaultRepoName(ctx.file)) + repo.current(ctx.file)) : 0;
    const room = i.budget === undefined ? Infinity : Math.floor(i.budget * Math.max(0, Math.min(1, ctx.share))) - frame;
    for (const s of ctx.snippets) {
      const total = i.countTokens(rendered([...fitted, s]));
      if (total > room) continue;
      fitted.push(s);
      taken.push({ file: s.file, tokens: total - used });
      used = total;
    }
    if (taken.length) used += frame;
  }

  const window =
    i.budget === undefined
      ? undefined
      : windowContext(i.prefix, i.suffix, {
          budget: Math.max(64, i.budget - used),
          countTokens: i.countTokens,
          keepStart: i.keepWindowStart,
        });
  const prefix = window?.prefix ?? i.prefix;
  const suffix = window?.suffix ?? i.suffix;
  const snippetContext = fitted.length ? { file: ctx!.file, snippets: fitted, repoName: ctx!.repoName } : undefined;
  const base = { prefix, suffix, ...(window && { window }), snippets: taken };
  // The kept middle start in the window's terms, and back.
  const windowStart = window?.prefixStart ?? 0;
  const keep = i.keepMiddleStart === undefined ? undefined : i.keepMiddleStart - windowStart;
  const split = middleSplit(i.family, prefix, i.cursorLineInMiddle ?? false, keep);
  if (split !== undefined) {
    const prompt = fimWithSnippets(i.family, prefix.slice(0, split), suffix, snippetContext) + prefix.slice(split);
    return { ...base, prompt, cursorAt: prompt.length, middleStart: prefix.slice(split), middleFrom: windowStart + split };
  }
  const marked = fimWithSnippets(i.family, prefix + CURSOR, suffix, snippetContext);
  const cursorAt = marked.indexOf(CURSOR);
  const prompt = marked.slice(0, cursorAt) + marked.slice(cursorAt + 1);
  return { ...base, prompt, cursorAt, middleStart: '' };
}
