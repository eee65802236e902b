// A reader for the Python literals SAFIM stores in `unit_tests` when that
// field is a string (`"[{'input': '1 2', 'output': ['3']}]"`): strings (any
// quoting, escapes, r/b/u prefixes), lists, tuples, dicts, numbers, None,
// True, False. Just enough of `ast.literal_eval`, so loading needs no python3.

class PyLiteralError extends Error {}

export function parsePyLiteral(src: string): unknown {
  let i = 0;
  const fail = (what: string): never => {
    throw new PyLiteralError(`${what} at offset ${i}: ${JSON.stringify(src.slice(i, i + 20))}`);
  };
  const ws = () => {
    while (i < src.length && /\s/.test(src[i])) i++;
  };

  function str(): string {
    let raw = false;
    while (/[rRbBuU]/.test(src[i])) {
      if (src[i] === 'r' || src[i] === 'R') raw = true;
      i++;
    }
    const q = src[i];
    if (q !== '"' && q !== "'") fail('expected a string');
    const triple = src.startsWith(q.repeat(3), i);
    const close = triple ? q.repeat(3) : q;
    i += close.length;
    let out = '';
    for (;;) {
      if (i >= src.length) fail('unterminated string');
      if (src.startsWith(close, i)) {
        i += close.length;
        return out;
      }
      const c = src[i++];
      if (c !== '\\') {
        out += c;
        continue;
      }
      const e = src[i++];
      if (raw) {
        out += `\\${e}`;
        continue;
      }
      const simple: Record<string, string> = {
        n: '\n',
        t: '\t',
        r: '\r',
        '\\': '\\',
        "'": "'",
        '"': '"',
        a: '\x07',
        b: '\b',
        f: '\f',
        v: '\v',
        '0': '\0',
        '\n': '',
      };
      if (e in simple) out += simple[e];
      else if (e === 'x') {
        out += String.fromCharCode(parseInt(src.slice(i, i + 2), 16));
        i += 2;
      } else if (e === 'u') {
        out += String.fromCharCode(parseInt(src.slice(i, i + 4), 16));
        i += 4;
      } else if (e === 'U') {
        out += String.fromCodePoint(parseInt(src.slice(i, i + 8), 16));
        i += 8;
      } else out += `\\${e}`; // Python keeps unknown escapes verbatim
    }
  }

  function seq(close: string): unknown[] {
    const items: unknown[] = [];
    for (;;) {
      ws();
      if (src[i] === close) {
        i++;
        return items;
      }
      items.push(value());
      ws();
      if (src[i] === ',') i++;
      else if (src[i] !== close) fail(`expected , or ${close}`);
    }
  }

  function value(): unknown {
    ws();
    const c = src[i];
    if (c === '[') {
      i++;
      return seq(']');
    }
    if (c === '(') {
      i++;
      return seq(')');
    }
    if (c === '{') {
      i++;
      const obj: Record<string, unknown> = {};
      for (;;) {
        ws();
        if (src[i] === '}') {
          i++;
          return obj;
        }
        const k = value();
        ws();
        if (src[i++] !== ':') fail('expected :');
        obj[String(k)] = value();
        ws();
        if (src[i] === ',') i++;
        else if (src[i] !== '}') fail('expected , or }');
      }
    }
    if (
      c === '"' ||
      c === "'" ||
      (/[rRbBuU]/.test(c ?? '') && /["']/.test(src[i + 1] ?? '')) ||
      (/[rRbBuU]{2}/.test(src.slice(i, i + 2)) && /["']/.test(src[i + 2] ?? ''))
    ) {
      // Adjacent literals concatenate, as in Python.
      let s = str();
      for (;;) {
        const save = i;
        ws();
        if (src[i] === '"' || src[i] === "'") s += str();
        else {
          i = save;
          return s;
        }
      }
    }
    const word = /^(None|True|False|-?(?:\d[\d_]*\.?\d*(?:[eE][-+]?\d+)?|\.\d+))/.exec(src.slice(i));
    if (!word) return fail('unexpected input');
    i += word[0].length;
    if (word[0] === 'None') return null;
    if (word[0] === 'True') return true;
    if (word[0] === 'False') return false;
    return Number(word[0].replace(/_/g, ''));
  }

  const v = value();
  ws();
  if (i !== src.length) fail('trailing input');
  return v;
}
