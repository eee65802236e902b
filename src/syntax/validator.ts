// The syntax validator: does a fill-in-the-middle completion introduce syntax
// errors? Shared by the browser syntax worker and Node (tests, eval harness):
// no DOM, no fs, no fetch. How the tree-sitter runtime and the grammar files
// are found comes in through a port.

import { Edit, Language, Parser, type ParseCallback, type Range, type Tree } from 'web-tree-sitter';
import type { LanguageId, SyntaxIssue, SyntaxRequest, SyntaxRuntimePort, SyntaxVerdict } from '../vocabulary/types';
import { introducedIssues, type Splice } from './differential';
import { blankRows, hasErrorsAway, onlyOnCompletionRows, stableErrorRows, sureOfBlame, swallowedBy, type CodeLines } from './quarantine';
import { blankMacroUses, statementMacros } from './cpp-macros';
import { collectIssues, type RawIssue } from './issues';
import { grammarSpecifier } from '../languages/grammar';
import { isSupportedLanguage, languageSpec } from '../languages/registry';
import type { LanguageSpec } from '../languages/spec';
import { countNewlines, differingRange, pointAfter, pointAt, type TextReader } from './text-edits';
import { openedAndLeftOpen } from './left-open';
import { pythonIssues } from './python-checks';
import { reservedWordIssues } from './reserved-words';
import { unterminatedLiteralRows } from './broken-literals';
import { danglingRows, rowsLeftOpenByBoth, unclosedOpeners, type UnclosedOpener } from './unclosed-openers';

export interface SyntaxValidatorOptions {
  /**
   * Told when the runtime or a grammar cannot be loaded. The request then
   * gets `checked: false` (never a silent pass) and the next request tries
   * again. Defaults to console.error.
   */
  onLoadError?: (what: string, error: unknown) => void;
  /**
   * The longest one parse runs before it lets other requests in, in ms
   * (default 20). A tree-sitter parse cannot be interrupted from outside,
   * so a 5 MB document would hold the worker for seconds: instead its
   * progress callback pauses the parse when the slice is used up, the
   * event loop runs what came in meanwhile (another document's check), and
   * the parse resumes where it stopped (tree-sitter keeps its state in the
   * parser). `Infinity` parses in one go, the old behaviour (the bench
   * compares the two).
   */
  sliceMs?: number;
  /**
   * How a paused parse lets other work run. Default: a macrotask
   * (`setTimeout(0)`), which lets queued messages in first. Browsers clamp
   * nested timers to 4 ms, so the browser worker passes a message to itself
   * instead (src/platform/message-yield.ts).
   */
  yieldToEvents?: () => Promise<void>;
}

/** A tree the caller already holds for a text (the live document's), offered to `validate`. */
export interface HeldTree {
  tree: Tree;
  text: string;
  /** `issuesOf(tree, spec, text)`, when the caller has them: the tree is not walked again. */
  issues?: RawIssue[];
  /**
   * The issues of the text with `completion` in, when the caller parsed it
   * the way `afterIssues` would (incrementally from `tree`, the whole text):
   * the live path's window, when it is the whole document.
   */
  after?: { completion: string; issues: RawIssue[] };
  /**
   * When `tree` is of a window of the text (live-documents.ts): the ranges
   * tree-sitter reads of it, without and with the completion. The check
   * then runs on that window: every parse reads those ranges only.
   */
  window?: WindowRanges;
}

/** A window of a document (window.ts) as tree-sitter ranges: without the completion, and with it. */
interface WindowRanges {
  before: Range[];
  after: Range[];
}

/** How `parseInSlices` parses. */
interface SlicedParseOptions {
  /** The document's previous tree, already `edit`ed to the new text (an incremental parse). */
  oldTree?: Tree | null;
  includedRanges?: Range[];
  /** A `performance.now()` time: the parse is given up at the first pause after it. */
  deadline?: number;
  /** Asked at every pause: true gives the parse up (the document was closed). */
  abandon?: () => boolean;
}

/** A check whose parses did not finish within the time it was given: what the verdict says. */
export function overBudgetReason(what: string, budgetMs?: number): string {
  return `${what} did not finish within the ${budgetMs === undefined ? '' : `${Math.round(budgetMs)} ms `}time budget of a check`;
}

