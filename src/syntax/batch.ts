// The batch check behind `npm run validate`: JSON Lines in, one JSON line
// out per input line, in order. Each input line is
// {"language", "prefix", "completion", "suffix"}; each output line is the
// verdict {"valid", "checked", "errors", "ms", ...} or, for a line that is
// not such an object, {"line", "error"} saying what is wrong: the batch goes
// on either way. Blank lines are skipped. No streams or fs here: the script
// (scripts/validate-jsonl.ts) plugs them in.
import type { SyntaxRequest, SyntaxVerdict } from '../vocabulary/types';

interface BatchSummary {
  lines: number;
  checked: number;
  valid: number;
  invalid: number;
  unchecked: number;
  malformed: number;
}

export async function runBatch(
  lines: AsyncIterable<string>,
  validate: (req: SyntaxRequest) => Promise<SyntaxVerdict>,
  write: (line: string) => void,
): Promise<BatchSummary> {
  const s: BatchSummary = { lines: 0, checked: 0, valid: 0, invalid: 0, unchecked: 0, malformed: 0 };
  let n = 0;
  for await (const raw of lines) {
    n++;
    if (!raw.trim()) continue;
    s.lines++;
    const parsed = parseRequest(raw);
    if (typeof parsed === 'string') {
      s.malformed++;
      write(JSON.stringify({ line: n, error: `line ${n}: ${parsed}` }));
      continue;
    }
    const v = await validate(parsed);
    if (!v.checked) s.unchecked++;
    else if (v.valid) s.valid++;
    else s.invalid++;
    if (v.checked) s.checked++;
    write(
      JSON.stringify({
        valid: v.valid,
        checked: v.checked,
        errors: v.errors,
        ms: Number(v.ms.toFixed(3)),
        preexistingErrors: v.preexistingErrors,
        language: v.language,
        ...(v.uncheckedReason ? { uncheckedReason: v.uncheckedReason } : {}),
      }),
    );
  }
  return s;
}

/** The request on one line, or what is wrong with it. */
function parseRequest(raw: string): SyntaxRequest | string {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    return `not JSON (${(e as Error).message})`;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return 'expected a JSON object {"language", "prefix", "completion", "suffix"}';
  const o = value as Record<string, unknown>;
  const wrong = ['language', 'prefix', 'completion', 'suffix'].filter((k) => typeof o[k] !== 'string');
  if (wrong.length) return `${wrong.map((k) => `"${k}"`).join(', ')} ${wrong.length > 1 ? 'are' : 'is'} missing or not a string`;
  return { language: o.language as string, prefix: o.prefix as string, completion: o.completion as string, suffix: o.suffix as string };
}
