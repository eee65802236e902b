import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from './cli';

const tmp = mkdtempSync(join(tmpdir(), 'eval-cli-test-'));
const he = (id: number, solution: string) =>
  JSON.stringify({
    task_id: `SingleLineInfilling/HumanEval/${id}/L0`,
    entry_point: 'add',
    prompt: 'def add(a, b):\n',
    suffix: '\n',
    canonical_solution: solution,
    test: 'def check(candidate):\n    assert candidate(2, 3) == 5\n',
  });

describe('the eval CLI', () => {
  it('runs a benchmark, then reports and calibrates from the stored outputs', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const bench = join(tmp, 'he.jsonl');
      writeFileSync(bench, `${he(0, '    return a + b\n')}\n${he(1, '    return b + a\n')}\n`);
      const completions = join(tmp, 'local.completions.jsonl');
      writeFileSync(
        completions,
        [
          JSON.stringify({ task_id: 'SingleLineInfilling/HumanEval/0/L0', completion: '    return a + b\n', token_probs: [0.9, 0.95] }),
          JSON.stringify({ task_id: 'SingleLineInfilling/HumanEval/1/L0', completion: '    return a - b\n', token_probs: [0.3, 0.6] }),
        ].join('\n'),
      );
      const local = join(tmp, 'runs', 'local.jsonl');
      const large = join(tmp, 'runs', 'large.jsonl');
      expect(await main(['run', '--bench', bench, '--model', 'jsonl', '--completions', completions, '--out', local, '--no-progress'])).toBe(
        0,
      );
      expect(await main(['run', '--bench', bench, '--model', 'ground-truth', '--out', large, '--no-progress'])).toBe(0);
      expect(readFileSync(local, 'utf8').trim().split('\n')).toHaveLength(2);
      expect(existsSync(`${local}.meta.json`)).toBe(true);

      const out = join(tmp, 'report');
      expect(await main(['report', '--local', local, '--large', large, '--out-dir', out, '--budget', '0.5', '--held-out', '0'])).toBe(0);
      const html = readFileSync(join(out, 'report.html'), 'utf8');
      expect(html).toContain('<svg');
      expect(html).not.toMatch(/(src|href)="https?:/); // self-contained
      const md = readFileSync(join(out, 'report.md'), 'utf8');
      expect(md).toContain('| syntax+confidence |');
      const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
      expect(report.summary.python).toMatchObject({ n: 2, localPassAt1: 0.5, largePassAt1: 1 });
      const cfg = JSON.parse(readFileSync(join(out, 'router-config.json'), 'utf8'));
      expect(cfg.router).toMatchObject({ policy: 'syntax+confidence', perLanguage: { python: expect.any(Number) } });

      const routerJson = join(tmp, 'router.json');
      expect(await main(['calibrate', '--local', local, '--large', large, '--floor', '1', '--held-out', '0', '--out', routerJson])).toBe(0);
      expect(JSON.parse(readFileSync(routerJson, 'utf8')).router.perLanguage.python).toBeGreaterThan(0.6);
      expect(existsSync(join(tmp, 'router.details.json'))).toBe(true);
    } finally {
      log.mockRestore();
      err.mockRestore();
    }
  });

  it('leaves out tasks whose ground truth fails in the sanity store next to the run, and opens with the headline', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const bench = join(tmp, 'nj.jsonl');
      // Task 2's own middle is wrong: no completion can be judged against its tests.
      writeFileSync(bench, [he(0, '    return a + b\n'), he(1, '    return b + a\n'), he(2, '    return a * b\n')].join('\n'));
      const completions = join(tmp, 'nj.completions.jsonl');
      writeFileSync(
        completions,
        [0, 1, 2]
          .map((i) =>
            JSON.stringify({
              task_id: `SingleLineInfilling/HumanEval/${i}/L0`,
              completion: i ? '    return a - b\n' : '    return a + b\n',
              token_probs: [0.9],
            }),
          )
          .join('\n'),
      );
      const runs = join(tmp, 'nj-runs');
      const local = join(runs, 'local.jsonl');
      expect(await main(['run', '--bench', bench, '--model', 'jsonl', '--completions', completions, '--out', local, '--no-progress'])).toBe(
        0,
      );
      expect(await main(['sanity', '--bench', bench, '--out-dir', runs, '--no-progress'])).toBe(1);
      expect(existsSync(join(runs, 'nj.ground-truth.jsonl'))).toBe(true);

      const out = join(tmp, 'nj-report');
      expect(await main(['report', '--local', local, '--out-dir', out])).toBe(0);
      const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
      expect(report.notJudgeable).toMatchObject({ total: 1, perLanguage: { python: { count: 1, reasons: { wrong_answer: 1 } } } });
      expect(report.summary.python).toMatchObject({ n: 2, localPassAt1: 0.5 });
      expect(report.simulation.overall.baselines[0]).toMatchObject({ n: 2 });
      const md = readFileSync(join(out, 'report.md'), 'utf8');
      expect(md.startsWith('# Routing evaluation\n\n## Headline\n')).toBe(true);
      expect(md).toContain('left out of every pass@1 below): 1 task(s): python 1 (wrong_answer 1)');
      expect(readFileSync(join(out, 'headline.svg'), 'utf8')).toMatch(/^<svg/);

      // Named explicitly, a store elsewhere is used instead of looking next to the run.
      const elsewhere = join(tmp, 'nj-elsewhere');
      const local2 = join(elsewhere, 'local.jsonl');
      expect(
        await main(['run', '--bench', bench, '--model', 'jsonl', '--completions', completions, '--out', local2, '--no-progress']),
      ).toBe(0);
      expect(await main(['report', '--local', local2, '--out-dir', join(tmp, 'nj-report2')])).toBe(0);
      expect(JSON.parse(readFileSync(join(tmp, 'nj-report2', 'report.json'), 'utf8')).notJudgeable.total).toBe(0);
      expect(
        await main([
          'report',
          '--local',
          local2,
          '--ground-truth',
          join(runs, 'nj.ground-truth.jsonl'),
          '--out-dir',
          join(tmp, 'nj-report3'),
        ]),
      ).toBe(0);
      expect(JSON.parse(readFileSync(join(tmp, 'nj-report3', 'report.json'), 'utf8')).notJudgeable.total).toBe(1);
      expect(await main(['calibrate', '--local', local, '--floor', '0.5', '--held-out', '0', '--out', join(tmp, 'nj-router.json')])).toBe(
        0,
      );
      expect(log.mock.calls.flat().join('\n')).toContain('1 task(s) not judgeable (ground truth fails here), left out: python 1');
      expect(JSON.parse(readFileSync(join(tmp, 'nj-router.details.json'), 'utf8')).chosen.fit.n).toBe(2);
    } finally {
      log.mockRestore();
      err.mockRestore();
    }
  });

  it('reports bad input with a clear message and a non-zero exit', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const wrong = join(tmp, 'wrong.jsonl');
      writeFileSync(wrong, '{"hello": "world"}\n');
      expect(await main(['run', '--bench', wrong, '--model', 'ground-truth', '--out', join(tmp, 'x.jsonl')])).toBe(1);
      expect(err.mock.calls.flat().join(' ')).toMatch(/neither HumanEval-Infilling .* nor SAFIM/);
      expect(await main(['nonsense'])).toBe(2);
      expect(await main(['run', '--model', 'ground-truth'])).toBe(2);
      expect(await main(['calibrate', '--local', join(tmp, 'runs', 'local.jsonl'), '--out', join(tmp, 'r.json')])).toBe(2);
    } finally {
      err.mockRestore();
    }
  });
});
