// Incremental validation on the editor's live document. The syntax worker
// keeps each open document's text and tree; edits move the tree along
// (tree.edit + parse(newText, oldTree)), so the tree always says where the
// cursor is in the file's structure:
//
//   openDocument(uri, language, text, version)   once per file
//   applyEdits(uri, version, edits)               per editor change event
//   validate({ ..., documentId, version })        per completion
//
// An edit moves the text and marks the tree (tree.edit) at once, but the
// reparse waits until typing pauses: one reparse per pause, whatever the
// keys typed in it. A reparse grows with the file (for Python, with the
// rest of the file after the edit), and in a multi-MB file one per key, or
// one per check, would keep a core busy while the person types. The pause
// it waits for grows with what the last one cost, and a key or a check that
// comes during it makes it give up until the next pause.
//
// A completion is checked on a window of the document (window.ts: the
// member and statement around the cursor, their neighbours, and the
// skeleton around them), parsed through tree-sitter's included ranges: the
// cost follows the size of the code around the cursor, not of the file.
// The window is cut from the edited tree, its reparse still to come, when
// that is sound: every member an edit since the last parse touched is kept
// (tree.edit keeps the members away from the edits exact), the members cut
// out have no error, and the verdict is an acceptance. Otherwise, and for
// every rejection, the check reparses first and cuts the parsed tree. The
// text is read in place (EditedText.reader): a check never copies the file.
//
// When the worker's copy is not at the version asked about (an edit was
// lost, the document was never opened), `validate` falls back to the
// full-text check (`checkedOn: 'request-text'`): a stale tree must never
// decide a verdict.
//
// Long parses (opening a 5 MB file, the reparse after an edit at its top)
// run in slices (SyntaxValidator.parseInSlices): between two slices the
// worker answers other requests, so a check on another document never
// waits for more than about a slice. Operations on one document still run
// in order, so the parse being sliced is the only thing touching that
// document's tree until it is done, and a check for that document waits
// for it, but at most `budgetMs` in `validate`: past it the completion is
// "not checked" with the reason, while the parse goes on and the copy is
// kept up to date for the next check.
import { Edit, type Language, type Point, type Range, type Tree } from 'web-tree-sitter';
import type { LanguageId, SyntaxRequest, SyntaxVerdict } from '../vocabulary/types';
import { BoundedCache } from '../platform/bounded-cache';
import { statementMacros } from './cpp-macros';
import type { Splice } from './differential';
import { collectIssues, type RawIssue } from './issues';
import { languageSpec } from '../languages/registry';
import type { LanguageSpec } from '../languages/spec';
import {
  countNewlines,
  EditedText,
  grownStretch,
  pointAfter,
  splicedText,
  type Stretch,
  type TextEdit,
  type TextReader,
} from './text-edits';
import {
  badRequest,
  type HeldTree,
  issuesOf,
  judge,
  MAX_DOCUMENT_LENGTH,
  inOneGo,
  overBudgetReason,
  treeIssues,
  uncheckedVerdict,
  type SyntaxValidator,
} from './validator';
import {
  cutMembersHolding,
  cutWindow,
  isWholeDocument,
  keepsWhole,
  pointInTree,
  rangesAfter,
  rangesBefore,
  type Window,
  windowLength,
} from './window';

interface LiveDocument {
  language: LanguageId;
  spec: LanguageSpec;
  version: number;
  /** Its text at `version`, made when read (EditedText: edits in between do not copy it). */
  body: EditedText;
  /** At `version` unless `edited`: then edited (tree.edit) up to it, its reparse still to come. */
  tree: Tree;
  /** Set while the tree is stale: the stretch of the text edited since it was parsed (offsets at `version`). */
  edited?: Stretch;
  /**
   * How long the last reparse took, or ran before a key gave it up, in ms: how long typing must pause before
   * the next one. Until one has run, the open's whole parse: the first reparse of a multi-MB file costs a
   * sizeable part of it, and the default pause would start it between two bursts of typing.
   */
  reparseMs?: number;
  /** tree-sitter's issues in the whole document at `version`, made when first needed. */
  errors?: RawIssue[];
  /** Whether it defines C++ statement-like macros, made when first needed. */
  macros?: boolean;
  /** The window at the last offset checked (the tree decides it, so it holds for the version). */
  spans?: { offset: number; window: Window };
  /**
   * The last window checked without a completion: candidates at one spot
   * share its issues, and each is parsed in incrementally from its tree.
   */
  before?: WindowBefore;
}

