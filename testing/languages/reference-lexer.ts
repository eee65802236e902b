// The whole-text lexer the shared one (src/languages/lexer.ts) replaced, kept
// for one job: every bracket in code, for early escalation's oracle
// (testing/inference/bracket-relex.ts). Its rules are its own table below,
// not the registry's. The shared lexer's own oracle is tree-sitter
// (tree-sitter-oracle.ts). The app never imports it.

type Mode = 'python' | 'cpp' | 'csharp' | 'js' | 'go' | 'rust' | 'java';

const MODES: Record<string, Mode> = {
  python: 'python',
  java: 'java',
  cpp: 'cpp',
  csharp: 'csharp',
  javascript: 'js',
  typescript: 'js',
  tsx: 'js',
  go: 'go',
  rust: 'rust',
};

/** What the lexer found left open: its kind, where it opens, and its row (0-based). */
interface UnclosedOpener {
  kind: 'bracket' | 'comment' | 'string';
  at: number;
  row: number;
}

/** A character that ends an expression in JavaScript: a `/` after it divides, anywhere else it opens a regular expression. */
const ENDS_OPERAND = /[\w$)\]}'"`]/;
const REGEX_AFTER_WORD = /(?:^|[^\w$.])(?:return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/;

/** Every bracket in code, in text order, to `onBracket`; undefined for a language it does not know. */
export function referenceBrackets(text: string, language: string, onBracket: (c: string, at: number) => void): true | undefined {
  return scan(text, language, onBracket) && true;
}

function scan(
  text: string,
  language: string,
  onBracket?: (c: string, at: number) => void,
): { found: Omit<UnclosedOpener, 'row'>[]; lineEnds: number[] } | undefined {
  const mode = MODES[language];
  if (!mode) return undefined;
  const found: Omit<UnclosedOpener, 'row'>[] = [];
  const lineEnds: number[] = [];
  let lastCode = -1;
  // Open brackets, innermost last; '`' marks a JavaScript template's `${` (at: its backtick).
  const stack: { c: string; at: number }[] = [];
  const n = text.length;
  const cFamily = mode !== 'python';
  let i = 0;
  /** A string from `at`, body starting at `from`: to `close` (escapes with `\` unless `raw`), ending at a line break unless `multiLine`. */
  const string = (at: number, from: number, close: string, multiLine: boolean, raw = false): number => {
    let k = from;
    while (k < n) {
      const ch = text[k];
      if (!raw && ch === '\\') {
        k += 2;
        continue;
      }
      if (text.startsWith(close, k)) {
        // C# verbatim strings double their quote to escape it.
        if (raw && close === '"' && mode === 'csharp' && text[k + 1] === '"') {
          k += 2;
          continue;
        }
        return k + close.length;
      }
      if (ch === '\n' && !multiLine) {
        found.push({ kind: 'string', at });
        return k;
      }
      k++;
    }
    found.push({ kind: 'string', at });
    return n;
  };
  // Where the last token (code, a string, a regular expression) started: it ended just before `i`.
  let token = -1;
  while (i < n) {
    if (token >= 0) {
      lastCode = i - 1;
      token = -1;
    }
    const c = text[i];
    const next = text[i + 1];
    if (c === '\n' || c === ' ' || c === '\t' || c === '\r') {
      if (c === '\n' && lastCode >= 0 && lineEnds[lineEnds.length - 1] !== lastCode) lineEnds.push(lastCode);
      i++;
      continue;
    }
    token = i;
    // Comments.
    if (mode === 'python' ? c === '#' : c === '/' && next === '/') {
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? n : eol;
      token = -1;
      continue;
    }
    // C++ preprocessor lines (with their continuations): a macro's body
    // may hold a lone bracket (`#define LP (`).
    if (mode === 'cpp' && c === '#' && /^[ \t]*$/.test(text.slice(text.lastIndexOf('\n', i - 1) + 1, i))) {
      let eol = text.indexOf('\n', i);
      while (eol > 0 && /\\\r?$/.test(text.slice(eol - 2, eol))) eol = text.indexOf('\n', eol + 1);
      i = eol < 0 ? n : eol;
      token = -1;
      continue;
    }
    if (cFamily && c === '/' && next === '*') {
      let depth = 1;
      let k = i + 2;
      while (k < n && depth > 0) {
        if (text[k] === '*' && text[k + 1] === '/') {
          depth--;
          k += 2;
        } else if (mode === 'rust' && text[k] === '/' && text[k + 1] === '*') {
          depth++; // Rust's block comments nest
          k += 2;
        } else k++;
      }
      // Left open to the end; or (where comments do not nest) closed only
      // by a later comment's `*/`, with that comment's `/*` inside: a
      // `/* note` left open in front of code and another comment.
      if (depth > 0 || (mode !== 'rust' && text.slice(i + 2, k).includes('/*'))) found.push({ kind: 'comment', at: i });
      i = k;
      token = -1;
      continue;
    }
    // Strings.
    if (mode === 'python' && (c === '"' || c === "'")) {
      const triple = text.startsWith(c.repeat(3), i);
      i = triple ? string(i, i + 3, c.repeat(3), true) : string(i, i + 1, c, false);
      continue;
    }
    if (c === '"') {
      if ((mode === 'java' || mode === 'csharp') && text.startsWith('"""', i)) {
        i = string(i, i + 3, '"""', true, mode === 'csharp');
        continue;
      }
      if (mode === 'cpp' && /(?:^|[^\w])(?:u8|u|U|L)?R$/.test(text.slice(Math.max(0, i - 3), i))) {
        const open = text.indexOf('(', i);
        const delim = open < 0 ? '' : text.slice(i + 1, open);
        if (open >= 0 && delim.length <= 16 && !/[\s\\)]/.test(delim)) {
          i = string(i, open + 1, `)${delim}"`, true, true);
          continue;
        }
      }
      if (mode === 'csharp' && (text[i - 1] === '@' || (text[i - 1] === '$' && text[i - 2] === '@'))) {
        i = string(i, i + 1, '"', true, true);
        continue;
      }
      if (mode === 'rust') {
        const raw = /(?:^|[^\w])b?r(#*)$/.exec(text.slice(Math.max(0, i - 20), i));
        i = raw ? string(i, i + 1, `"${raw[1]}`, true, true) : string(i, i + 1, '"', true);
        continue;
      }
      i = string(i, i + 1, '"', false);
      continue;
    }
    if (c === "'") {
      if (mode === 'rust') {
        // A character literal ('a', '\n', '\u{1F600}'); anything else is a lifetime or a label.
        const ch = /^'(?:\\(?:u\{[0-9a-fA-F]{1,6}\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'/.exec(text.slice(i, i + 12));
        // A lifetime where a value must come (after `=`, `(`, `[`) is a
        // character literal left open: `let c = 'abc;`. Lifetimes follow
        // `&`, `<`, `,`, `:`, `+`, labels are followed by `:`.
        if (!ch && /^'[A-Za-z_]\w*(?!\w|\s*:)/.test(text.slice(i, i + 64)) && /[=([]\s*$/.test(text.slice(Math.max(0, i - 16), i)))
          found.push({ kind: 'string', at: i });
        i += ch ? ch[0].length : 1;
        continue;
      }
      if (mode === 'cpp' && /(?:^|[^\w'])[0-9][\w']*$/.test(text.slice(Math.max(0, i - 24), i))) {
        i++; // a digit separator: 1'000'000
        continue;
      }
      i = string(i, i + 1, "'", false);
      continue;
    }
    if (c === '`' && (mode === 'go' || mode === 'js')) {
      if (mode === 'go') {
        i = string(i, i + 1, '`', true, true);
        continue;
      }
      i = template(i + 1, i);
      continue;
    }
    if (mode === 'js' && c === '/' && regexMayStart(text, i)) {
      const end = regexEnd(text, i);
      if (end > 0) {
        i = end;
        continue;
      }
    }
    // Brackets (and any other code character).
    if (onBracket && '()[]{}'.includes(c)) onBracket(c, i);
    if (c === '(' || c === '[' || c === '{') stack.push({ c, at: i });
    else if (c === ')' || c === ']' || c === '}') {
      const want = c === ')' ? '(' : c === ']' ? '[' : '{';
      // A `}` closes the innermost block (or template `${`), and whatever
      // round or square bracket is still open inside it was never closed.
      // A `)` or `]` looks no further out than the innermost block: one that
      // has no opener there is stray.
      let k = stack.length - 1;
      while (k >= 0 && !closes(c, want, stack[k].c) && (c === '}' || (stack[k].c !== '{' && stack[k].c !== '`'))) k--;
      if (k >= 0 && !closes(c, want, stack[k].c)) k = -1;
      if (k >= 0) {
        const match = stack[k];
        // What lies above the match was never closed.
        for (let j = k + 1; j < stack.length; j++)
          if (stack[j].c === '(' || stack[j].c === '[') found.push({ kind: 'bracket', at: stack[j].at });
        stack.length = k;
        if (match.c === '`') {
          i = template(i + 1, match.at); // the `}` of a template's `${`: the template goes on
          continue;
        }
      } // else a stray closer: nothing of it to set aside
    }
    i++;
  }
  for (const open of stack) if (open.c === '(' || open.c === '[') found.push({ kind: 'bracket', at: open.at });
  if (token >= 0) lastCode = Math.min(i, n) - 1;
  if (lastCode >= 0 && lineEnds[lineEnds.length - 1] !== lastCode) lineEnds.push(lastCode);
  return { found, lineEnds };

  // JavaScript templates: the text up to the closing backtick, or up to a
  // `${`, whose code runs until its `}` (then the template goes on).
  function template(from: number, opening: number): number {
    let k = from;
    while (k < n) {
      const ch = text[k];
      if (ch === '\\') {
        k += 2;
        continue;
      }
      if (ch === '`') return k + 1;
      if (ch === '$' && text[k + 1] === '{') {
        stack.push({ c: '`', at: opening });
        return k + 2;
      }
      k++;
    }
    found.push({ kind: 'string', at: opening });
    return n;
  }
}

/**
 * Whether closer `c` (wanting `want`) closes opener `o`; a `}` also closes
 * a template's `${`. A plain function, not a closure made per closer: the
 * lexer meets one every few characters.
 */
function closes(c: string, want: string, o: string): boolean {
  return o === want || (c === '}' && o === '`');
}

/** Whether a `/` at `i` opens a regular expression: nothing before it on the line, an operator, or a keyword that takes an operand. */
function regexMayStart(text: string, i: number): boolean {
  if (text[i + 1] === '/' || text[i + 1] === '*') return false;
  let k = i - 1;
  while (k >= 0 && (text[k] === ' ' || text[k] === '\t')) k--;
  if (k < 0 || text[k] === '\n') return true;
  if (ENDS_OPERAND.test(text[k])) return REGEX_AFTER_WORD.test(text.slice(Math.max(0, k - 10), k + 1));
  return true;
}

/** The end of a regular expression opening at `i` (its flags included), or -1 when none closes on its line. */
function regexEnd(text: string, i: number): number {
  let inClass = false;
  for (let k = i + 1; k < text.length; k++) {
    const ch = text[k];
    if (ch === '\n') return -1;
    if (ch === '\\') k++;
    else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '/' && !inClass) {
      let e = k + 1;
      while (e < text.length && /[a-z]/i.test(text[e])) e++;
      return e;
    }
  }
  return -1;
}
