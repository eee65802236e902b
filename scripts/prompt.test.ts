// `npm run prompt` as a user runs it: a real process over a real folder.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeFixtureModels } from '../testing/make-fixture-models';

const run = promisify(execFile);
const root = mkdtempSync(join(tmpdir(), 'prompt-cmd-'));
const models = join(root, '..', `${root.split('/').pop()}-models`);
const bytes = (t: string) => new TextEncoder().encode(t).length;
/**
 * Each case starts `npx tsx` once per command: a bound per process that catches a hang, not a start that a busy
 * machine makes slow (the process itself is also killed past it).
 */
const PER_RUN_MS = 120_000;

async function prompt(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/prompt.ts', '--model-root', models, ...args], {
      cwd: process.cwd(),
      timeout: PER_RUN_MS,
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

beforeAll(async () => {
  await writeFixtureModels(models);
  mkdirSync(join(root, 'shop'));
  writeFileSync(join(root, 'shop', 'tax.py'), 'RATE = 0.2\n\ndef with_tax(amount):\n    return amount * (1 + RATE)\n');
  writeFileSync(join(root, 'shop', 'cart.py'), 'from .tax import with_tax\n\ndef total(items):\n    return with_tax(sum(items))\n');
});

describe('npm run prompt', () => {
  it(
    'prints the local prompt with the other file as a snippet, and the JSON summary as its last line',
    async () => {
      const r = await prompt(['--root', root, '--file', 'shop/cart.py', '--line', '4', '--column', '12']);
      expect(r.code).toBe(0);
      const lines = r.stdout.trimEnd().split('\n');
      const summary = JSON.parse(lines[lines.length - 1]) as { snippets: { file: string; tokens: number }[]; prompt_tokens: number };
      const text = lines.slice(0, -1).join('\n');
      expect(text).toBe(
        '<|repo_name|>shop\n<|file_sep|>shop/tax.py\ndef with_tax(amount):\n    return amount * (1 + RATE)\n' +
          // The cursor's line opens the middle (model.cursorLineInMiddle, the default).
          '<|file_sep|>shop/cart.py\n<|fim_prefix|>from .tax import with_tax\n\ndef total(items):\n<|fim_suffix|>with_tax(sum(items))\n<|fim_middle|>    return ',
      );
      // The fixture tokenizer is byte-level with the FIM and repository markers as single tokens.
      expect(summary.snippets[0]).toEqual({
        file: 'shop/tax.py',
        tokens: bytes('<|file_sep|>shop/tax.py\ndef with_tax(amount):\n    return amount * (1 + RATE)\n') - bytes('<|file_sep|>') + 1,
      });
      const markers = text.match(/<\|[a-z_]+\|>/g)!;
      expect(summary.prompt_tokens).toBe(bytes(text) - markers.reduce((n, m) => n + bytes(m) - 1, 0));
    },
    PER_RUN_MS,
  );

  it(
    'another family gets the snippets as comments; a budget too small for them leaves them out',
    async () => {
      const ds = await prompt(['--root', root, '--file', 'shop/cart.py', '--line', '4', '--column', '12', '--family', 'deepseek-coder']);
      expect(ds.stdout).toContain('<｜fim▁begin｜># Path: shop/tax.py\n# def with_tax(amount):');
      const small = await prompt(['--root', root, '--file', 'shop/cart.py', '--line', '4', '--column', '12', '--budget', '64']);
      expect(JSON.parse(small.stdout.trimEnd().split('\n').pop()!).snippets).toEqual([]);
    },
    2 * PER_RUN_MS,
  );

  it(
    'bad input is a usage error (exit 2) that says what is wrong',
    async () => {
      const line = await prompt(['--root', root, '--file', 'shop/cart.py', '--line', '9', '--column', '1']);
      expect(line.code).toBe(2);
      expect(line.stderr).toContain('--line 9: shop/cart.py has lines 1 to 5');
      const file = await prompt(['--root', root, '--file', 'shop/none.py', '--line', '1', '--column', '1']);
      expect(file.stderr).toContain('--file shop/none.py: not a text file of the workspace');
      const family = await prompt(['--root', root, '--file', 'shop/cart.py', '--line', '1', '--column', '1', '--family', 'gpt']);
      expect(family.code).toBe(2);
      expect(family.stderr).toContain('Unknown FIM family "gpt"');
    },
    3 * PER_RUN_MS,
  );
});