interface WindowBefore {
  key: string;
  issues: RawIssue[];
  /** The window as tree-sitter ranges of the document (one array per spot: the validator's cache knows the spot by it). */
  ranges: Range[];
  /** The window's tree (the document's own offsets); freed with the document or the next spot's. */
  tree: Tree;
}

/** How many documents keep a tree (wasm memory) at once; the least recently used one is dropped. */
const MAX_DOCUMENTS = 32;

/** Frees a document's trees (wasm memory, not collected). */
function freeTrees(doc: LiveDocument): void {
  doc.tree.delete();
  doc.before?.tree.delete();
}

export type OpenResult = { ok: true } | { ok: false; reason: string };

/**
 * The live-document half of the syntax worker's API (the whole API is in
 * src/checks/worker-api.ts): keep the worker's copy of each editor document in step.
 */
export interface SyntaxDocumentsApi {
  openDocument(uri: string, language: LanguageId, text: string, version: number): Promise<OpenResult>;
  /** false: the worker does not hold the document at a version this event follows; open it again. */
  applyEdits(uri: string, version: number, edits: TextEdit[], length?: number): Promise<boolean>;
  closeDocument(uri: string): Promise<void>;
}

export interface LiveDocumentsOptions {
  /**
   * The longest the pipeline's check (`validate` with a `documentId`) may
   * take, in ms (default 2,000): waiting for that document's own parse (a
   * big file being opened) plus the check. Past it the answer is "not
   * checked" with the reason, never a stall. `Infinity`: no limit.
   */
  budgetMs?: number;
  /**
   * The shortest time, in ms, a document goes without an edit before its
   * tree is reparsed (default 100; 0: after each change event); after a
   * slow reparse the wait is longer (`settleLater`). A check reparses first
   * only when it cannot be judged on the edited tree.
   */
  settleMs?: number;
}

const DEFAULT_BUDGET_MS = 2000;
const DEFAULT_SETTLE_MS = 100;
/** The longest pause in typing a reparse waits for, however long the last one took. */
export const MAX_SETTLE_MS = 2000;

/** What a check answers when its deadline passed before it could finish. */
const OVER_BUDGET = Symbol('over budget');
/** What a check on an edited tree answers when the tree must be reparsed first. */
const NEEDS_PARSED_TREE = Symbol('needs the parsed tree');