const DEFAULT_SLICE_MS = 20;
/** Rounds of setting errors aside: each may uncover the next error that the previous one hid. */
const MAX_QUARANTINE_ROUNDS = 4;
/** Up to this many code units a quarantine parse runs in one go: short enough not to hold the worker for a noticeable pause. */
const ONE_GO_LENGTH = 100_000;
const sameRanges = (a: readonly Range[], b: readonly Range[]) =>
  a.length === b.length && a.every((r, i) => r.startIndex === b[i].startIndex && r.endIndex === b[i].endIndex);
/** Whether a parse of this many code units is short enough to run in one go. */
export const inOneGo = (length: number) => length <= ONE_GO_LENGTH;
/** How many code units a parse of only `ranges` reads. */
const rangesLength = (ranges: readonly Range[]) => ranges.reduce((n, r) => n + r.endIndex - r.startIndex, 0);
/** How many code units a parse of `text` (only `ranges` of it, when given) reads. */
const parsedLength = (text: string, ranges?: readonly Range[]) => (ranges ? rangesLength(ranges) : text.length);
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The issues of the document without the completion, kept for the next candidate at the same spot. */
interface BeforeParse {
  spec: LanguageSpec;
  prefix: string;
  suffix: string;
  issues: RawIssue[];
  literalRows?: number[];
  /** What the text leaves open (unclosed-openers.ts). */
  openers?: UnclosedOpener[];
  /** Its code rows and dangling rows (unclosed-openers.ts). */
  codeLines?: CodeLines;
  /** The same document with rows blanked by the quarantine, per set of rows (with its tree, when parsed incrementally). */
  blanked?: Map<string, { issues: RawIssue[]; tree?: Tree }>;
  /** Its tree, kept for incremental parses of the document with a completion in. */
  tree?: Tree;
  /** The caller's tree `tree` is a copy of (`adopt`), if any. */
  heldFrom?: Tree;
  /** The window it was checked on (its ranges without the completion), if any. */
  window?: Range[];
}

export class SyntaxValidator {
  private runtime: Promise<void> | undefined;
  /**
   * The parser every short parse uses. A sliced parse that outlives its
   * first slice takes it for itself and puts a fresh one here: read it
   * (`sharedParser()`) right where it is used, never across an await.
   */
  private shared: Parser | undefined;
  private readonly languages = new Map<string, Promise<Language>>();
  private lastBefore: BeforeParse | undefined;
  private readonly onLoadError: (what: string, error: unknown) => void;
  private readonly sliceMs: number;
  private readonly yieldToEvents: () => Promise<void>;

  constructor(
    private readonly port: SyntaxRuntimePort,
    options: SyntaxValidatorOptions = {},
  ) {
    this.onLoadError = options.onLoadError ?? ((what, error) => console.error(`syntax validator: cannot load ${what}`, error));
    this.sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
    this.yieldToEvents = options.yieldToEvents ?? macrotask;
  }

