// The secret guard runs on every escalation, over the whole prefix and suffix:
// target under 20 ms for 1 MB. Real code (this repository's sources, repeated
// to size) with a few credentials in it; the preset and our own detectors are
// also timed alone, side by side, so a slow rule shows where it lives.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SECRET_SAMPLES } from '../src/privacy/secret-corpus';
import { guardOutgoing, ownFindings, secretlintFindings } from '../src/privacy/secret-guard';
import type { BenchSuite } from './index';
import { fmtMs, summarize } from './stats';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPS = Number(process.env.SECRET_BENCH_REPS ?? 21);
const TARGET_MS = 20;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [readFileSync(join(dir, e.name), 'utf8')] : []);
}

/** `bytes` of real code with a credential every ~64 KB. */
function realCode(bytes: number): string {
  const files = sources(join(REPO, 'src'));
  let out = '';
  for (let i = 0; out.length < bytes; i++) {
    out += files[i % files.length];
    if (i % 8 === 0) out += SECRET_SAMPLES[i % SECRET_SAMPLES.length].text;
  }
  return out.slice(0, bytes);
}

async function time(fn: () => Promise<unknown> | unknown): Promise<number[]> {
  await fn(); // warm: regex compilation, JIT
  const ms: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return ms;
}

export const suite: BenchSuite = {
  name: 'secret-guard',
  description: `guardOutgoing on a 1 MB prefix+suffix of real code, ${REPS} reps (target < ${TARGET_MS} ms)`,
  async run() {
    const text = realCode(1_000_000);
    const prefix = text.slice(0, 700_000);
    const suffix = text.slice(700_000);
    const whole = summarize(await time(() => guardOutgoing(prefix, suffix, 'redact')));
    const preset = summarize(await time(() => secretlintFindings(text)));
    const own = summarize(await time(() => ownFindings(text)));
    const findings = (await guardOutgoing(prefix, suffix, 'block')).findings.length;
    console.log('| part | median | p95 | share of whole |\n| --- | --- | --- | --- |');
    for (const [name, s] of [['guardOutgoing (all)', whole], ['secretlint preset', preset], ['own detectors', own]] as const) {
      console.log(`| ${name} | ${fmtMs(s.p50)} | ${fmtMs(s.p95)} | ${(s.p50 / whole.p50).toFixed(2)} |`);
    }
    console.log(`\n${findings} findings in 1 MB; median ${fmtMs(whole.p50)}: ${whole.p50 < TARGET_MS ? 'within' : 'OVER'} the ${TARGET_MS} ms target`);
    return { bytes: text.length, findings, targetMs: TARGET_MS, whole, preset, own };
  },
};
