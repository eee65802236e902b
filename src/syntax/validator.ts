import { Language, Parser, type Tree } from 'web-tree-sitter';
import type { SyntaxIssue, SyntaxRequest, SyntaxVerdict } from '../completion/types';
import { collectIssues, type RawIssue } from './issues';
import { introducedIssues, type DiffOptions } from './differential';
import { grammarFileFor } from './languages';

export interface SyntaxRuntimePort {
  initParser(): Promise<void>;
  loadGrammar(file: string): Promise<Uint8Array | string>;
}

export class SyntaxValidator {
  private ready: Promise<Parser> | undefined;
  private readonly languages = new Map<string, Promise<Language>>();
  constructor(private readonly port: SyntaxRuntimePort, public opts: DiffOptions = { holePrefix: true, rows: true }) {}

  async validate(req: SyntaxRequest): Promise<SyntaxVerdict> {
    const t0 = performance.now();
    const grammar = grammarFileFor(req.language);
    if (!grammar) return { checked: false, valid: false, errors: [], preexistingErrors: 0, ms: performance.now() - t0, language: req.language };
    const parser = await this.parser();
    parser.setLanguage(await this.language(grammar));
    const before = parseIssues(parser, req.prefix + req.suffix);
    const after = parseIssues(parser, req.prefix + req.completion + req.suffix);
    const row = countNewlines(req.prefix);
    const introduced = introducedIssues(before, after, { at: req.prefix.length, length: req.completion.length, row, newlines: countNewlines(req.completion) }, this.opts);
    return {
      checked: true,
      valid: introduced.length === 0,
      errors: introduced.map(toIssue),
      preexistingErrors: before.length,
      ms: performance.now() - t0,
      language: req.language,
    };
  }

  private parser(): Promise<Parser> {
    this.ready ??= this.port.initParser().then(() => new Parser());
    return this.ready;
  }
  private language(file: string): Promise<Language> {
    let l = this.languages.get(file);
    if (!l) {
      l = this.port.loadGrammar(file).then((b) => Language.load(b));
      this.languages.set(file, l);
    }
    return l;
  }
}

function parseIssues(parser: Parser, text: string): RawIssue[] {
  const tree: Tree | null = parser.parse(text);
  if (!tree) throw new Error('parse failed');
  try { return collectIssues(tree); } finally { tree.delete(); }
}
function countNewlines(s: string): number { let n = 0; for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) n++; return n; }
function toIssue(r: RawIssue): SyntaxIssue { return { kind: r.kind, row: r.row, column: r.column, detail: r.type }; }
