// Prompt-lookup decoding gives plain greedy decoding's tokens, probabilities,
// stops and cache, in fewer forward passes where drafts are accepted.
import { describe, expect, it } from 'vitest';
import { buildFimPrompt } from '../../vocabulary/fim';
import { mulberry32 } from '../../../testing/platform/prng';
import type { GenerateOptions, LocalGeneration } from './local-model';
import { DEFAULT_LOOKUP, lookupDraft } from './prompt-lookup';
import { freshAndReusingModels } from '../../../testing/completion/fresh-and-reusing';

describe('lookupDraft', () => {
  it('copies what followed the latest earlier occurrence of the longest matching n-gram', () => {
    //            0  1  2  3  4  5  6  7  8  9 10
    const ids = [1, 2, 3, 9, 1, 2, 3, 7, 8, 1, 2];
    // "1 2" occurs at 0 and 4: the latest (4) is copied from.
    expect(lookupDraft(ids, { maxDraft: 3, maxNgram: 3, minNgram: 1 })).toEqual([3, 7, 8]);
    // "1 2" occurs before: the bigram wins over the later unigram "2" at 5.
    expect(lookupDraft([5, 1, 2, 6, 3, 2, 4, 1, 2], { maxDraft: 2, maxNgram: 2, minNgram: 1 })).toEqual([6, 3]);
    expect(lookupDraft([...ids, 3], { maxDraft: 8, maxNgram: 3, minNgram: 1 })).toEqual([7, 8, 1, 2, 3]);
  });

  it('offers nothing without an earlier occurrence, with minNgram above the match, or with maxDraft 0', () => {
    expect(lookupDraft([1, 2, 3, 4])).toEqual([]);
    expect(lookupDraft([1, 2, 3, 1], { maxDraft: 4, maxNgram: 3, minNgram: 2 })).toEqual([]);
    expect(lookupDraft([1, 2, 3, 1], { maxDraft: 4, maxNgram: 3, minNgram: 1 })).toEqual([2, 3, 1]);
    expect(lookupDraft([1, 2, 1], { ...DEFAULT_LOOKUP, maxDraft: 0 })).toEqual([]);
    expect(lookupDraft([])).toEqual([]);
  });
});

const models = freshAndReusingModels('prompt-lookup');

/** Random code-like text; `repetitive` repeats a few random lines, so drafts are found and accepted. */
function randomText(rand: () => number, repetitive: boolean): string {
  const words = ['x', 'y', 'total', 'i', 'return', 'def', 'for', 'in', 'range(n)', '=', '+', '(', ')', ':', 'self.items', '0', '1'];
  const line = () => Array.from({ length: 1 + Math.floor(rand() * 6) }, () => words[Math.floor(rand() * words.length)]).join(' ');
  const lines = Array.from({ length: 1 + Math.floor(rand() * 5) }, line);
  const n = repetitive ? 4 + Math.floor(rand() * 8) : lines.length;
  return Array.from({ length: n }, (_, i) => (repetitive ? lines[Math.floor(rand() * lines.length)] : lines[i])).join('\n');
}

function expectSame(a: LocalGeneration, b: LocalGeneration, diffs: number[]): void {
  expect(b.tokens.map((t) => t.id)).toEqual(a.tokens.map((t) => t.id));
  expect(b.tokens.map((t) => t.text)).toEqual(a.tokens.map((t) => t.text));
  expect(b.text).toBe(a.text);
  expect(b.finish).toBe(a.finish);
  expect(b.earlyReason).toBe(a.earlyReason);
  expect(b.stopToken?.id).toBe(a.stopToken?.id);
  expect(b.stats?.newTokens).toBe(a.stats?.newTokens);
  a.tokens.forEach((t, i) => diffs.push(Math.abs(b.tokens[i].prob - t.prob)));
  if (a.stopToken) diffs.push(Math.abs(b.stopToken!.prob - a.stopToken.prob));
}

describe('prompt-lookup decoding on the fixture model', () => {
  it("gives plain greedy decoding's tokens and probabilities over many random prompts, in fewer passes", async () => {
    const rand = mulberry32(2028);
    const diffs: number[] = [];
    let tokens = 0;
    let passes = 0;
    for (let run = 0; run < 30; run++) {
      const repetitive = run % 2 === 0;
      const prefix = randomText(rand, repetitive) + '\n';
      const suffix = rand() < 0.7 ? '\n' + randomText(rand, repetitive) : '';
      const prompt = buildFimPrompt('qwen2.5-coder', prefix, suffix) + (rand() < 0.3 ? 'ret' : '');
      const opts: GenerateOptions = {
        maxNewTokens: 1 + Math.floor(rand() * 40),
        stopTokens: ['<|endoftext|>', '<|fim_pad|>', '<|file_sep|>'],
        ...(rand() < 0.25 && { stopAtLineEnd: true }),
        ...(rand() < 0.25 && { earlyStop: (p) => (p.tokens.some((t) => t.prob < 0.02) ? 'unsure' : undefined) }),
        ...(rand() < 0.25 && { healLastToken: true }),
      };
      const plain = await models.fresh.generate(prompt, { ...opts, promptLookup: false });
      const lookup = await models.fresh.generate(prompt, { ...opts, promptLookup: true });
      expectSame(plain, lookup, diffs);
      // The reusing model keeps a cache cut back after refused drafts: a later plain request on it still agrees.
      const reusedLookup = await models.reusing.generate(prompt, { ...opts, promptLookup: true });
      expectSame(plain, reusedLookup, diffs);
      const next = buildFimPrompt('qwen2.5-coder', prefix + reusedLookup.text, suffix);
      expectSame(await models.fresh.generate(next, opts), await models.reusing.generate(next, { ...opts, promptLookup: false }), diffs);
      tokens += lookup.stats!.newTokens;
      passes += lookup.stats!.passes!;
    }
    // Not vacuous: drafts were accepted, so whole runs of tokens came from one pass.
    expect(passes).toBeLessThan(tokens * 0.8);
    // One forward pass of several tokens may sum in another order than one of one token: the last bits may differ, no more.
    expect(Math.max(...diffs)).toBeLessThan(1e-5);
    console.log(`prompt lookup: ${tokens} tokens in ${passes} passes; largest probability difference ${Math.max(...diffs)}`);
  });
});
