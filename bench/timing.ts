// `npm run bench timing`: when to ask for a completion, fixed 250 ms against
// the adaptive wait (src/completion/common/typing-pace.ts), on the typing replay
// (a real file retyped with human pauses) by three typists (keys ~90, ~150
// and ~300 ms apart) and three model latencies (a GPU, WASM on the 0.5B
// model with reuse, WASM without). Per combination: requests per minute of
// typing, the share the next key cancels (the model worked for nothing), and
// keystroke-to-ghost-text for the ones answered.
//
// The latency is a given per request, not a model run: what this measures is
// the policy against the replay's timing, which a model's speed does not
// change. No acceptance is modelled (nothing is ever taken), so the
// rejection rule is left out of both.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchSuite } from './suite';
import { typingReplay, type TypingReplay } from '../testing/completion/typing-replay';
import { TypingPace } from '../src/completion';
import { percentile } from './stats';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = join(REPO, 'node_modules', 'comlink', 'dist', 'esm', 'comlink.mjs');

export interface TimingOutcome {
  requestsPerMin: number;
  cancelledShare: number;
  ghostP50: number;
  answered: number;
}

/** Replays the keys against a wait policy and a fixed model latency. */
function simulate(replay: TypingReplay, waitMs: (keyAt: number) => number, latencyMs: number): TimingOutcome {
  let t = 0;
  let requests = 0;
  let cancelled = 0;
  const ghost: number[] = [];
  for (const step of replay.steps) {
    const wait = waitMs(t);
    if (step.gapMs >= wait) {
      requests++;
      if (step.gapMs < wait + latencyMs) cancelled++;
      else ghost.push(wait + latencyMs);
    }
    t += step.gapMs;
  }
  return {
    requestsPerMin: Math.round((requests / (t / 60000)) * 10) / 10,
    cancelledShare: Math.round((cancelled / Math.max(1, requests)) * 1000) / 1000,
    ghostP50: Math.round(percentile(ghost, 50)),
    answered: ghost.length,
  };
}

export const suite: BenchSuite = {
  name: 'timing',
  description:
    'fixed 250 ms vs adaptive wait before a request: requests/min, cancelled share, keystroke-to-ghost p50, on the typing replay',
  async run() {
    const source = readFileSync(SOURCE, 'utf8');
    const rows: Record<string, unknown>[] = [];
    for (const keyMedianMs of [90, 150, 300]) {
      for (const latencyMs of [150, 600, 1500]) {
        const out: Record<string, TimingOutcome> = {};
        for (const policy of ['fixed 250 ms', 'adaptive'] as const) {
          const runs: TimingOutcome[] = [];
          // Several seeds and blocks of the file: one replay is a few hundred keys.
          for (const seed of [1, 2, 3, 4]) {
            const replay = typingReplay(source, { seed, fromLine: 60 * seed, lines: 40, keyMedianMs });
            const pace = new TypingPace({ initialMs: 250 });
            const wait =
              policy === 'adaptive'
                ? (at: number) => {
                    pace.keystroke(at);
                    return pace.delayMs();
                  }
                : () => 250;
            runs.push(simulate(replay, wait, latencyMs));
          }
          const mean = (f: (o: TimingOutcome) => number) => Math.round((runs.reduce((a, o) => a + f(o), 0) / runs.length) * 1000) / 1000;
          out[policy] = {
            requestsPerMin: mean((o) => o.requestsPerMin),
            cancelledShare: mean((o) => o.cancelledShare),
            ghostP50: Math.round(mean((o) => o.ghostP50)),
            answered: mean((o) => o.answered),
          };
        }
        rows.push({ keyMedianMs, latencyMs, ...out });
      }
    }
    console.log('| typist (key gap) | model latency | policy | requests/min | cancelled | ghost p50 (ms) |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const r of rows) {
      for (const policy of ['fixed 250 ms', 'adaptive']) {
        const o = r[policy] as TimingOutcome;
        console.log(
          `| ~${r.keyMedianMs} ms | ${r.latencyMs} ms | ${policy} | ${o.requestsPerMin} | ${(o.cancelledShare * 100).toFixed(0)}% | ${o.ghostP50} |`,
        );
      }
    }
    return { rows };
  },
};