  /**
   * The full-text check. `deadline` (a `performance.now()` time, none by
   * default) bounds it: past it the parse is given up and the verdict is
   * "not checked" with the reason. Other requests run between its parse's
   * slices either way.
   */
  async validate(req: SyntaxRequest, deadline = Infinity, held?: HeldTree): Promise<SyntaxVerdict> {
    const started = performance.now();
    const bad = badRequest(req);
    if (bad) return uncheckedVerdict(String((req as Partial<SyntaxRequest> | null)?.language ?? 'unknown'), bad, started);
    const loaded = await this.load(req.language);
    if (typeof loaded === 'string') return uncheckedVerdict(req.language, loaded, started);
    const { grammar, spec } = loaded;
    const overBudget = () =>
      uncheckedVerdict(
        req.language,
        overBudgetReason(`the whole-text check of ${req.prefix.length + req.completion.length + req.suffix.length} code units`),
        started,
      );
    const view = parserView(spec, req.prefix + req.suffix);
    if (held && view === sameText) this.adopt(spec, req, held);
    // A window tree only with the text as it is (no C++ macro view).
    const window = view === sameText ? held?.window : undefined;
    const before = await this.beforeIssues(grammar, spec, req.prefix, req.suffix, deadline, view, window);
    if (!before) return overBudget();
    const at = req.prefix.length;
    const parsedAlready =
      held && view === sameText && held.after?.completion === req.completion && this.lastBefore?.heldFrom === held.tree
        ? held.after.issues
        : undefined;
    const after = req.completion === '' ? before : (parsedAlready ?? (await this.afterIssues(grammar, spec, req, view, deadline, window)));
    if (!after) return overBudget();
    const splice = {
      at,
      length: req.completion.length,
      row: countNewlines(req.prefix),
      newlines: countNewlines(req.completion),
      endsWithNewline: req.completion.endsWith('\n'),
    };
    const verdict = judge(req.language, before, after, splice, started);
    if (verdict.valid) return verdict;
    // Rows where a one-line string opens and runs on (broken-literals.ts):
    // set aside first, wherever tree-sitter's recovery put the error.
    // And rows that leave a bracket, comment or string open that the
    // completion does not close either (unclosed-openers.ts).
    const literalRows = before.length ? await this.brokenRowsBefore(grammar, spec, req, view, splice, window) : [];
    // No row broken on its own, and nothing wrong left outside the
    // completion's rows: the error is its own (a MISSING `)` of an unclosed
    // call elsewhere can land on the completion's row, but that call's row
    // is then among literalRows).
    if (!literalRows.length && onlyOnCompletionRows(after, splice)) return verdict;
    if (!literalRows.length && !hasErrorsAway(before, splice)) {
      const wide = swallowedBy(before, after, splice, !this.openersBefore(spec, req, view, window).length);
      return wide
        ? (openedAndLeftOpen(req, spec, view, literalRows, started) ??
            uncheckedVerdict(
              req.language,
              `the file was already broken where tree-sitter's error lands (from line ${wide.row + 1}: an unclosed string, comment or bracket?): an error the completion adds cannot be told apart from it`,
              started,
            ))
        : verdict;
    }
    const again = await this.withErrorsSetAside(
      grammar,
      spec,
      req,
      verdict,
      before,
      after,
      splice,
      deadline,
      started,
      view,
      literalRows,
      window,
    );
    if (!again) return overBudget();
    // Where the errors set aside (or the doubt) cleared the completion, one
    // fact of the text can still convict it: a bracket it opens that nothing
    // closes.
    return again.checked && !again.valid ? again : (openedAndLeftOpen(req, spec, view, literalRows, started) ?? again);
  }