export class LiveDocuments {
  /**
   * Dropped least recently used over MAX_DOCUMENTS, skipping any with an
   * operation queued or running: an edit whose reparse is paused between
   * slices still needs its tree.
   */
  private readonly docs = new BoundedCache<string, LiveDocument>(MAX_DOCUMENTS, {
    evictable: (uri) => !this.queues.has(uri),
    onEvict: (_uri, doc) => freeTrees(doc),
  });
  /** The last operation queued per document: they run one after the other, in the order they came. */
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Operations queued so far per document: a reparse after a pause gives up when the count moves. */
  private readonly queued = new Map<string, number>();
  /** closeDocument calls so far, per document: an open in progress gives up when one comes after it. */
  private readonly closes = new Map<string, number>();
  private readonly budgetMs: number;
  private readonly settleMs: number;
  /** The pending reparse per document with edits not parsed yet. */
  private readonly settling = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly validator: SyntaxValidator,
    options: LiveDocumentsOptions = {},
  ) {
    this.budgetMs = options.budgetMs ?? DEFAULT_BUDGET_MS;
    this.settleMs = options.settleMs ?? DEFAULT_SETTLE_MS;
  }

  /**
   * Operations on one document wait for the ones before them: an edit that
   * arrives while the document is still being opened (its grammar loading)
   * must apply to the opened copy, not find none.
   */
  private serial<T>(uri: string, op: () => Promise<T>): Promise<T> {
    this.queued.set(uri, (this.queued.get(uri) ?? 0) + 1);
    const run = (this.queues.get(uri) ?? Promise.resolve()).then(op, op);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(uri, settled);
    void settled.then(() => {
      if (this.queues.get(uri) !== settled) return;
      this.queues.delete(uri);
      this.queued.delete(uri);
      this.closes.delete(uri); // no open is queued that could still compare with it
    });
    return run;
  }

  /** Parse and keep a document (replacing any copy). When its language cannot be checked it is not kept, and the reason says why. */
  openDocument(uri: string, language: LanguageId, text: string, version = 0): Promise<OpenResult> {
    const closes = this.closes.get(uri) ?? 0;
    return this.serial(uri, () => this.open(uri, language, text, version, () => (this.closes.get(uri) ?? 0) !== closes));
  }

  applyEdits(uri: string, version: number, edits: readonly TextEdit[], length?: number): Promise<boolean> {
    return this.serial(uri, () => this.edit(uri, version, edits, length));
  }

  /**
   * Resolves once every operation queued on the document so far has run (an
   * open's first parse included): a caller that must see a check run on the
   * held document, not answered "over budget" while a big file is parsed.
   */
  whenSettled(uri: string): Promise<void> {
    return this.serial(uri, async () => undefined);
  }

  /** Forget a document; an open of it still parsing gives up at its next pause. */
  closeDocument(uri: string): Promise<void> {
    this.closes.set(uri, (this.closes.get(uri) ?? 0) + 1);
    return this.serial(uri, async () => this.drop(uri));
  }

  private drop(uri: string): void {
    clearTimeout(this.settling.get(uri));
    this.settling.delete(uri);
    const doc = this.docs.peek(uri);
    if (doc) freeTrees(doc);
    this.docs.delete(uri);
  }

  private async open(uri: string, language: LanguageId, text: string, version: number, closed: () => boolean): Promise<OpenResult> {
    this.drop(uri);
    if (typeof text !== 'string') return { ok: false, reason: 'the text must be a string' };
    if (text.length > MAX_DOCUMENT_LENGTH) return { ok: false, reason: `the document is over ${MAX_DOCUMENT_LENGTH} code units` };
    const loaded = await this.validator.load(language);
    if (typeof loaded === 'string') return { ok: false, reason: loaded };
    const started = performance.now();
    const tree = await this.validator.parseInSlices(loaded.grammar, text, { abandon: closed });
    if (!tree)
      return { ok: false, reason: closed() ? 'the document was closed while it was being parsed' : 'tree-sitter returned no tree' };
    this.drop(uri);
    this.docs.set(uri, { language, spec: loaded.spec, version, body: new EditedText(text), tree, reparseMs: performance.now() - started });
    return { ok: true };
  }

  /**
   * Apply one editor change event. An event at or below the version held is
   * already in the text (the document was opened from a later text): true.
   * Returns false (and forgets the document) when it does not hold the
   * document, an edit does not fit, or the text does not come out at
   * `length` (an event was lost): the next check then uses the full text,
   * and the editor opens the document again.
   */
  private async edit(uri: string, version: number, edits: readonly TextEdit[], length?: number): Promise<boolean> {
    const doc = this.docs.peek(uri);
    if (doc && typeof version === 'number' && version <= doc.version) return true;
    if (!doc || typeof version !== 'number' || !Array.isArray(edits)) {
      this.drop(uri);
      return false;
    }
    const loaded = await this.validator.load(doc.language);
    if (typeof loaded === 'string' || this.docs.peek(uri) !== doc) return false;
    let edited = doc.edited;
    try {
      for (const e of edits) {
        const treeEdit = doc.body.edit(e);
        doc.tree.edit(new Edit(treeEdit));
        edited = grownStretch(edited, treeEdit);
      }
    } catch {
      this.drop(uri);
      return false;
    }
    if ((length !== undefined && doc.body.length !== length) || doc.body.length > MAX_DOCUMENT_LENGTH) {
      this.drop(uri);
      return false;
    }
    // The tree is edited, not parsed: what was made from it at the old version goes.
    doc.before?.tree.delete();
    Object.assign(doc, {
      version,
      edited,
      spans: undefined,
      before: undefined,
      errors: undefined,
      macros: undefined,
    });
    this.settleLater(uri);
    return true;
  }

  /**
   * Reparse the document once it has gone a while without an edit (each edit
   * starts the wait again): `settleMs`, or ten times what its last reparse
   * took (or ran before it was given up) when that is longer, up to MAX_SETTLE_MS. Checks do not wait for
   * it (they judge a window of the edited tree, `check`), so in a multi-MB
   * file it is upkeep, left to a pause in typing; an operation queued on the
   * document meanwhile (a key, a check) gives it up for the next pause.
   */
  private settleLater(uri: string): void {
    clearTimeout(this.settling.get(uri));
    const reparse = () => {
      this.settling.delete(uri);
      const mark = (this.queued.get(uri) ?? 0) + 1; // the count once this reparse is queued: anything queued after it moves it
      void this.serial(uri, () => this.reparse(uri, () => this.queued.get(uri) !== mark)).catch(() => {});
    };
    const doc = this.docs.peek(uri);
    if (this.settleMs <= 0) reparse();
    else this.settling.set(uri, setTimeout(reparse, Math.max(this.settleMs, Math.min(MAX_SETTLE_MS, 10 * (doc?.reparseMs ?? 0)))));
  }

  /**
   * Bring a stale tree to its text. Runs inside the document's queue. A
   * check's reparse runs to the end even when the check has answered "not
   * checked" meanwhile (a parse given up would be started again, and never
   * finish, at every check); the one after a pause is given up once
   * `overtaken` (another operation was queued on the document), and waits
   * for the next pause. false: the document is not held any more (a failed
   * parse drops it, never leaving a half-edited tree for the next edit to
   * build on).
   */
  private async reparse(uri: string, overtaken = () => false): Promise<boolean> {
    const doc = this.docs.peek(uri);
    if (!doc) return false;
    if (!doc.edited) return true;
    clearTimeout(this.settling.get(uri));
    this.settling.delete(uri);
    const loaded = await this.validator.load(doc.language);
    if (typeof loaded === 'string' || this.docs.peek(uri) !== doc) return false;
    const started = performance.now();
    const tree = await this.validator.parseInSlices(loaded.grammar, doc.body.text, { oldTree: doc.tree, abandon: overtaken });
    if (!tree && overtaken() && this.docs.peek(uri) === doc) {
      // What it ran before it was given up is the least it costs: the next one waits for as long a pause as a
      // finished one would have earned, or it starts in the first short pause and runs into the next keys.
      doc.reparseMs = Math.max(doc.reparseMs ?? 0, performance.now() - started);
      this.settleLater(uri); // still stale, still held: the next pause
      return true;
    }
    if (!tree || this.docs.peek(uri) !== doc) {
      tree?.delete();
      this.drop(uri);
      return false;
    }
    // What was cut from the edited tree goes with it.
    doc.tree.delete();
    doc.before?.tree.delete();
    Object.assign(doc, {
      tree,
      edited: undefined,
      reparseMs: performance.now() - started,
      spans: undefined,
      before: undefined,
      errors: undefined,
    });
    return true;
  }

  /** The version held for a document, if any. */
  versionOf(uri: string): number | undefined {
    return this.docs.peek(uri)?.version;
  }

  /** The held tree as an S-expression, reparsed first if edits are pending (tests compare it with a fresh parse). */
  treeString(uri: string): Promise<string | undefined> {
    return this.serial(uri, async () => ((await this.reparse(uri)) ? this.docs.peek(uri)?.tree.rootNode.toString() : undefined));
  }

  /** The document's text as held (tests compare it with the editor's). */
  textOf(uri: string): string | undefined {
    return this.docs.peek(uri)?.body.text;
  }

  /**
   * Check `completion` inserted at `offset` of the held document. undefined
   * when the document is not held at `version` (the caller has the text and
   * falls back to a full check); OVER_BUDGET when `deadline` passed first.
   */
  private async check(
    uri: string,
    version: number,
    offset: number,
    completion: string,
    deadline: number,
  ): Promise<SyntaxVerdict | undefined | typeof OVER_BUDGET> {
    const started = performance.now();
    const doc = this.docs.peek(uri);
    if (!doc || doc.version !== version) return undefined;
    if (typeof completion !== 'string' || !Number.isInteger(offset) || offset < 0 || offset > doc.body.length) {
      return uncheckedVerdict(
        doc.language,
        `offset ${offset} is outside the document (0..${doc.body.length}) or the completion is not a string`,
        started,
      );
    }
    if (doc.body.length + completion.length > MAX_DOCUMENT_LENGTH)
      return uncheckedVerdict(doc.language, `the document would be over ${MAX_DOCUMENT_LENGTH} code units`, started);
    const loaded = await this.validator.load(doc.language);
    if (typeof loaded === 'string') return uncheckedVerdict(doc.language, loaded, started);
    if (this.docs.peek(uri) !== doc || doc.version !== version) return undefined; // edited while loading
    // The document's queue holds every other operation on it until this one is done.
    this.docs.get(uri); // now the most recently used
    if (doc.edited) {
      // Edited since its last parse: judged on a window cut from the edited
      // tree when that can be trusted, else (and for any rejection, which the
      // whole-document rules below may decide) after the reparse.
      const verdict = await this.checkWindow(uri, doc, loaded, offset, completion, deadline, started);
      if (verdict !== NEEDS_PARSED_TREE) return verdict;
      if (!(await this.reparse(uri))) return undefined;
      if (performance.now() >= deadline) return OVER_BUDGET; // the reparse took the time (it is kept for the next check)
    }
    const verdict = await this.checkWindow(uri, doc, loaded, offset, completion, deadline, started);
    return verdict === NEEDS_PARSED_TREE ? undefined : verdict;
  }

  /**
   * `check` on the document's tree as it is. An edited tree whose reparse is
   * still to come (`doc.edited`) is used only where it can be trusted: the
   * window keeps every member touched by an edit since the last parse, the
   * members it cuts out are exact, and the verdict is an acceptance. Else
   * NEEDS_PARSED_TREE.
   */
  private async checkWindow(
    uri: string,
    doc: LiveDocument,
    { grammar, spec }: { grammar: Language; spec: LanguageSpec },
    offset: number,
    completion: string,
    deadline: number,
    started: number,
  ): Promise<SyntaxVerdict | undefined | typeof OVER_BUDGET | typeof NEEDS_PARSED_TREE> {
    const { edited } = doc;
    const text = doc.body.reader; // read in place: the whole text is made only for a reparse
    const pointAt = (index: number) => pointInTree(doc.tree, text, index, edited);
    const at = pointAt(offset);
    if (doc.spans?.offset !== offset) doc.spans = { offset, window: cutWindow(doc.tree, offset, doc.body.length, edited) };
    const { window } = doc.spans;
    const { spans } = window;
    const whole = isWholeDocument(window, doc.body.length);
    // Cut members are exact and whole only outside the edited stretch, and
    // sound to cut only when the file has no error in them (what the
    // whole-document rules below would weigh). A window longer than a parse
    // in one go means edits far apart: parsed afresh (a window of other
    // ranges cannot reuse the tree in slices), it would cost more than the
    // reparse, which reuses everything the edits left alone.
    if (
      edited &&
      (whole || !keepsWhole(window, edited, doc.body.length) || !inOneGo(windowLength(window)) || this.brokenOutside(doc, window))
    )
      return NEEDS_PARSED_TREE;
    const key = `${offset}:${spans.join(';')}`;
    // A window is small unless the code around the cursor is one huge
    // statement (a generated 5 MB literal): then it is parsed in slices too.
    // A window that is the whole document (nothing could be cut: a file
    // tree-sitter reads as one ERROR) is the document's own tree. Otherwise
    // it is parsed from the document's tree: tree-sitter reuses the kept
    // members that lie wholly inside the ranges, and parses again only the
    // nodes the cuts cross (the same tree as a fresh parse of the ranges,
    // in half the time).
    if (doc.before?.key !== key) {
      const ranges = rangesBefore(spans, pointAt);
      let tree: Tree | null;
      if (whole) tree = doc.tree.copy();
      else {
        const from = doc.tree.copy(); // the parse may pause: its own copy
        try {
          tree = await this.validator.parseInSlices(grammar, (i) => text.slice(i, i + CHUNK), {
            includedRanges: ranges,
            oldTree: from,
            deadline,
          });
        } finally {
          from.delete();
        }
      }
      if (!tree) return OVER_BUDGET;
      if (this.docs.peek(uri) !== doc) {
        tree.delete(); // closed meanwhile (a parse in slices pauses)
        return undefined;
      }
      doc.before?.tree.delete();
      doc.before = { key, issues: issuesOf(tree, spec, text), tree, ranges };
    }
    const before = doc.before.issues;
    const splice: Splice = {
      at: offset,
      length: completion.length,
      row: at.row,
      newlines: countNewlines(completion),
      endsWithNewline: completion.endsWith('\n'),
    };
    if (completion === '') return judge(doc.language, before, before, splice, started);
    const rangesWithCompletion = rangesAfter(spans, pointAt, offset, at, completion);
    const after = await windowAfter(
      this.validator,
      grammar,
      spec,
      doc.before.tree,
      text,
      offset,
      at,
      completion,
      rangesWithCompletion,
      deadline,
    );
    if (!after) return OVER_BUDGET;
    const verdict = judge(doc.language, before, after, splice, started);
    if (!verdict.valid && edited) return NEEDS_PARSED_TREE;
    // Cutting is sound when what is cut is whole code. When the file is also
    // broken outside the window (an unterminated string far above), the cut
    // can reshape the errors around the cursor, and in a file broken away
    // from the cursor the full check's rules set that error aside: a
    // rejection then goes through those rules, on the window when the
    // errors outside it lie inside members it cut out whole, else on the
    // whole text (a window rejected what the full check accepted in 8 of
    // 948 random edit sequences before). So does one in a C++ file with
    // statement-like macros (the full check blanks their uses,
    // cpp-macros.ts), always on the whole text. Python's indentation
    // checks on the window (already made, `before`) count too: the full
    // check sets a misaligned line aside like an error.
    const misalignedAway = before.some((b) => b.origin === 'checks' && b.row !== splice.row);
    if (!verdict.valid && (usesStatementMacros(doc) || this.brokenOutside(doc, window) || this.brokenAway(doc, splice) || misalignedAway)) {
      // What the window parsed already, the whole-text check need not parse
      // again: the document without the completion (its issues), and with it
      // (when the check runs on the window, or the window is the document).
      // On the window, when the document's errors outside it lie inside
      // members the window cut out whole (window.ts): the cut then changes
      // nothing the check could see.
      const onWindow = !whole && !usesStatementMacros(doc) && this.cutMembersWithErrors(doc, window) !== undefined;
      const held: HeldTree = onWindow
        ? {
            tree: doc.before.tree,
            text: doc.body.text,
            issues: before,
            after: { completion, issues: after },
            window: { before: doc.before.ranges, after: rangesWithCompletion },
          }
        : {
            tree: doc.tree,
            text: doc.body.text,
            issues: whole ? before : spec.checks === 'python' ? undefined : (doc.errors ??= collectIssues(doc.tree)),
            after: whole ? { completion, issues: after } : undefined,
          };
      const full = await this.validator.validate(
        { language: doc.language, prefix: doc.body.text.slice(0, offset), completion, suffix: doc.body.text.slice(offset) },
        deadline,
        held,
      );
      if (!full.checked && performance.now() >= deadline) {
        // Neither verdict is sure: the window's could be the cut's doing.
        return uncheckedVerdict(
          doc.language,
          overBudgetReason(
            `the window around the cursor rejected it, but the file is broken elsewhere too, and the confirmation on the whole text (${doc.body.length} code units)`,
          ),
          started,
        );
      }
      // The errors in the members set aside are in the file too.
      const setAside = onWindow && full.checked ? errorsOutside(doc, window).length : 0;
      return { ...full, preexistingErrors: full.preexistingErrors + setAside, ms: performance.now() - started };
    }
    return verdict;
  }

  /**
   * Whether the document has a syntax error away from the cursor (the
   * full check then sets it aside, quarantine.ts, which the window cannot).
   */
  private brokenAway(doc: LiveDocument, splice: Splice): boolean {
    if (!doc.tree.rootNode.hasError) return false;
    doc.errors ??= collectIssues(doc.tree);
    // Wider than the full check's own test (quarantine.ts hasErrorsAway):
    // the window's cut reshapes errors too, so any error off the cursor's
    // row (one that reaches past it too: an unclosed string above that
    // swallowed the rest) sends a rejection to the full check, which decides.
    return doc.errors.some((e) => e.row !== splice.row || e.endRow !== splice.row);
  }

  /**
   * The members the window cut out that hold the document's errors outside
   * it, when all of them lie inside such whole members (window.ts): a check
   * on the window sets those members aside. undefined otherwise.
   */
  private cutMembersWithErrors(doc: LiveDocument, window: Window): [number, number][] | undefined {
    return cutMembersHolding(window, errorsOutside(doc, window));
  }

  /**
   * What a check at `offset` of the held document sets aside by judging on
   * its window (tests compare it with the whole-text check of the text
   * without those members): the cut-out members that hold errors, [] when
   * none does; undefined when the document is not held, or when a
   * rejection there is decided on the whole text.
   */
  membersSetAside(uri: string, offset: number): Promise<[number, number][] | undefined> {
    return this.serial(uri, async () => {
      const doc = (await this.reparse(uri)) ? this.docs.peek(uri) : undefined;
      if (!doc || offset < 0 || offset > doc.body.length || usesStatementMacros(doc)) return undefined;
      const window = doc.spans?.offset === offset ? doc.spans.window : cutWindow(doc.tree, offset, doc.body.length);
      return isWholeDocument(window, doc.body.length) ? undefined : this.cutMembersWithErrors(doc, window);
    });
  }

  /** Whether the document has a syntax error outside the spans (tree-sitter's own issues: cheap, they are found by descending only into broken nodes). */
  private brokenOutside(doc: LiveDocument, window: Window): boolean {
    return doc.tree.rootNode.hasError && errorsOutside(doc, window).length > 0;
  }

  /**
   * The pipeline's check: incremental when the request names a document the
   * worker holds at that version and its text agrees around the cursor,
   * otherwise the full-text check on prefix + suffix.
   */
  async validate(req: SyntaxRequest, budgetMs = this.budgetMs): Promise<SyntaxVerdict> {
    const started = performance.now();
    const { documentId, version } = req ?? {};
    if (typeof documentId === 'string' && typeof version === 'number' && !badRequest(req)) {
      // Within the budget, whatever is queued for this document before it.
      const deadline = started + budgetMs;
      // After the edits queued before it, so the copy is as up to date as it will be.
      const queued = this.serial(documentId, async () => {
        if (performance.now() >= deadline) return OVER_BUDGET; // answered already: skip the work
        if (!this.matches(documentId, version, req)) return undefined;
        return this.check(documentId, version, (req.prefixStart ?? 0) + req.prefix.length, req.completion, deadline);
      });
      const v = await beforeDeadline(queued, deadline);
      if (v === OVER_BUDGET) {
        const length = (req.documentLength ?? req.prefix.length + req.suffix.length) + req.completion.length;
        return uncheckedVerdict(
          req.language,
          overBudgetReason(`the syntax worker's parse of this document (${length} code units)`, this.budgetMs),
          started,
        );
      }
      if (v) return { ...v, checkedOn: 'live-document' };
      // Not held (or not at this version): the whole text, in what is left of the budget.
      return { ...(await this.validator.validate(req, deadline)), checkedOn: 'request-text' };
    }
    return this.validator.validate(req);
  }

  /** Cheap guard against a stale copy: same language, same length, same text next to the cursor. */
  private matches(uri: string, version: number, req: SyntaxRequest): boolean {
    const doc = this.docs.peek(uri);
    if (!doc || doc.version !== version || doc.language !== req.language) return false;
    const at = (req.prefixStart ?? 0) + req.prefix.length;
    if (doc.body.length !== (req.documentLength ?? at + req.suffix.length)) return false;
    const near = 256;
    return (
      doc.body.reader.slice(Math.max(0, at - near), at) === req.prefix.slice(-near) &&
      doc.body.reader.slice(at, at + near) === req.suffix.slice(0, near)
    );
  }
}

