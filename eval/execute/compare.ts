// Output comparison as SAFIM's executor (ExecEval, execution_engine.py
// `validate_outputs`) does it: first line by line with each line stripped;
// failing that, whitespace-separated tokens: numbers equal within 1e-12,
// yes/no/true/false case-insensitive, anything else exactly. Any of the
// test's expected outputs may match. The program's stdout is stripped first.

const CASELESS = new Set(['yes', 'no', 'true', 'false']);
const PRECISION = 1e-12;

/** A token Python's gmpy2.mpfr would read as a number (decimal, exponent, inf/nan). */
function asNumber(tok: string): number | undefined {
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$|^[-+]?(inf|infinity|nan)$/i.test(tok)) return undefined;
  return Number(tok.replace(/^([-+]?)inf(inity)?$/i, '$1Infinity'));
}

function linesMatch(a: string, b: string): boolean {
  const la = a.trim().split('\n');
  const lb = b.trim().split('\n');
  return la.length === lb.length && la.every((l, i) => l.trim() === lb[i].trim());
}

function tokensMatch(a: string, b: string): boolean {
  const ta = a.trim().split(/\s+/).filter(Boolean);
  const tb = b.trim().split(/\s+/).filter(Boolean);
  if (ta.length !== tb.length) return false;
  return ta.every((x, i) => {
    const y = tb[i];
    const nx = asNumber(x);
    const ny = asNumber(y);
    if (nx !== undefined && ny !== undefined) return nx === ny || Math.abs(nx - ny) <= PRECISION;
    const cx = CASELESS.has(x.toLowerCase()) ? x.toLowerCase() : x;
    const cy = CASELESS.has(y.toLowerCase()) ? y.toLowerCase() : y;
    return cx === cy;
  });
}

function outputsMatch(expected: string, actual: string): boolean {
  return linesMatch(expected, actual) || tokensMatch(expected, actual);
}

export function anyOutputMatches(expected: readonly string[], actual: string): boolean {
  const got = actual.replace(/\r\n/g, '\n').trim();
  return expected.some((e) => outputsMatch(e.replace(/\r\n/g, '\n'), got));
}
