// KV-cache reuse across requests: over a typing replay of a real file, a
// model that keeps its cache gives exactly the tokens of one that reads every
// prompt afresh (greedy decoding), while computing far fewer prompt tokens.
// The browser runs the same comparison on WebGPU and WASM (e2e/prompt-reuse.spec.ts).
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { freshAndReusingModels } from '../../../testing/completion/fresh-and-reusing';
import { percentile } from '../../platform/percentile';
import { buildFimPrompt } from '../../vocabulary/fim';
import { documentAt, pausesOf, typingReplay } from '../../../testing/completion/typing-replay';
import { completeWithFim, FimSession, prefillWithFim } from './fim-completion';
import { textTokenIds } from '../../../testing/fixture-models/tokenizer';

const models = freshAndReusingModels('prompt-reuse');

describe('KV-cache reuse across requests', () => {
  it.each([false, true])(
    'gives the same tokens as a fresh computation over a typing replay, computing a fraction of the prompt (cursor line in the middle: %s)',
    async (cursorLineInMiddle) => {
      // A real file of this repository, retyped; the byte-level fixture tokenizer makes each byte a token.
      const source = await readFile(new URL('../common/router.ts', import.meta.url), 'utf8');
      const replay = typingReplay(source, { seed: 7, lines: 8 });
      const pauses = pausesOf(replay, 250).slice(0, 14);
      expect(pauses.length).toBeGreaterThan(8);
      const computed: number[] = [];
      const full: number[] = [];
      for (const step of pauses) {
        const doc = documentAt(replay, step);
        const req = { ...doc, maxNewTokens: 6, promptBudget: 512, cursorLineInMiddle };
        const [a, b] = [
          await completeWithFim(models.fresh, 'qwen2.5-coder', req),
          await completeWithFim(models.reusing, 'qwen2.5-coder', req),
        ];
        expect(b.tokens.map((t) => t.id)).toEqual(a.tokens.map((t) => t.id));
        b.tokens.forEach((t, i) => expect(Math.abs(t.prob - a.tokens[i].prob)).toBeLessThan(1e-4));
        expect(b.text).toBe(a.text);
        expect(a.stats?.reusedTokens).toBe(0);
        computed.push(b.stats!.promptTokens - b.stats!.reusedTokens);
        full.push(a.stats!.promptTokens);
      }
      // Later requests read mostly the suffix and what was typed (or only what was typed, with the cursor line in the middle).
      expect(percentile(full, 50)! / percentile(computed, 50)!).toBeGreaterThan(4);
    },
  );

  it('with the cursor line in the middle, a read-ahead while typing leaves the request almost nothing to read; at the prefix end it leaves the suffix', async () => {
    const source = await readFile(new URL('../common/router.ts', import.meta.url), 'utf8');
    const replay = typingReplay(source, { seed: 3, lines: 6 });
    const afterReadAhead = async (cursorLineInMiddle: boolean) => {
      const left: number[] = [];
      for (const step of pausesOf(replay, 250).slice(0, 10)) {
        const req = { ...documentAt(replay, step), maxNewTokens: 4, promptBudget: 512, cursorLineInMiddle };
        await prefillWithFim(models.reusing, 'qwen2.5-coder', req);
        const out = await completeWithFim(models.reusing, 'qwen2.5-coder', req);
        left.push(out.stats!.promptTokens - out.stats!.reusedTokens);
        expect(out.window!.suffixTokens).toBeGreaterThan(20);
        if (cursorLineInMiddle) expect(left.at(-1)).toBe(1);
        else expect(left.at(-1)).toBeGreaterThan(out.window!.suffixTokens);
      }
      return percentile(left, 50);
    };
    expect(await afterReadAhead(true)).toBe(1);
    expect(await afterReadAhead(false)).toBeGreaterThan(20);
  });

  it('accepting suggestion after suggestion in a long file: a session keeps its window start, and writes what a fresh model writes', async () => {
    // A file longer than the budget, grown at the cursor a suggestion at a time.
    const source = await readFile(new URL('../common/router.ts', import.meta.url), 'utf8');
    const at = source.indexOf('\n', Math.floor(source.length / 2)) + 1;
    const accepted = '    const total = values.reduce((a, b) => a + b, 0);\n';
    const session = new FimSession(models.reusing, 'qwen2.5-coder');
    const freshSession = new FimSession(models.fresh, 'qwen2.5-coder');
    const starts: number[] = [];
    const reread: number[] = [];
    for (let n = 0; n < 12; n++) {
      const req = {
        prefix: source.slice(0, at) + accepted.repeat(n),
        suffix: source.slice(at),
        maxNewTokens: 2,
        promptBudget: 512,
        cursorLineInMiddle: true,
      };
      const kept = await session.complete(req);
      const fresh = await freshSession.complete(req);
      expect(kept.tokens.map((t) => t.id)).toEqual(fresh.tokens.map((t) => t.id));
      expect(kept.window).toEqual(fresh.window);
      starts.push(kept.window!.prefixStart);
      reread.push(kept.stats!.promptTokens - kept.stats!.reusedTokens);
    }
    // The window grew past its room and kept its start (its whole window reused) more often than it moved.
    const grewInPlace = starts.slice(1).filter((s, i) => s === starts[i]).length;
    expect(grewInPlace).toBeGreaterThanOrEqual(8);
    // Where it stayed, a request re-read only the lines accepted since the last one: the middle kept its start too.
    starts.forEach((s, i) => i > 0 && s === starts[i - 1] && expect(reread[i]).toBeLessThanOrEqual(accepted.length + 2));
  });

  it('healing writes the taken-back token again: with a byte-per-token vocabulary, the same middle as without healing', async () => {
    const prompt = buildFimPrompt('qwen2.5-coder', 'def add(a, b):\n', '\n\nprint(add(1, 2))\n') + '    retu';
    const opts = { maxNewTokens: 8, stopTokens: ['<|endoftext|>'] };
    const plain = await models.fresh.generate(prompt, opts);
    const healed = await models.fresh.generate(prompt, { ...opts, healLastToken: true });
    expect(healed.stats!.promptTokens).toBe(plain.stats!.promptTokens - 1);
    expect(healed.text).toBe(plain.text);
    // The byte taken back, written again first (its text is not the model's), then the same tokens.
    expect(healed.tokens[0]).toMatchObject({ id: textTokenIds('u')[0], text: '' });
    expect(healed.tokens.slice(1).map((t) => t.id)).toEqual(plain.tokens.map((t) => t.id));
    expect(healed.tokens.map((t) => t.text).join('')).toBe(healed.text);
  });

  it('prefill ahead of a request: a stopped prefill keeps what it computed, and the request then gives the fresh tokens', async () => {
    const prefix = `${'x = 1\n'.repeat(60)}def f(a, b):\n    return `;
    const suffix = '\n\nprint(f(1, 2))\n';
    const prompt = buildFimPrompt('qwen2.5-coder', prefix, suffix);
    // Stops before its third chunk.
    let reads = 0;
    const stopped = await models.reusing.prefill(prompt, {
      get aborted() {
        return ++reads > 3;
      },
    } as AbortSignal);
    expect(stopped.aborted).toBe(true);
    expect(stopped.cachedTokens).toBeGreaterThan(0);
    expect(stopped.cachedTokens).toBeLessThan(stopped.promptTokens - 1);
    const done = await models.reusing.prefill(prompt);
    expect(done).toMatchObject({ aborted: false, cachedTokens: done.promptTokens - 1 });
    expect(done.computedTokens).toBe(done.promptTokens - 1 - stopped.cachedTokens);

    const opts = { maxNewTokens: 8, stopTokens: ['<|endoftext|>'] };
    const b = await models.reusing.generate(prompt, opts);
    const a = await models.fresh.generate(prompt, opts);
    expect(b.stats).toMatchObject({ reusedTokens: done.promptTokens - 1 });
    expect(b.tokens.map((t) => t.id)).toEqual(a.tokens.map((t) => t.id));
  });

  it('an edit far above the cursor shares only the tokens before it', async () => {
    const p1 = buildFimPrompt('qwen2.5-coder', 'import os\nimport sys\n\ndef main():\n    ', '\n');
    const p2 = buildFimPrompt('qwen2.5-coder', 'import io\nimport sys\n\ndef main():\n    ', '\n');
    await models.reusing.generate(p1, { maxNewTokens: 2, stopTokens: [] });
    const out = await models.reusing.generate(p2, { maxNewTokens: 2, stopTokens: [] });
    // The byte tokenizer: `<|fim_prefix|>` + "import " are shared.
    expect(out.stats?.reusedTokens).toBe(1 + 'import '.length);
    const ref = await models.fresh.generate(p2, { maxNewTokens: 2, stopTokens: [] });
    expect(out.tokens.map((t) => t.id)).toEqual(ref.tokens.map((t) => t.id));
  });
});

describe('a request for the rest of a line', () => {
  it('stops at the end of the first line with code, and gives that line of what a free run gives', async () => {
    let compared = 0;
    for (let i = 0; i < 12 && compared < 2; i++) {
      const prompt = buildFimPrompt('qwen2.5-coder', `# case ${i}\ndef f(x):\n    return `, '\n');
      const free = await models.fresh.generate(prompt, { maxNewTokens: 160, stopTokens: [] });
      const line = /\S.*\n/.exec(free.text);
      if (!line) continue;
      compared++;
      const cut = await models.fresh.generate(prompt, { maxNewTokens: 160, stopTokens: [], stopAtLineEnd: true });
      const firstLine = free.text.slice(0, line.index + line[0].length - 1);
      expect(cut.text).toBe(firstLine);
      expect(cut.finish).toBe('stop');
      expect(cut.earlyReason).toBeUndefined();
      expect(cut.tokens.map((t) => t.text).join('')).toBe(firstLine);
      expect(cut.tokens.length).toBeLessThan(free.tokens.length);
      expect(cut.stats!.newTokens).toBeLessThan(free.stats!.newTokens);
    }
    expect(compared).toBeGreaterThan(0);
  });
});