  /**
   * The check again, with the document's errors away from the cursor set
   * aside (quarantine.ts): the rows where they start blanked, a few rounds
   * while new ones surface. null when the deadline came first.
   */
  private async withErrorsSetAside(
    grammar: Language,
    spec: LanguageSpec,
    req: SyntaxRequest,
    first: SyntaxVerdict,
    before0: RawIssue[],
    after0: RawIssue[],
    splice: Splice,
    deadline: number,
    started: number,
    view: (text: string) => string,
    literalRows: readonly number[],
    window: WindowRanges | undefined,
  ): Promise<SyntaxVerdict | null> {
    const blanked = new Set<number>();
    let text = req.prefix + req.suffix;
    let before = before0;
    let after = after0;
    // Each round's documents differ from the last round's (at first, from
    // the document without the completion) only where rows were blanked
    // (and the completion went in): they are parsed incrementally from
    // those trees (where tree-sitter sees another text, C++ macro uses
    // blanked, the trees of those views).
    const held = inOneGo(parsedLength(text, window?.before)) ? this.atSameSpot(spec, req.prefix, req.suffix, window)?.tree : undefined;
    const base = held ? { tree: held.copy(), text: view(text) } : undefined; // a copy: the cached tree may be replaced meanwhile
    let prevBefore = base;
    let prevAfter = base;
    const owned: Tree[] = base ? [base.tree] : [];
    try {
      for (let round = 0; round < MAX_QUARANTINE_ROUNDS; round++) {
        // One thing at a time: the rows of strings left open first (sure to
        // be broken), else the topmost error row. Recovery from one broken
        // line often shows as errors on sound lines further down; blanking
        // those too would cut code the completion has to fit.
        const rows =
          round === 0 && literalRows.length
            ? [...literalRows]
            : stableErrorRows(before, after, splice, blanked, text, this.codeLinesBefore(spec, req, view, window)).slice(0, 1);
        if (!rows.length) break;
        for (const r of rows) blanked.add(r);
        const { prefix, suffix } = blankRows(req.prefix, req.suffix, [...blanked], splice.row);
        text = prefix + suffix;
        // The document without the completion, blanked the same way, is the
        // same for every candidate at this spot: parsed once per set of rows.
        const key = [...blanked].sort((x, y) => x - y).join(',');
        const spot = this.atSameSpot(spec, req.prefix, req.suffix, window);
        const cache = spot ? (spot.blanked ??= new Map()) : undefined;
        const inserted: [number, number] = [splice.at, splice.at + splice.length];
        let entry = cache?.get(key);
        if (entry?.tree) {
          prevBefore = { tree: entry.tree.copy(), text: view(text) }; // a copy: the cache may be dropped meanwhile
          owned.push(prevBefore.tree);
        } else if (!entry && prevBefore) {
          const parsed = await this.reparse(grammar, spec, view(text), prevBefore, undefined, window?.before);
          entry = { issues: parsed.issues, tree: parsed.tree.copy() };
          owned.push(parsed.tree);
          prevBefore = parsed;
        } else if (!entry) {
          const fresh = await this.recoveryParse(grammar, spec, view(text), deadline, undefined, window?.before);
          if (!fresh) return null;
          entry = { issues: fresh };
        } else {
          prevBefore = undefined; // from the cache without a tree: none to go on from (the next round starts from the last one with a tree, or fresh)
        }
        if (cache && !cache.has(key)) cache.set(key, entry);
        else if (entry.tree && cache?.get(key) !== entry) entry.tree.delete(); // not kept
        const b = entry.issues;
        const withCompletion = prefix + req.completion + suffix;
        let a: RawIssue[] | null;
        if (prevBefore) {
          // From this round's document without the completion: the two
          // differ only by the completion, and with the error set aside that
          // tree is mostly sound, so little is parsed again (from the last
          // round's tree with the completion, the blanked rows would be
          // parsed again too, and from the first round on, everything
          // between them and the completion).
          const parsed = await this.reparse(grammar, spec, view(withCompletion), prevBefore, inserted, window?.after);
          owned.push(parsed.tree);
          a = parsed.issues;
          prevAfter = parsed;
        } else if (prevAfter) {
          const parsed = await this.reparse(grammar, spec, view(withCompletion), prevAfter, inserted, window?.after);
          owned.push(parsed.tree);
          a = parsed.issues;
          prevAfter = parsed;
        } else {
          a = await this.recoveryParse(grammar, spec, view(withCompletion), deadline, inserted, window?.after);
        }
        if (!a) return null;
        before = b;
        after = a;
        if (introducedIssues(before, after, splice).length === 0) break;
      }
    } finally {
      for (const t of owned) t.delete();
    }
    const verdict = { ...judge(req.language, before, after, splice, started), preexistingErrors: before0.length };
    if (verdict.valid) return verdict;
    // Once nothing is left broken away from the cursor, the ordinary rule
    // holds; the errors listed are the first check's, on the real text.
    if (!hasErrorsAway(before, splice) || sureOfBlame(introducedIssues(before, after, splice), before, splice))
      return { ...first, ms: performance.now() - started };
    const away = before.find((b) => b.row !== splice.row) ?? before[0];
    const charged = verdict.errors[0];
    return uncheckedVerdict(
      req.language,
      `the file has a syntax error elsewhere (line ${away ? away.row + 1 : '?'}) and tree-sitter's recovery from it covers the completion${charged ? ` (line ${charged.row + 1})` : ''}: an error the completion adds cannot be told apart from it`,
      started,
    );
  }

