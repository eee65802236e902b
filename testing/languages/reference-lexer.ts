// The whole-text lexer the shared one (src/languages/lexer.ts) replaced, kept
// for one job: every bracket in code, for early escalation's oracle
// (testing/completion/bracket-relex.ts). Its rules are its own table below,
// not the registry's, and only for the languages the shared lexer reads
// exactly (JavaScript's regular expressions are a guess there, so the oracle
// has no JavaScript). The shared lexer's own oracle is tree-sitter
// (tree-sitter-oracle.ts). The app never imports it.

type Mode = 'python' | 'cpp' | 'csharp' | 'go' | 'rust' | 'java';

const MODES: Record<string, Mode> = {
  python: 'python',
  java: 'java',
  cpp: 'cpp',
  csharp: 'csharp',
  go: 'go',
  rust: 'rust',
};

/** What the lexer found left open: its kind, where it opens, and its row (0-based). */
interface UnclosedOpener {
  kind: 'bracket' | 'comment' | 'string';
  at: number;
  row: number;
}

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
  // Open brackets, innermost last.
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
    if (c === '`' && mode === 'go') {
      i = string(i, i + 1, '`', true, true);
      continue;
    }
    // Brackets (and any other code character).
    if (onBracket && '()[]{}'.includes(c)) onBracket(c, i);
    if (c === '(' || c === '[' || c === '{') stack.push({ c, at: i });
    else if (c === ')' || c === ']' || c === '}') {
      const want = c === ')' ? '(' : c === ']' ? '[' : '{';
      // A `}` closes the innermost block, and whatever
      // round or square bracket is still open inside it was never closed.
      // A `)` or `]` looks no further out than the innermost block: one that
      // has no opener there is stray.
      let k = stack.length - 1;
      while (k >= 0 && stack[k].c !== want && (c === '}' || stack[k].c !== '{')) k--;
      if (k >= 0 && stack[k].c !== want) k = -1;
      if (k >= 0) {
        // What lies above the match was never closed.
        for (let j = k + 1; j < stack.length; j++)
          if (stack[j].c === '(' || stack[j].c === '[') found.push({ kind: 'bracket', at: stack[j].at });
        stack.length = k;
      } // else a stray closer: nothing of it to set aside
    }
    i++;
  }
  for (const open of stack) if (open.c === '(' || open.c === '[') found.push({ kind: 'bracket', at: open.at });
  if (token >= 0) lastCode = Math.min(i, n) - 1;
  if (lastCode >= 0 && lineEnds[lineEnds.length - 1] !== lastCode) lineEnds.push(lastCode);
  return { found, lineEnds };
}
