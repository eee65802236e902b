// `npm run bench extent`: how the rest-of-line / block decision
// (src/completion/common/extent.ts) splits the HumanEval infilling sets, and what
// the line stop saves. Each task twice: as the benchmark has it (the hole
// starts at a line's start), and "mid-line": the cursor after half of the
// middle's first line, as if the person had typed that much. No model: the
// benchmark's own middle stands in for what a model that knows the answer
// writes, so "not generated" is the middle's tokens after its first line
// that a line request does not ask for (the next request, after Enter, does),
// and "cut short" counts middles of more than one line ended after the first.
import { existsSync } from 'node:fs';
import type { BenchSuite } from './suite';
import { completionExtent } from '../src/completion';
import { loadBenchmarkFile, resolveBenchmarkPath } from '../eval/data/load';

/** One set and variant: how the decision split its tasks and what the line stop left ungenerated. */
export interface ExtentRow {
  tasks: number;
  line: number;
  block: number;
  middleTokens: number;
  savedTokens: number;
  cutShort: number;
}

/** Tokens of a text: the 0.5B twin's Qwen-type tokenizer when it exists, else a 4-bytes-a-token estimate. */
export async function tokenCounter(): Promise<{ count: (t: string) => number; what: string }> {
  try {
    const { AutoTokenizer, env } = await import('@huggingface/transformers');
    const { DEFAULT_TWINS_DIR } = await import('../testing/fixture-models/twins');
    if (!existsSync(`${DEFAULT_TWINS_DIR}/twin-qwen2.5-coder-0.5b/tokenizer.json`)) throw new Error('no twin');
    env.allowLocalModels = true;
    env.allowRemoteModels = false;
    env.localModelPath = `${DEFAULT_TWINS_DIR}/`;
    const tok = await AutoTokenizer.from_pretrained('twin-qwen2.5-coder-0.5b');
    return { count: (t) => tok.encode(t, { add_special_tokens: false }).length, what: 'Qwen-type twin tokenizer' };
  } catch {
    return { count: (t) => Math.ceil(Buffer.byteLength(t) / 4), what: 'estimate: 4 bytes a token (make the twin for real counts)' };
  }
}

export const suite: BenchSuite = {
  name: 'extent',
  description: 'rest-of-line vs block decisions on HumanEval single- and multi-line infilling, tokens the line stop saves',
  async run() {
    const tokens = await tokenCounter();
    const out: Record<string, unknown> = { tokenizer: tokens.what };
    console.log(`tokens: ${tokens.what}\n`);
    console.log(
      '| set | tasks | asked for a line | asked for a block | middle tokens | not generated (line stop) | multi-line middles cut short |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const set of ['humaneval-single', 'humaneval-multi']) {
      const path = resolveBenchmarkPath(set);
      if (!existsSync(path)) {
        console.log(`| ${set} | (not found: ${path}) | | | | | |`);
        continue;
      }
      const tasks = await loadBenchmarkFile(path);
      for (const variant of ['as given', 'mid-line'] as const) {
        let n = 0,
          line = 0,
          all = 0,
          saved = 0,
          cut = 0;
        for (const t of tasks) {
          let { prefix, groundTruth: middle } = t;
          if (variant === 'mid-line') {
            // Half of the first line's code typed already (the indentation and the first half).
            const first = middle.split('\n')[0];
            const body = first.trimStart();
            if (body.length < 2) continue;
            const typed = first.length - body.length + Math.floor(body.length / 2);
            prefix += middle.slice(0, typed);
            middle = middle.slice(typed);
          }
          n++;
          const count = tokens.count(middle);
          all += count;
          if (completionExtent(prefix, t.suffix, t.language).extent !== 'line') continue;
          line++;
          const m = /\S.*\n/.exec(middle);
          if (!m) continue;
          const end = m.index + m[0].length - 1;
          if (middle.slice(end).trim() !== '') cut++;
          saved += count - tokens.count(middle.slice(0, end));
        }
        const row: ExtentRow = { tasks: n, line, block: n - line, middleTokens: all, savedTokens: saved, cutShort: cut };
        out[`${set} ${variant}`] = row;
        const pct = (x: number, of: number) => `${x} (${((100 * x) / Math.max(1, of)).toFixed(0)}%)`;
        console.log(`| ${set}, ${variant} | ${n} | ${pct(line, n)} | ${pct(n - line, n)} | ${all} | ${pct(saved, all)} | ${cut} |`);
      }
    }
    return out;
  },
};