  /**
   * Parse, letting other requests in every `sliceMs`: the first slice runs
   * on the shared parser; a parse that needs more keeps that parser (it
   * holds the parse's state) and the validator takes a fresh one, so the
   * requests that run during the pauses never touch it. null when the parse
   * was given up (`deadline`, `abandon`); nothing of it is kept then.
   */
  async parseInSlices(grammar: Language, input: string | ParseCallback, options: SlicedParseOptions = {}): Promise<Tree | null> {
    const { includedRanges, deadline = Infinity, abandon } = options;
    let oldTree = options.oldTree ?? null;
    // tree-sitter works out which included ranges differ from the old
    // tree's only when a parse starts, not when a paused one resumes: a
    // parse that reuses a tree of other ranges (a window parsed from the
    // whole document's tree) resumed after a pause would reuse nodes that
    // cross the new ranges' edges. Such a parse runs in one go when it is
    // small, and starts without the old tree when it is not.
    let pausable = true;
    if (oldTree && includedRanges && !sameRanges(oldTree.getIncludedRanges(), includedRanges)) {
      if (inOneGo(rangesLength(includedRanges))) pausable = false;
      else oldTree = null;
    }
    await this.getRuntime();
    const parser = this.sharedParser(); // no await from here to the first slice
    parser.setLanguage(grammar);
    let own = false; // whether this parse has taken the parser for itself
    let done = false;
    // Where an incremental parse may pause. Paused where the next character
    // is white space (in Python: at the end of a block, just before the
    // scanner's DEDENT), a parse resumes without reusing the old tree's
    // nodes for the rest of the file, so a keystroke's reparse of a large
    // file can turn into a whole parse. Paused before any other character,
    // it resumes with the reuse intact;
    // a pause waits for one, but never longer than one more slice. A fresh parse has nothing to reuse.
    const resumable = oldTree && typeof input === 'string' ? (offset: number) => !isSpace(input.charCodeAt(offset >> 1)) : () => true;
    try {
      for (;;) {
        const now = performance.now();
        const until = Math.min(now + this.sliceMs, deadline);
        const latest = Math.min(now + 2 * this.sliceMs, deadline);
        const progressCallback = ({ currentOffset }: { currentOffset: number }) => {
          if (!pausable) return false;
          const t = performance.now();
          return t >= until && (t >= latest || resumable(currentOffset)); // currentOffset: bytes of UTF-16
        };
        const tree = parser.parse(input, oldTree, { includedRanges, progressCallback });
        if (tree) {
          done = true;
          return tree;
        }
        if (performance.now() >= deadline || abandon?.()) return null;
        if (!own) {
          own = true;
          this.shared = new Parser();
        }
        // A resumed parse goes on from its own state and ignores the old
        // tree (tree-sitter holds its own reference to it): passing none
        // means a tree dropped meanwhile is never read.
        oldTree = null;
        await this.yieldToEvents();
        if (performance.now() >= deadline || abandon?.()) return null;
      }
    } finally {
      if (own) parser.delete();
      else if (!done) parser.reset(); // the shared parser must not resume a given-up parse for the next document
    }
  }

  /**
   * The language's grammar, or why it cannot be checked. `parser` is the
   * shared parser with that grammar set, read when the property is read:
   * use it synchronously (a parse that may be long goes through
   * `parseInSlices`).
   */
  async load(language: LanguageId): Promise<{ readonly parser: Parser; grammar: Language; spec: LanguageSpec } | string> {
    const spec = languageSpec(language);
    if (!spec?.grammar) return `no grammar for ${language}`;
    const grammarFile = grammarSpecifier(spec.grammar);
    try {
      await this.getRuntime();
      const grammar = await this.getLanguage(grammarFile);
      const shared = () => this.sharedParser();
      return {
        get parser() {
          return shared().setLanguage(grammar);
        },
        grammar,
        spec,
      };
    } catch (error) {
      this.onLoadError(grammarFile, error);
      return `the ${language} grammar failed to load (${(error as Error).message ?? String(error)})`;
    }
  }

  /** Whether a grammar is known for the language (loading it is still lazy). */
  supports(language: LanguageId): boolean {
    return isSupportedLanguage(language);
  }

  /**
   * Take the caller's tree of prefix + suffix (the live document's) as the
   * document without the completion, instead of parsing it again: a copy,
   * only when it is that text.
   */
  private adopt(spec: LanguageSpec, req: SyntaxRequest, held: HeldTree): void {
    const last = this.lastBefore;
    if (this.atSameSpot(spec, req.prefix, req.suffix, held.window)) return;
    if (held.text.length !== req.prefix.length + req.suffix.length || !held.text.startsWith(req.prefix) || !held.text.endsWith(req.suffix))
      return;
    const tree = held.tree.copy();
    forget(last);
    this.lastBefore = {
      spec,
      prefix: req.prefix,
      suffix: req.suffix,
      issues: held.issues ?? issuesOf(tree, spec, held.text),
      tree,
      heldFrom: held.tree,
      window: held.window?.before,
    };
  }

  /**
   * Rows of prefix + suffix broken on their own, whatever the recovery made
   * of them: where a one-line string runs on (broken-literals.ts, from the
   * tree), and where an opener is left open without and with the completion
   * (unclosed-openers.ts, from the text). Never the cursor's row.
   */
  private async brokenRowsBefore(
    grammar: Language,
    spec: LanguageSpec,
    req: SyntaxRequest,
    view: (text: string) => string,
    splice: Splice,
    window: WindowRanges | undefined,
  ): Promise<number[]> {
    const rows = new Set(await this.literalRowsBefore(grammar, spec, req.prefix, req.suffix, view, window));
    const openers = this.openersBefore(spec, req, view, window);
    for (const r of rowsLeftOpenByBoth(
      openers,
      view(req.prefix + req.completion + req.suffix),
      spec.id,
      splice.at,
      splice.length,
      splice.row,
    ))
      rows.add(r);
    rows.delete(splice.row);
    return [...rows].sort((x, y) => x - y);
  }

