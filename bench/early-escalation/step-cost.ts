// The per-step cost of early escalation's bracket check with a long,
// windowed prefix: the original whole-text re-lex on every step (before)
// versus the resumable scanner, which lexes the prefix once per request and
// then only what each step adds (after). Interleaved in one run, medians.
import { BracketScanner } from '../../src/completion';
import { relexFirstUnrepairableBracket } from '../../testing/completion/bracket-relex';
import { fmtMs, median } from '../stats';

/** fmtMs, but with the fractions of a microsecond an incremental step takes. */
const fmt = (ms: number) => (ms < 0.01 ? `${(ms * 1000).toFixed(2)} µs` : fmtMs(ms));

const REPS = Number(process.env.EARLY_STEP_REPS ?? 40);
/** ~4 characters a token with the Qwen tokenizer: about a 4,000-token window. */
const PREFIX_CHARS = 16_000;

// Code dense in what the lexer must read: strings, docstrings, comments and brackets inside them.
const BLOCKS: Record<string, { block: (i: number) => string; tail: string; completion: string }> = {
  python: {
    block: (i) => `def handler_${i}(request, *args, **kwargs):
    """Handle request ${i} (see the docs) [v2]."""
    data = {"id": ${i}, "tags": ["a", "b(", 'c]'], "nested": {"x": (1, 2)}}
    # a comment with brackets ( [ {
    result = [f(x) for x in data["tags"] if x not in ("(", ")")]
    return process(data, result, key=lambda k: k[0])

`,
    tail: 'def add(a, b):\n    return ',
    completion: 'sum([a, b], start=0) if isinstance(a, (int, float)) else f"{a}({b})"  # no ] here\n',
  },
  cpp: {
    block: (i) => `int handler_${i}(const Request& req, std::vector<int> v) {
  /* handle request ${i} (see the docs) [v2] */
  std::map<std::string, int> data = {{"id", ${i}}, {"b(", 2}};
  char open = '(', close = ']'; // brackets in a comment ( [ {
  for (int k = 0; k < v.size(); k++) { v[k] = f(v[k], "x)"); }
  return process(data, v[0]);
}

`,
    tail: 'int add(int a, int b) {\n  return ',
    completion: 'std::accumulate(v.begin(), v.end(), a + b) /* ] */ + g(\'[\', "(") ;\n',
  },
};

/** A prefix of about PREFIX_CHARS characters, cut at a line start as windowing does. */
function longPrefix(lang: string): string {
  const { block, tail } = BLOCKS[lang];
  let body = '';
  for (let i = 0; body.length < PREFIX_CHARS; i++) body += block(i);
  const cut = body.indexOf('\n', body.length - PREFIX_CHARS + tail.length);
  return body.slice(cut + 1) + tail;
}

/** The completion as the decoder delivers it: the text so far after each ~4-character token. */
function steps(completion: string): string[] {
  const out: string[] = [];
  for (let e = 4; e < completion.length + 4; e += 4) out.push(completion.slice(0, Math.min(e, completion.length)));
  return out;
}

export interface StepCostRow {
  language: string;
  prefixChars: number;
  steps: number;
  /** Median per-step cost of the original check (whole prefix + text re-lexed each step), ms. */
  relexStepMs: number;
  /** Median per-step cost of the scanner after its first step (only the added text is lexed), ms. */
  incrementalStepMs: number;
  /** Median cost of the scanner's first step, which lexes the prefix once, ms. */
  firstStepMs: number;
  /** Median whole-request cost, all steps, ms. */
  relexRequestMs: number;
  incrementalRequestMs: number;
}

function measure(language: string): StepCostRow {
  const prefix = longPrefix(language);
  const texts = steps(BLOCKS[language].completion);
  // Both must agree, and the completion must never stop early, so every step is checked.
  for (const t of texts)
    if (relexFirstUnrepairableBracket(language, prefix, t)) throw new Error(`${language}: bench completion has a mismatch`);
  const relex: number[] = [];
  const first: number[] = [];
  const rest: number[] = [];
  for (let r = 0; r < REPS + 2; r++) {
    const t0 = performance.now();
    for (const t of texts) relexFirstUnrepairableBracket(language, prefix, t);
    const t1 = performance.now();
    const scanner = BracketScanner.forPrefix(language, prefix)!;
    if (scanner.check(texts[0])) throw new Error('scanner disagrees');
    const t2 = performance.now();
    for (let i = 1; i < texts.length; i++) if (scanner.check(texts[i])) throw new Error('scanner disagrees');
    const t3 = performance.now();
    if (r < 2) continue; // warm-up
    relex.push(t1 - t0);
    first.push(t2 - t1);
    rest.push(t3 - t2);
  }
  const n = texts.length;
  return {
    language,
    prefixChars: prefix.length,
    steps: n,
    relexStepMs: median(relex) / n,
    incrementalStepMs: median(rest) / (n - 1),
    firstStepMs: median(first),
    relexRequestMs: median(relex),
    incrementalRequestMs: median(first.map((f, i) => f + rest[i])),
  };
}

export function stepCost(): StepCostRow[] {
  const rows = Object.keys(BLOCKS).map(measure);
  console.log(
    `Bracket check per decoding step, ~${PREFIX_CHARS.toLocaleString('en')}-character (~4,000-token) prefix, medians over ${REPS} requests:\n`,
  );
  console.log(
    '| language | prefix chars | steps | per step: re-lex (before) | per step: incremental (after) | ratio | first step (lexes prefix once) | per request before → after |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(
      `| ${r.language} | ${r.prefixChars} | ${r.steps} | ${fmt(r.relexStepMs)} | ${fmt(r.incrementalStepMs)} | ${(r.relexStepMs / r.incrementalStepMs).toFixed(0)}x | ${fmt(r.firstStepMs)} | ${fmt(r.relexRequestMs)} → ${fmt(r.incrementalRequestMs)} |`,
    );
  }
  console.log('');
  return rows;
}
