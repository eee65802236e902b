// The per-step cost of the early-stop criteria that transformers.js calls
// after every generated token: the original, which decoded every prefix of
// the generated ids on every step (O(n²) token decodes at step n; kept as
// testing/completion/early-stop-redecode.ts), against the incremental one
// (TokenTexts over a short decode window). Both are driven the way
// generate() drives them (a growing row of ids, prompt first) with the
// fixture-qwen2-tiny tokenizer (byte-level, one token per byte) and the real
// early-escalation check; interleaved in one run, medians.
import { AutoTokenizer, env, type PreTrainedTokenizer } from '@huggingface/transformers';
import { DEFAULT_REAL_ARCH } from '../../testing/fixture-models/real-arch';
import { EOS_TOKEN, specialTokenId } from '../../testing/fixture-models/tokenizer';
import {
  earlyEscalationCheck,
  EarlyStopCriteria,
  type EarlyStopCheck,
  type ProbRecorder,
  decodesByWindow,
  prefixDecoder,
  TokenTexts,
} from '../../src/completion';
import { buildFimPrompt } from '../../src/vocabulary';
import { RedecodeEarlyStopCriteria, redecodeTokenTexts } from '../../testing/completion/early-stop-redecode';
import { fmtMs, median } from '../stats';

const REPS = Number(process.env.EARLY_CRITERIA_REPS ?? 10);
const MAX_TOKENS = 256;
/** Where the per-step figure is read: the step that generates the n-th token. */
const AT = [32, 256];
/** Steps averaged around each point (a single step is near the timer's resolution). */
const SPREAD = 4;

const PREFIX = 'def describe(items):\n    """Summarise items."""\n';
// Code with multi-byte characters, so characters are split across the one-byte tokens.
const LINE = '    s += f"{name}: {count} é"  # 中文 😀\n';

/** fmtMs, with the fractions of a microsecond. */
const fmt = (ms: number) => (ms < 0.01 ? `${(ms * 1000).toFixed(2)} µs` : fmtMs(ms));

export interface CriteriaCostRow {
  /** Generated tokens so far. */
  tokens: number;
  /** Median cost of the step that generates the `tokens`-th token (mean of the SPREAD steps ending there), ms. */
  redecodeStepMs: number;
  incrementalStepMs: number;
  /** The same with a check that does nothing: the criteria's own cost (the check is the same code in both), ms. */
  incrementalOwnStepMs: number;
  /** Median cost of all steps of a `tokens`-token request, ms. */
  redecodeRequestMs: number;
  incrementalRequestMs: number;
}

type Make = (check: EarlyStopCheck, recorder: ProbRecorder, promptLength: number) => { _call(ids: bigint[][]): boolean[] };

/** A recorder whose probabilities (0.8 to 0.95) depend only on the ids: never low enough to stop. */
function recorder(): ProbRecorder {
  const probs: number[] = [];
  return {
    probs,
    resolve: (id) => {
      probs.push(0.8 + (id % 4) * 0.05);
    },
  };
}

/** One request: per-step times (ms) and the last text the check saw. */
function request(make: Make, prompt: readonly number[], completion: readonly number[], withCheck = true): { ms: number[]; text: string } {
  const real = earlyEscalationCheck({
    router: { policy: 'syntax+confidence', threshold: 0.5, aggregation: 'mean' },
    language: 'python',
    prefix: PREFIX,
    maxNewTokens: MAX_TOKENS,
  })!;
  const inner: EarlyStopCheck = withCheck ? real : () => undefined;
  let text = '';
  const check: EarlyStopCheck = (p) => {
    text = p.text;
    return inner(p);
  };
  const criteria = make(check, recorder(), prompt.length);
  const row = prompt.map(BigInt);
  const ms: number[] = [];
  for (const id of completion) {
    row.push(BigInt(id));
    const t0 = performance.now();
    const stop = criteria._call([row])[0];
    ms.push(performance.now() - t0);
    if (stop) throw new Error('the bench completion must never stop early');
  }
  return { ms, text };
}

function measure(tokenizer: PreTrainedTokenizer): CriteriaCostRow[] {
  const decode = (ids: number[]) => tokenizer.decode(ids, { skip_special_tokens: true });
  const eos = [specialTokenId(EOS_TOKEN)];
  const redecode: Make = (check, rec, n) => new RedecodeEarlyStopCriteria(check, rec, n, eos, (ids) => redecodeTokenTexts(decode, ids));
  const incremental: Make = (check, rec, n) =>
    new EarlyStopCriteria(check, rec, n, eos, new TokenTexts(prefixDecoder(decode, decodesByWindow(tokenizer))));

  const prompt = tokenizer.encode(buildFimPrompt('qwen2.5-coder', PREFIX, '\n    return s\n'));
  const completion = tokenizer.encode(LINE.repeat(Math.ceil(MAX_TOKENS / LINE.length)), { add_special_tokens: false }).slice(0, MAX_TOKENS);
  const before: number[][] = [];
  const after: number[][] = [];
  const own: number[][] = [];
  for (let r = 0; r < REPS + 1; r++) {
    const a = request(redecode, prompt, completion);
    const b = request(incremental, prompt, completion);
    const c = request(incremental, prompt, completion, false);
    if (a.text !== b.text || b.text !== c.text) throw new Error('the incremental criteria saw a different text');
    if (r === 0) continue; // warm-up
    before.push(a.ms);
    after.push(b.ms);
    own.push(c.ms);
  }
  const step = (runs: number[][], n: number) => median(runs.map((ms) => ms.slice(n - SPREAD, n).reduce((x, y) => x + y, 0) / SPREAD));
  const total = (runs: number[][], n: number) => median(runs.map((ms) => ms.slice(0, n).reduce((x, y) => x + y, 0)));
  return AT.map((n) => ({
    tokens: n,
    redecodeStepMs: step(before, n),
    incrementalStepMs: step(after, n),
    incrementalOwnStepMs: step(own, n),
    redecodeRequestMs: total(before, n),
    incrementalRequestMs: total(after, n),
  }));
}

/** `root` holds the generated fixtures (writeFixtureModels). */
export async function criteriaCost(root: string): Promise<CriteriaCostRow[]> {
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = `${root}/`;
  const rows = measure(await AutoTokenizer.from_pretrained(DEFAULT_REAL_ARCH.name));
  console.log(
    `Early-stop criteria per decoding step (${DEFAULT_REAL_ARCH.name} tokenizer, one token per byte, with the early-escalation check), medians over ${REPS} requests:\n`,
  );
  console.log(
    '| generated tokens | step: re-decode every prefix (before) | step: incremental (after) | ratio | after, without the check | request of that many tokens, before → after |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(
      `| ${r.tokens} | ${fmt(r.redecodeStepMs)} | ${fmt(r.incrementalStepMs)} | ${(r.redecodeStepMs / r.incrementalStepMs).toFixed(0)}x | ${fmt(r.incrementalOwnStepMs)} | ${fmt(r.redecodeRequestMs)} → ${fmt(r.incrementalRequestMs)} |`,
    );
  }
  console.log('');
  return rows;
}