  /** What is kept of the document without the completion, when it is this request's (the same window, or both the whole text). */
  private atSameSpot(spec: LanguageSpec, prefix: string, suffix: string, window?: WindowRanges): BeforeParse | undefined {
    const last = this.lastBefore;
    return last && last.spec === spec && last.window === window?.before && last.prefix === prefix && last.suffix === suffix
      ? last
      : undefined;
  }

  /**
   * The code rows of prefix + suffix and those that end dangling
   * (unclosed-openers.ts), cached with the before issues: read once per
   * spot, not per quarantine round (rows blanked since are skipped by the
   * quarantine itself).
   */
  private codeLinesBefore(
    spec: LanguageSpec,
    req: SyntaxRequest,
    view: (text: string) => string,
    window: WindowRanges | undefined,
  ): CodeLines | undefined {
    const cached = this.atSameSpot(spec, req.prefix, req.suffix, window);
    if (cached?.codeLines) return cached.codeLines;
    const lines = danglingRows(view(req.prefix + req.suffix), spec.id);
    if (cached) cached.codeLines = lines;
    return lines;
  }

  /** What prefix + suffix leaves open (unclosed-openers.ts), cached with the before issues. */
  private openersBefore(
    spec: LanguageSpec,
    req: SyntaxRequest,
    view: (text: string) => string,
    window: WindowRanges | undefined,
  ): UnclosedOpener[] {
    const cached = this.atSameSpot(spec, req.prefix, req.suffix, window);
    const openers = cached?.openers ?? unclosedOpeners(view(req.prefix + req.suffix), spec.id) ?? [];
    if (cached) cached.openers = openers;
    return openers;
  }

  /** The rows of prefix + suffix where a one-line string runs on (broken-literals.ts), cached with the before issues. */
  private async literalRowsBefore(
    grammar: Language,
    spec: LanguageSpec,
    prefix: string,
    suffix: string,
    view: (text: string) => string,
    window: WindowRanges | undefined,
  ): Promise<number[]> {
    const cached = this.atSameSpot(spec, prefix, suffix, window);
    if (cached?.literalRows) return cached.literalRows;
    const text = view(prefix + suffix);
    if (cached?.tree) return (cached.literalRows = unterminatedLiteralRows(cached.tree, spec.id, text));
    if (!inOneGo(parsedLength(text, window?.before))) return []; // one more whole parse of a big file is not worth it: the row-by-row quarantine still runs
    await this.getRuntime();
    const tree = this.sharedParser().setLanguage(grammar).parse(text, null, { includedRanges: window?.before }); // no await until the walk is done
    if (!tree) return [];
    try {
      const rows = unterminatedLiteralRows(tree, spec.id, text);
      if (cached) cached.literalRows = rows;
      return rows;
    } finally {
      tree.delete();
    }
  }

  private async beforeIssues(
    grammar: Language,
    spec: LanguageSpec,
    prefix: string,
    suffix: string,
    deadline: number,
    view: (text: string) => string,
    window: WindowRanges | undefined,
  ): Promise<RawIssue[] | null> {
    // The pipeline often checks several candidates for one cursor position;
    // the document without the completion is the same each time.
    const last = this.atSameSpot(spec, prefix, suffix, window);
    if (last) return last.issues;
    const text = view(prefix + suffix);
    const tree = await this.parseInSlices(grammar, text, { deadline, includedRanges: window?.before });
    if (!tree) return null;
    const issues = issuesOf(tree, spec, text);
    // Kept (one tree at a time) for the literal rows and for incremental
    // parses with each candidate in.
    forget(this.lastBefore);
    this.lastBefore = { spec, prefix, suffix, issues, tree, window: window?.before };
    return issues;
  }

