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

/** Every bracket in code, in text order, to `onBracket`; undefined for a language it does not know. */
export function referenceBrackets(text: string, language: string, onBracket: (c: string, at: number) => void): true | undefined {
  const mode = MODES[language];
  if (!mode) return undefined;
  const n = text.length;
  const cFamily = mode !== 'python';
  let i = 0;
  /** A string whose body starts at `from`: to `close` (escapes with `\` unless `raw`), ending at a line break unless `multiLine`. */
  const string = (from: number, close: string, multiLine: boolean, raw = false): number => {
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
      if (ch === '\n' && !multiLine) return k;
      k++;
    }
    return n;
  };
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    // Comments.
    if (mode === 'python' ? c === '#' : c === '/' && next === '/') {
      const eol = text.indexOf('\n', i);
      i = eol < 0 ? n : eol;
      continue;
    }
    // C++ preprocessor lines (with their continuations): a macro's body
    // may hold a lone bracket (`#define LP (`).
    if (mode === 'cpp' && c === '#' && /^[ \t]*$/.test(text.slice(text.lastIndexOf('\n', i - 1) + 1, i))) {
      let eol = text.indexOf('\n', i);
      while (eol > 0 && /\\\r?$/.test(text.slice(eol - 2, eol))) eol = text.indexOf('\n', eol + 1);
      i = eol < 0 ? n : eol;
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
      i = k;
      continue;
    }
    // Strings.
    if (mode === 'python' && (c === '"' || c === "'")) {
      const triple = text.startsWith(c.repeat(3), i);
      i = triple ? string(i + 3, c.repeat(3), true) : string(i + 1, c, false);
      continue;
    }
    if (c === '"') {
      if ((mode === 'java' || mode === 'csharp') && text.startsWith('"""', i)) {
        i = string(i + 3, '"""', true, mode === 'csharp');
        continue;
      }
      if (mode === 'cpp' && /(?:^|[^\w])(?:u8|u|U|L)?R$/.test(text.slice(Math.max(0, i - 3), i))) {
        const open = text.indexOf('(', i);
        const delim = open < 0 ? '' : text.slice(i + 1, open);
        if (open >= 0 && delim.length <= 16 && !/[\s\\)]/.test(delim)) {
          i = string(open + 1, `)${delim}"`, true, true);
          continue;
        }
      }
      if (mode === 'csharp' && (text[i - 1] === '@' || (text[i - 1] === '$' && text[i - 2] === '@'))) {
        i = string(i + 1, '"', true, true);
        continue;
      }
      if (mode === 'rust') {
        const raw = /(?:^|[^\w])b?r(#*)$/.exec(text.slice(Math.max(0, i - 20), i));
        i = raw ? string(i + 1, `"${raw[1]}`, true, true) : string(i + 1, '"', true);
        continue;
      }
      i = string(i + 1, '"', false);
      continue;
    }
    if (c === "'") {
      if (mode === 'rust') {
        // A character literal ('a', '\n', '\u{1F600}'); anything else is a lifetime or a label.
        const ch = /^'(?:\\(?:u\{[0-9a-fA-F]{1,6}\}|x[0-9a-fA-F]{2}|.)|[^\\'\n])'/.exec(text.slice(i, i + 12));
        i += ch ? ch[0].length : 1;
        continue;
      }
      if (mode === 'cpp' && /(?:^|[^\w'])[0-9][\w']*$/.test(text.slice(Math.max(0, i - 24), i))) {
        i++; // a digit separator: 1'000'000
        continue;
      }
      i = string(i + 1, "'", false);
      continue;
    }
    if (c === '`' && mode === 'go') {
      i = string(i + 1, '`', true, true);
      continue;
    }
    // Brackets (and any other code character).
    if ('()[]{}'.includes(c)) onBracket(c, i);
    i++;
  }
  return true;
}
