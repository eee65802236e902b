// What the judge says about one candidate middle.

export type FailReason =
  | 'wrong_answer' // ran, wrong output / a failed assertion
  | 'compile_error' // did not compile (Python: SyntaxError)
  | 'runtime_error' // crashed
  | 'time_limit'
  | 'memory_limit'
  | 'output_limit' // printed more than the cap
  | 'no_match' // SAFIM api: does not match the reference call
  | 'no_runtime' // the tests cannot run here: interpreter/compiler missing
  | 'harness_error'; // our fault (spawn failure ...): reported, never counted as the model's

export type Reason = 'passed' | 'exact_match' | FailReason;

export interface Verdict {
  pass: boolean;
  reason: Reason;
  /** One line to show in lists of failures (stderr tail, diff, the missing tool). */
  detail: string;
  ms: number;
  /** Tests run and passed (stdin/stdout tasks). */
  tests?: { passed: number; run: number; total: number };
}

export function tail(s: string, max = 300): string {
  const t = s.trim().split('\n').slice(-4).join(' | ');
  return t.length > max ? `…${t.slice(-max)}` : t;
}