const CHUNK = 4096;

/** tree-sitter's issues in the document outside the window's spans. */
function errorsOutside(doc: LiveDocument, window: Window): RawIssue[] {
  doc.errors ??= collectIssues(doc.tree);
  return doc.errors.filter((e) => !window.spans.some(([s, t]) => e.start >= s && e.end <= t));
}

/** Whether a C++ document defines statement-like macros (cached per version with its errors). */
function usesStatementMacros(doc: LiveDocument): boolean {
  if (!languageSpec(doc.language)?.statementMacros) return false;
  doc.macros ??= statementMacros(doc.body.text).size > 0;
  return doc.macros;
}

/**
 * The window with the completion in (tree-sitter included ranges), parsed
 * incrementally from the window's tree without it: only the statement the
 * completion went into is parsed again, not the whole window (a fresh parse
 * of it cost most of a check in a C# or Go file). null when the deadline
 * came first.
 */
async function windowAfter(
  validator: SyntaxValidator,
  grammar: Language,
  spec: LanguageSpec,
  beforeTree: Tree,
  original: TextReader,
  offset: number,
  at: Point,
  completion: string,
  includedRanges: Range[],
  deadline: number,
): Promise<RawIssue[] | null> {
  const old = beforeTree.copy(); // the spot's tree stays for the next candidate
  try {
    old.edit(
      new Edit({
        startIndex: offset,
        oldEndIndex: offset,
        newEndIndex: offset + completion.length,
        startPosition: at,
        oldEndPosition: at,
        newEndPosition: pointAfter(at, completion),
      }),
    );
    // The text with the completion, read in place, never joined
    // (splicedText): tree-sitter reads it a chunk at a time, and the Python
    // checks read the lines around the window's statements.
    const withCompletion = splicedText(original, offset, completion);
    const tree = await validator.parseInSlices(grammar, (i) => withCompletion.slice(i, i + CHUNK), {
      includedRanges,
      oldTree: old,
      deadline,
    });
    return tree && treeIssues(tree, spec, withCompletion, [offset, offset + completion.length]);
  } finally {
    old.delete();
  }
}

/** `work`'s answer, or OVER_BUDGET when `deadline` comes first (`work` goes on; its answer is dropped). */
function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T | typeof OVER_BUDGET> {
  if (deadline === Infinity) return work;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof OVER_BUDGET>((resolve) => {
    timer = setTimeout(() => resolve(OVER_BUDGET), Math.max(0, deadline - performance.now()));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
