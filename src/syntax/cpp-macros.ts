// Statement-like macros in C++. Competitive-programming code defines loop
// heads as macros (`#define FOR(i,a,b) for(int i=a;i<=b;i++)`) and uses
// them as statements: `FOR(i,1,n) cin >> a[i];`. tree-sitter does not expand
// macros, so it reads a call followed by a statement with no `;` between:
// an error on every such line, and a correct completion that adds one more
// is charged with it.
//
// A macro the file itself defines with a body that starts a statement
// (`for`, `while`, `if`, `switch`, `do`) is therefore taken out of what
// tree-sitter sees: each use `NAME(...)` becomes spaces of the same length
// (rows and offsets stay put), which leaves `cin >> a[i];`, the statement
// the loop would run. A completion that uses the macro the way the file does
// is then parsed like the statement it expands to. Macros defined elsewhere
// (a header) are not known, so their uses still count as errors, as before.

// Object-like macros are read the same way when they stand for a statement
// head (`#define w while`, used as `w(i<n)`): the use and its parentheses are
// blanked. One whose body is a whole statement (`#define no cout<<"NO";`,
// used as `no` alone, or after `if (x)`) becomes `;` and spaces: an empty
// statement where the expansion is one statement. So does one whose body
// is statements ending in a loop head (`#define T int t; cin >> t;
// while(t--)`, used as `T` before `{`): the empty statement leaves the block
// after it a block. A definition continued with `\` is read whole.

const FUNCTION_LIKE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\([^)\n]*\)[ \t]*(?:\\\r?\n[ \t]*)?\(?[ \t]*(?:for|while|if|switch|do)\b/gm;
const OBJECT_HEAD = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+(?:for|while|if|switch)[ \t]*(?:\/\/[^\n]*)?$/gm;
const OBJECT_STATEMENT = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+[^\s\\][^\n]*?[;}][ \t]*(?:\/\/[^\n]*)?\r?$/gm;
/** A body that ends in a statement head with its parentheses (`int t; cin >> t; while(t--)`): the use is followed by the loop's body. */
const OBJECT_TAIL_HEAD =
  /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+[^\n]*?\b(?:for|while|if|switch)[ \t]*\((?:[^()\n]|\([^()\n]*\))*\)[ \t]*(?:\/\/[^\n]*)?\r?$/gm;

/** The macros a file defines that tree-sitter cannot read through: statement heads (used as `NAME(...)`) and whole statements (used as `NAME`). */
interface StatementMacros {
  heads: ReadonlySet<string>;
  /** The heads that are a keyword itself (`#define w while`): their parentheses hold what the keyword's do, `;` included. */
  keywords: ReadonlySet<string>;
  statements: ReadonlySet<string>;
  size: number;
}

function namesOf(pattern: RegExp, text: string, into: Set<string>): void {
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) into.add(m[1]);
}

/** The statement-like macros `text` defines. */
export function statementMacros(text: string): StatementMacros {
  const heads = new Set<string>();
  const keywords = new Set<string>();
  const statements = new Set<string>();
  if (text.includes('define')) {
    // A continued definition as one line (the continuations' text is no use of a macro either way).
    const defines = text.includes('\\') ? text.replace(/\\\r?\n/g, ' ') : text;
    namesOf(FUNCTION_LIKE, defines, heads);
    namesOf(OBJECT_HEAD, defines, keywords);
    namesOf(OBJECT_STATEMENT, defines, statements);
    namesOf(OBJECT_TAIL_HEAD, defines, statements);
  }
  for (const k of keywords) heads.add(k);
  return { heads, keywords, statements, size: heads.size + statements.size };
}

const onPreprocessorLine = (text: string, at: number): boolean => /^[ \t]*#/.test(text.slice(text.lastIndexOf('\n', at - 1) + 1, at + 1));

/**
 * `text` with every use of the given macros outside preprocessor lines made
 * readable, at the same length with line breaks kept: a head `NAME(` +
 * balanced arguments + `)` blanked to spaces (left alone when its
 * parentheses do not close), a statement `NAME` turned into `;` and spaces.
 */
export function blankMacroUses(text: string, macros: StatementMacros): string {
  if (!macros.size) return text;
  const alternatives = [
    ...(macros.heads.size ? [`\\b(?:${[...macros.heads].join('|')})[ \\t]*\\(`] : []),
    // Only where a statement can start (a line's start, after `;`, a brace, `)` or `else`): elsewhere
    // the name is read as an expression, as in `x = LIMIT;` with `#define LIMIT 100;`.
    ...(macros.statements.size ? [`(?<=(?:^|[;{})]|\\belse|\\bdo)[ \\t]*)(?:${[...macros.statements].join('|')})\\b(?![ \\t]*\\()`] : []),
  ];
  const use = new RegExp(alternatives.join('|'), 'gm');
  let out = '';
  let copied = 0;
  for (let m = use.exec(text); m; m = use.exec(text)) {
    if (onPreprocessorLine(text, m.index)) continue; // the #define itself, #ifdef ...
    if (!m[0].endsWith('(')) {
      out += text.slice(copied, m.index) + ';' + ' '.repeat(m[0].length - 1);
      copied = m.index + m[0].length;
      continue;
    }
    const name = /^\w+/.exec(m[0])?.[0] ?? '';
    const close = matchingParen(text, m.index + m[0].length - 1, macros.keywords.has(name));
    if (close < 0) continue;
    out += text.slice(copied, m.index) + text.slice(m.index, close + 1).replace(/[^\r\n]/g, ' ');
    copied = close + 1;
    use.lastIndex = close + 1;
  }
  return out + text.slice(copied);
}

function matchingParen(text: string, open: number, semicolonsInside = false): number {
  let depth = 0;
  for (let i = open; i < text.length && i < open + 2000; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
    else if ((c === ';' && !semicolonsInside) || c === '{' || c === '}') return -1; // not a macro call's arguments
  }
  return -1;
}