  /**
   * The issues with the completion in: an incremental parse from the tree
   * of the document without it (kept by beforeIssues, called just before),
   * where tree-sitter sees the text itself; else a fresh parse.
   */
  private async afterIssues(
    grammar: Language,
    spec: LanguageSpec,
    req: SyntaxRequest,
    view: (text: string) => string,
    deadline: number,
    window: WindowRanges | undefined,
  ): Promise<RawIssue[] | null> {
    const at = req.prefix.length;
    const inserted: [number, number] = [at, at + req.completion.length];
    const text = view(req.prefix + req.completion + req.suffix);
    const last = this.atSameSpot(spec, req.prefix, req.suffix, window);
    if (!last?.tree) return this.parseIssuesInSlices(grammar, spec, text, deadline, inserted, window?.after);
    // Where tree-sitter sees another text (C++ macro uses blanked), the two
    // views may differ beyond the completion: reparse edits the tree by
    // the range where they differ.
    if (view !== sameText) {
      if (!inOneGo(text.length)) return this.parseIssuesInSlices(grammar, spec, text, deadline, inserted);
      const from = { tree: last.tree.copy(), text: view(req.prefix + req.suffix) }; // before any await: the cached tree may be replaced meanwhile
      try {
        const parsed = await this.reparse(grammar, spec, text, from, inserted);
        parsed.tree.delete();
        return parsed.issues;
      } finally {
        from.tree.delete();
      }
    }
    const start = pointAt(req.prefix, at);
    const old = last.tree.copy(); // before any await: the cached tree may be replaced meanwhile
    old.edit(
      new Edit({
        startIndex: at,
        oldEndIndex: at,
        newEndIndex: inserted[1],
        startPosition: start,
        oldEndPosition: start,
        newEndPosition: pointAfter(start, req.completion),
      }),
    );
    try {
      const tree = await this.parseInSlices(grammar, text, { oldTree: old, deadline, includedRanges: window?.after });
      return tree && treeIssues(tree, spec, text, inserted);
    } finally {
      old.delete();
    }
  }

  /**
   * `text` parsed in one go from `from`, a tree of `from.text` (copied, and
   * edited where the two texts differ): the quarantine's rounds, which
   * change a few rows. The new tree is the caller's to free.
   */
  private async reparse(
    grammar: Language,
    spec: LanguageSpec,
    text: string,
    from: { tree: Tree; text: string },
    completion?: [number, number],
    includedRanges?: Range[],
  ): Promise<{ tree: Tree; text: string; issues: RawIssue[] }> {
    await this.getRuntime();
    const old = from.tree.copy();
    try {
      old.edit(new Edit(differingRange(from.text, text)));
      const tree = this.sharedParser().setLanguage(grammar).parse(text, old, { includedRanges }); // no await until it is done
      if (!tree) throw new Error('tree-sitter returned no tree (parse cancelled or no language set)');
      return { tree, text, issues: issuesOf(tree, spec, text, completion) };
    } finally {
      old.delete();
    }
  }

  /**
   * A parse of a document broken in several places, in one go when it is
   * small: a parse paused and resumed can recover from an error differently
   * from one in one go (the trees are both valid recoveries), and on these
   * documents, the quarantine's whole input, that would make the verdict
   * depend on where the pauses fell. Large ones are still sliced.
   */
  private async recoveryParse(
    grammar: Language,
    spec: LanguageSpec,
    text: string,
    deadline: number,
    completion?: [number, number],
    includedRanges?: Range[],
  ): Promise<RawIssue[] | null> {
    if (!inOneGo(parsedLength(text, includedRanges))) return this.parseIssuesInSlices(grammar, spec, text, deadline, completion);
    await this.getRuntime();
    const parser = this.sharedParser().setLanguage(grammar); // no await until the parse is done
    return treeIssues(parser.parse(text, null, { includedRanges }), spec, text, completion);
  }

  /** `parseIssues` through `parseInSlices`; null when the deadline came first. */
  private async parseIssuesInSlices(
    grammar: Language,
    spec: LanguageSpec,
    text: string,
    deadline: number,
    completion?: [number, number],
    includedRanges?: Range[],
  ): Promise<RawIssue[] | null> {
    const tree = await this.parseInSlices(grammar, text, { deadline, includedRanges });
    return tree && treeIssues(tree, spec, text, completion);
  }

  // Loads are cached as promises so concurrent first requests share one
  // load; a failed load is forgotten so the next request tries again.
  private getRuntime(): Promise<void> {
    if (!this.runtime) {
      const runtime = this.port.initParser();
      runtime.catch(() => {
        if (this.runtime === runtime) this.runtime = undefined;
      });
      this.runtime = runtime;
    }
    return this.runtime;
  }

