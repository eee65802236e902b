// The syntax validator: does a fill-in-the-middle completion introduce syntax
// errors? Shared by the browser syntax worker and Node (tests, eval harness):
// no DOM, no fs, no fetch. How the tree-sitter runtime and the grammar files
// are found comes in through a port.

import { Language, Parser, type Tree } from 'web-tree-sitter';
import type { LanguageId, SyntaxIssue, SyntaxRequest, SyntaxVerdict } from '../completion/types';
import { introducedIssues, type Splice } from './differential';
import { collectIssues, type RawIssue } from './issues';
import { languageSpec, type LanguageSpec } from './languages';
import { pythonIssues } from './python-checks';
import { reservedWordIssues } from './reserved-words';

export interface SyntaxRuntimePort {
  /**
   * Initialise web-tree-sitter (`Parser.init(...)`, pointing it at its
   * `web-tree-sitter.wasm`). Called once per validator; the runtime is a
   * per-realm singleton, so a second init must reuse the first.
   */
  initParser(): Promise<void>;
  /** The bytes of a grammar file such as `tree-sitter-python.wasm` (or a path/URL `Language.load` accepts). */
  loadGrammar(file: string): Promise<Uint8Array | string>;
}

export interface SyntaxValidatorOptions {
  /**
   * Told when the runtime or a grammar cannot be loaded. The request then
   * gets `checked: false` (never a silent pass) and the next request tries
   * again. Defaults to console.error.
   */
  onLoadError?: (what: string, error: unknown) => void;
}

/** The issues of the document without the completion, kept for the next candidate at the same spot. */
interface BeforeParse {
  spec: LanguageSpec;
  prefix: string;
  suffix: string;
  issues: RawIssue[];
}

export class SyntaxValidator {
  private parser: Promise<Parser> | undefined;
  private readonly languages = new Map<string, Promise<Language>>();
  private lastBefore: BeforeParse | undefined;
  private readonly onLoadError: (what: string, error: unknown) => void;

  constructor(
    private readonly port: SyntaxRuntimePort,
    options: SyntaxValidatorOptions = {},
  ) {
    this.onLoadError = options.onLoadError ?? ((what, error) => console.error(`syntax validator: cannot load ${what}`, error));
  }

  async validate(req: SyntaxRequest): Promise<SyntaxVerdict> {
    const started = performance.now();
    const bad = badRequest(req);
    if (bad) return uncheckedVerdict(String((req as Partial<SyntaxRequest> | null)?.language ?? 'unknown'), bad, started);
    const loaded = await this.load(req.language);
    if (typeof loaded === 'string') return uncheckedVerdict(req.language, loaded, started);
    const { parser, spec } = loaded;
    // Both parses happen synchronously from here on, so concurrent validate()
    // calls cannot interleave on the shared parser.
    const before = this.beforeIssues(parser, spec, req.prefix, req.suffix);
    const at = req.prefix.length;
    const after = req.completion === '' ? before : parseIssues(parser, spec, req.prefix + req.completion + req.suffix, [at, at + req.completion.length]);
    return judge(req.language, before, after, {
      at,
      length: req.completion.length,
      row: countNewlines(req.prefix),
      newlines: countNewlines(req.completion),
    }, started);
  }

  /**
   * The shared parser with the language's grammar set, or why the language
   * cannot be checked. Callers must use the parser synchronously after the
   * await (set the language again after any other await).
   */
  async load(language: LanguageId): Promise<{ parser: Parser; grammar: Language; spec: LanguageSpec } | string> {
    const spec = languageSpec(language);
    if (!spec) return `no grammar for ${language}`;
    try {
      const parser = await this.getParser();
      const grammar = await this.getLanguage(spec.grammar);
      parser.setLanguage(grammar);
      return { parser, grammar, spec };
    } catch (error) {
      this.onLoadError(spec.grammar, error);
      return `the ${language} grammar failed to load (${(error as Error).message ?? String(error)})`;
    }
  }

  /** Whether a grammar is known for the language (loading it is still lazy). */
  supports(language: LanguageId): boolean {
    return languageSpec(language) !== undefined;
  }

  private beforeIssues(parser: Parser, spec: LanguageSpec, prefix: string, suffix: string): RawIssue[] {
    // The pipeline often checks several candidates for one cursor position;
    // the document without the completion is the same each time.
    const last = this.lastBefore;
    if (last && last.spec === spec && last.prefix === prefix && last.suffix === suffix) return last.issues;
    const issues = parseIssues(parser, spec, prefix + suffix);
    this.lastBefore = { spec, prefix, suffix, issues };
    return issues;
  }

  // Loads are cached as promises so concurrent first requests share one
  // load; a failed load is forgotten so the next request tries again.
  private getParser(): Promise<Parser> {
    if (!this.parser) {
      const parser = this.port.initParser().then(() => new Parser());
      parser.catch(() => {
        if (this.parser === parser) this.parser = undefined;
      });
      this.parser = parser;
    }
    return this.parser;
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

/**
 * Every issue of a parsed tree, then the tree freed: trees live in wasm
 * memory, not the JS heap. `completion` is the inserted range, where
 * reserved words are looked for.
 */
export function treeIssues(tree: Tree | null, spec: LanguageSpec, text: string, completion?: [number, number]): RawIssue[] {
  if (!tree) throw new Error('tree-sitter returned no tree (parse cancelled or no language set)');
  try {
    const issues = collectIssues(tree);
    if (spec.checks === 'python') issues.push(...pythonIssues(tree, text));
    if (completion) issues.push(...reservedWordIssues(tree, spec.id, completion[0], completion[1]));
    return issues;
  } finally {
    tree.delete();
  }
}

export function parseIssues(parser: Parser, spec: LanguageSpec, text: string, completion?: [number, number]): RawIssue[] {
  return treeIssues(parser.parse(text), spec, text, completion);
}

/** The verdict from the issues without and with the completion. */
export function judge(language: LanguageId, before: readonly RawIssue[], after: readonly RawIssue[], splice: Splice, started: number): SyntaxVerdict {
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
  return { checked: false, valid: false, errors: [], preexistingErrors: 0, ms: performance.now() - started, language: String(language), uncheckedReason: reason };
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
 * takes about a second per few MB here, and the worker must stay responsive.
 */
export const MAX_DOCUMENT_LENGTH = 16 * 1024 * 1024;

export function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function toSyntaxIssue(issue: RawIssue): SyntaxIssue {
  return { kind: issue.kind, row: issue.row, column: issue.column, detail: issue.type };
}
