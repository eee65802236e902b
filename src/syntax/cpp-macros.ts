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

const DEFINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\([^)\n]*\)[ \t]*(?:\\\r?\n[ \t]*)?\(?[ \t]*(for|while|if|switch|do)\b/gm;

/** Names of the function-like macros `text` defines whose body starts a statement. */
export function statementMacros(text: string): Set<string> {
  const names = new Set<string>();
  if (!text.includes('define')) return names;
  DEFINE.lastIndex = 0;
  for (let m = DEFINE.exec(text); m; m = DEFINE.exec(text)) names.add(m[1]);
  return names;
}

/**
 * `text` with every use of the given macros (`NAME(` + balanced arguments
 * + `)`) outside preprocessor lines blanked to spaces, line breaks kept. A
 * use whose parentheses do not close is left alone.
 */
export function blankMacroUses(text: string, names: ReadonlySet<string>): string {
  if (!names.size) return text;
  const use = new RegExp(`\\b(?:${[...names].join('|')})[ \\t]*\\(`, 'g');
  let out = '';
  let copied = 0;
  for (let m = use.exec(text); m; m = use.exec(text)) {
    const lineStart = text.lastIndexOf('\n', m.index - 1) + 1;
    if (/^[ \t]*#/.test(text.slice(lineStart, m.index + 1))) continue; // the #define itself
    const close = matchingParen(text, m.index + m[0].length - 1);
    if (close < 0) continue;
    out += text.slice(copied, m.index) + text.slice(m.index, close + 1).replace(/[^\r\n]/g, ' ');
    copied = close + 1;
    use.lastIndex = close + 1;
  }
  return out + text.slice(copied);
}

function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length && i < open + 2000; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
    else if (c === ';' || c === '{' || c === '}') return -1; // not a macro call's arguments
  }
  return -1;
}