  /** The shared parser as of now (the runtime is initialised). */
  private sharedParser(): Parser {
    return (this.shared ??= new Parser());
  }

  private getLanguage(file: string): Promise<Language> {
    let language = this.languages.get(file);
    if (!language) {
      const loading = this.port.loadGrammar(file).then((bytes) => Language.load(bytes));
      loading.catch(() => {
        if (this.languages.get(file) === loading) this.languages.delete(file);
      });
      this.languages.set(file, (language = loading));
    }
    return language;
  }
}

/** Free the trees a BeforeParse holds (wasm memory), when another takes its place. */
function forget(before: BeforeParse | undefined): void {
  before?.tree?.delete();
  for (const b of before?.blanked?.values() ?? []) b.tree?.delete();
}

/**
 * Every issue of a parsed tree, then the tree freed: trees live in wasm
 * memory, not the JS heap. `completion` is the inserted range, where
 * reserved words are looked for.
 */
export function treeIssues(tree: Tree | null, spec: LanguageSpec, text: TextReader, completion?: [number, number]): RawIssue[] {
  if (!tree) throw new Error('tree-sitter returned no tree (parse cancelled or no language set)');
  try {
    return issuesOf(tree, spec, text, completion);
  } finally {
    tree.delete();
  }
}

/** Every issue of a parsed tree (kept). */
export function issuesOf(tree: Tree, spec: LanguageSpec, text: TextReader, completion?: [number, number]): RawIssue[] {
  const issues = collectIssues(tree);
  if (spec.checks === 'python') issues.push(...pythonIssues(tree, text));
  if (completion) issues.push(...reservedWordIssues(tree, spec.id, completion[0], completion[1]));
  return issues;
}

/**
 * What tree-sitter is shown of a document: the text itself, or for C++ with
 * statement-like macros the text with their uses blanked (cpp-macros.ts).
 * Same length, same rows. The macros are the ones the document without the
 * completion defines.
 */
function parserView(spec: LanguageSpec, document: string): (text: string) => string {
  if (!spec.statementMacros) return sameText;
  const macros = statementMacros(document);
  return macros.size ? (text) => blankMacroUses(text, macros) : sameText;
}

/** The view of a document without statement macros: the text itself (an edit of it is an edit of what tree-sitter sees). */
const sameText = (text: string) => text;

/** The verdict from the issues without and with the completion. */
export function judge(
  language: LanguageId,
  before: readonly RawIssue[],
  after: readonly RawIssue[],
  splice: Splice,
  started: number,
): SyntaxVerdict {
  const introduced = introducedIssues(before, after, splice);
  return {
    checked: true,
    valid: introduced.length === 0,
    errors: introduced.sort((x, y) => x.start - y.start).map(toSyntaxIssue),
    preexistingErrors: before.length,
    ms: performance.now() - started,
    language,
  };
}

export function uncheckedVerdict(language: LanguageId, reason: string, started: number): SyntaxVerdict {
  return {
    checked: false,
    valid: false,
    errors: [],
    preexistingErrors: 0,
    ms: performance.now() - started,
    language: String(language),
    uncheckedReason: reason,
  };
}

/**
 * Requests the worker may receive from anywhere (the CLI reads them from
 * files): the wrong types get a definite "not checked", never a throw.
 */
export function badRequest(req: SyntaxRequest): string | undefined {
  if (req === null || typeof req !== 'object') return 'the request is not an object';
  for (const key of ['language', 'prefix', 'completion', 'suffix'] as const) {
    if (typeof req[key] !== 'string') return `"${key}" must be a string`;
  }
  const length = req.prefix.length + req.completion.length + req.suffix.length;
  if (length > MAX_DOCUMENT_LENGTH) return `the document is ${length} code units, over the ${MAX_DOCUMENT_LENGTH} the validator parses`;
  return undefined;
}

/**
 * Larger documents are not checked (a clear reason, not a stall): tree-sitter
 * takes about a second per few MB here. Parses are sliced, so other requests
 * still get answers meanwhile, but a check of this document would not.
 */
export const MAX_DOCUMENT_LENGTH = 16 * 1024 * 1024;

function toSyntaxIssue(issue: RawIssue): SyntaxIssue {
  return { kind: issue.kind, row: issue.row, column: issue.column, detail: issue.type };
}
