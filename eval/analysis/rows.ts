// Stored outputs -> one row per task for the routing simulation: what the
// local model produced (its probabilities, syntax verdict, pass/fail) and
// whether the large model passed the same task. Without a large-model run
// the large model is taken as an oracle (always right) and the report says so.
import type { TokenProb, SyntaxVerdict } from '../../src/vocabulary';
import type { SemanticVerdict } from '../../src/semantic';
import type { OutputRecord } from '../run/record';

export interface SimRow {
  key: string;
  group: string;
  language: string;
  localPass: boolean;
  /** The app's router inputs, rebuilt from the record. */
  tokens: TokenProb[];
  syntax: SyntaxVerdict;
  /** Absent for records made before the semantic check (the semantic policy then says "not checked"). */
  semantic?: SemanticVerdict;
  localMs: number;
  largePass: boolean;
  largeMs: number;
}

export interface SimInput {
  rows: SimRow[];
  /** true when no large-model records were given (escalations count as passes). */
  largeIsOracle: boolean;
  /** Local tasks with no large record (counted as large failures). */
  missingLarge: number;
}

/** HumanEval/<n> spans share a problem: group them for held-out splits. */
function groupOf(r: Pick<OutputRecord, 'key' | 'benchmark' | 'task_id'>): string {
  if (r.benchmark === 'humaneval') return `humaneval/${r.task_id.split('/').slice(1, 3).join('/')}`;
  return r.key;
}

function syntaxVerdictOf(r: OutputRecord): SyntaxVerdict {
  return {
    checked: r.syntax.checked,
    valid: r.syntax.valid,
    // Only the count matters to the router; the details stay in the record.
    errors: Array.from({ length: r.syntax.errors }, () => ({ kind: 'error' as const, row: 0, column: 0, detail: r.syntax.first ?? '' })),
    preexistingErrors: 0,
    ms: r.syntax.ms,
    language: r.language,
  };
}

function semanticVerdictOf(r: OutputRecord): SemanticVerdict | undefined {
  const s = r.semantic;
  if (!s) return undefined;
  const names = s.names ?? [];
  return {
    language: r.language,
    checked: s.checked,
    ...(s.reason && { uncheckedReason: s.reason }),
    checks: s.checked ? ['names'] : [],
    ms: s.ms,
    // Only the count and the names matter to the router; the details stay in the record.
    findings: Array.from({ length: s.findings }, (_, i) => ({
      kind: 'unresolved-name' as const,
      name: names[i] ?? names[0] ?? '',
      row: 0,
      column: 0,
      detail: '',
    })),
  };
}

export function buildRows(local: readonly OutputRecord[], large?: readonly OutputRecord[]): SimInput {
  const largeByKey = new Map((large ?? []).map((r) => [r.key, r]));
  let missingLarge = 0;
  const rows = local.map((r): SimRow => {
    const l = largeByKey.get(r.key);
    if (large && !l) missingLarge++;
    return {
      key: r.key,
      group: groupOf(r),
      language: r.language,
      localPass: r.pass,
      tokens: (r.token_probs ?? []).map((prob, i) => ({ id: i, text: r.tokens?.[i] ?? '', prob })),
      syntax: syntaxVerdictOf(r),
      ...(r.semantic && { semantic: semanticVerdictOf(r) }),
      localMs: r.timings.generate_ms + r.timings.syntax_ms,
      largePass: large ? Boolean(l?.pass) : true,
      largeMs: l?.timings.generate_ms ?? 0,
    };
  });
  return { rows, largeIsOracle: !large, missingLarge };
}
