// Early escalation: how many local decoding steps and how much latency it
// saves, on the designed fixtures and on the real-architecture random-weight
// model, measured side by side (on/off interleaved) in one run; first, the
// bracket check's own per-step cost (early-escalation/step-cost.ts) and the
// early-stop criteria's (early-escalation/criteria-cost.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFixtureModels } from '../testing/make-fixture-models';
import { runCompletion, type CompletionResult, type PipelinePorts } from '../src/completion';
import type { Aggregation, RouterConfig } from '../src/vocabulary';
import { DEFAULT_CONFIG } from '../src/config';
import { localModelPort, loadLocalModel } from '../src/completion';
import { egressVerdict } from '../src/privacy';
import { createNodeValidator } from '../src/syntax';
import { criteriaCost } from './early-escalation/criteria-cost';
import { stepCost } from './early-escalation/step-cost';
import type { BenchSuite } from './suite';
import { fmtMs, median, summarize } from './stats';

const REPS = Number(process.env.EARLY_BENCH_REPS ?? 7);
const MAX_NEW_TOKENS = 32;
const CONTEXTS = [
  { prefix: 'def add(a, b):\n    return ', suffix: '\n\nprint(add(1, 2))\n', language: 'python' },
  { prefix: 'def total(xs):\n    s = 0\n    for x in xs:\n        s += ', suffix: '\n    return s\n', language: 'python' },
  { prefix: 'int add(int a, int b) {\n  return ', suffix: ';\n}\n', language: 'cpp' },
];

export interface Row {
  model: string;
  aggregation: Aggregation;
  stepsOff: number;
  stepsOn: number;
  msOff: number;
  msOn: number;
  earlyShare: number;
}

async function measure(model: string, root: string, aggregation: Aggregation): Promise<Row> {
  const lm = await loadLocalModel({ model, source: { kind: 'bundled', root }, device: 'cpu' });
  const ports: PipelinePorts = { local: localModelPort(lm, 'qwen2.5-coder'), syntax: createNodeValidator() };
  // No endpoint: the escalation itself is not timed, only the local work before it.
  const egress = egressVerdict({ privacy: DEFAULT_CONFIG.privacy, endpoint: null });
  const router: RouterConfig = { policy: 'syntax+confidence', threshold: 0.5, aggregation };
  const run = (early: boolean, i: number): Promise<CompletionResult> =>
    runCompletion(
      { ...CONTEXTS[i % CONTEXTS.length], maxNewTokens: MAX_NEW_TOKENS, earlyEscalation: early },
      router,
      egress,
      ports,
      new AbortController().signal,
    );
  await run(false, 0); // warm-up
  const off: CompletionResult[] = [];
  const on: CompletionResult[] = [];
  for (let i = 0; i < REPS * CONTEXTS.length; i++) {
    off.push(await run(false, i));
    on.push(await run(true, i));
  }
  await lm.dispose();
  const steps = (rs: CompletionResult[]) => median(rs.map((r) => r.local.tokens.length));
  const ms = (rs: CompletionResult[]) => summarize(rs.map((r) => r.local.ms)).p50;
  return {
    model,
    aggregation,
    stepsOff: steps(off),
    stepsOn: steps(on),
    msOff: ms(off),
    msOn: ms(on),
    earlyShare: on.filter((r) => r.local.finish === 'early').length / on.length,
  };
}

export const suite: BenchSuite = {
  name: 'early-escalation',
  description: `the bracket check's per-step cost (whole-prefix re-lex vs incremental), the early-stop criteria's (every prefix re-decoded vs incremental), then local decoding steps and latency with early escalation on vs off (syntax+confidence, threshold 0.5, ${MAX_NEW_TOKENS} new tokens max, p50 over ${REPS} x ${CONTEXTS.length} contexts)`,
  async run() {
    const perStep = stepCost();
    const root = mkdtempSync(join(tmpdir(), 'early-bench-'));
    try {
      await writeFixtureModels(root);
      const criteria = await criteriaCost(root);
      const rows: Row[] = [];
      for (const model of ['fixture-uncertain', 'fixture-invalid', 'fixture-qwen2-tiny']) {
        for (const aggregation of ['min', 'mean'] as const) rows.push(await measure(model, root, aggregation));
      }
      console.log('| model | aggregation | stopped early | steps off → on | local p50 off → on | saved |');
      console.log('| --- | --- | --- | --- | --- | --- |');
      for (const r of rows) {
        console.log(
          `| ${r.model} | ${r.aggregation} | ${(r.earlyShare * 100).toFixed(0)}% | ${r.stepsOff} → ${r.stepsOn} | ${fmtMs(r.msOff)} → ${fmtMs(r.msOn)} | ${((1 - r.msOn / r.msOff) * 100).toFixed(0)}% |`,
        );
      }
      return { perStep, criteria, rows };
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  },
};
