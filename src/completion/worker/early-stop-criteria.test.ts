// The early-stop criteria gives the check exactly what the original (which
// decoded every prefix on every step, testing/early-stop-redecode.ts) gave it,
// at every step: driven here the way transformers.js drives it (a growing
// row of bigint ids, prompt first), with the fixture-qwen2-tiny tokenizer and
// completions that split multi-byte characters across tokens; then once
// inside a real generation.
import { AutoTokenizer, type PreTrainedTokenizer } from '@huggingface/transformers';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeRealArchModel } from '../../../testing/make-fixture-models';
import { DEFAULT_REAL_ARCH } from '../../../testing/fixture-models/real-arch';
import { EOS_TOKEN, specialTokenId } from '../../../testing/fixture-models/tokenizer';
import { buildFimPrompt, fimTemplate } from '../../vocabulary/fim';
import type { TokenProb } from '../../vocabulary/types';
import { EarlyStopCriteria, type EarlyStopCheck, type ProbRecorder } from './early-stop-criteria';
import { loadLocalModel } from './local-model';
import { decodesByWindow, prefixDecoder } from './prefix-decoder';
import { RedecodeEarlyStopCriteria, redecodeTokenTexts } from '../../../testing/completion/early-stop-redecode';
import { TokenTexts } from './token-texts';
import { fixtureModelFolder } from '../../../testing/completion/fixture-folder';

let tokenizer: PreTrainedTokenizer;
const fixtures = fixtureModelFolder('early-stop-criteria', writeRealArchModel);

beforeAll(async () => {
  tokenizer = await AutoTokenizer.from_pretrained(DEFAULT_REAL_ARCH.name);
});

const decode = (ids: number[]) => tokenizer.decode(ids, { skip_special_tokens: true });
const EOS = specialTokenId(EOS_TOKEN);

/** A recorder whose probabilities depend only on the ids it settles. */
function fakeRecorder(): ProbRecorder & { probs: number[] } {
  const probs: number[] = [];
  return {
    probs,
    resolve: (id) => {
      probs.push(1 / (2 + (id % 7)));
    },
  };
}

interface Partial {
  tokens: TokenProb[];
  text: string;
}

/** Drives a criteria over prompt + completion one token at a time; returns what its check saw and where it stopped. */
function drive(
  make: (check: EarlyStopCheck, recorder: ProbRecorder, promptLength: number) => { _call(ids: bigint[][]): boolean[] },
  prompt: number[],
  completion: number[],
  stopAt?: number,
) {
  const seen: Partial[] = [];
  const check: EarlyStopCheck = (p) => {
    seen.push({ tokens: p.tokens.map((t) => ({ ...t })), text: p.text });
    return seen.length === stopAt ? `syntax: stop at ${stopAt}` : undefined;
  };
  const criteria = make(check, fakeRecorder(), prompt.length);
  const row = prompt.map(BigInt);
  const stops: boolean[] = [];
  for (const id of completion) {
    row.push(BigInt(id));
    stops.push(criteria._call([row])[0]);
  }
  return { seen, stops };
}

const incremental = (check: EarlyStopCheck, recorder: ProbRecorder, promptLength: number) =>
  new EarlyStopCriteria(check, recorder, promptLength, [EOS], new TokenTexts(prefixDecoder(decode, decodesByWindow(tokenizer))));
const redecode = (check: EarlyStopCheck, recorder: ProbRecorder, promptLength: number) =>
  new RedecodeEarlyStopCriteria(check, recorder, promptLength, [EOS], (ids) => redecodeTokenTexts(decode, ids));

const COMPLETIONS = ['é', '    return "中文" + name  # 😀 naïve\n', 'x = ["café", "中文", "😀👍🏽", "👨‍👩‍👧"]  # \uFEFF\uFFFD'];

describe('EarlyStopCriteria = the original per-step re-decode (fixture-qwen2-tiny tokenizer)', () => {
  const prompt = () => tokenizer.encode(buildFimPrompt('qwen2.5-coder', 'def f(name):\n', '\n'));

  it.each(COMPLETIONS)('the check gets the same tokens and text at every step: %j', (completion) => {
    const ids = [...tokenizer.encode(completion, { add_special_tokens: false }), EOS];
    const before = drive(redecode, prompt(), ids);
    const after = drive(incremental, prompt(), ids);
    expect(after.seen).toEqual(before.seen);
    expect(after.stops).toEqual(before.stops);
    // One check per token but the stop token, and the multi-byte characters were split.
    expect(after.seen).toHaveLength(ids.length - 1);
    expect(after.seen.at(-1)!.text).toBe(completion);
  });

  it('stops at the same step with the same reason', () => {
    const ids = tokenizer.encode(COMPLETIONS[1], { add_special_tokens: false });
    for (const stopAt of [1, 14, 15]) {
      const before = drive(redecode, prompt(), ids, stopAt);
      const after = drive(incremental, prompt(), ids, stopAt);
      expect(after).toEqual(before);
      expect(after.stops.indexOf(true)).toBe(stopAt - 1);
    }
  });

  it('inside a real generation, the check gets what the re-decode of the generated ids gives', async () => {
    const m = await loadLocalModel({ model: DEFAULT_REAL_ARCH.name, source: { kind: 'bundled', root: fixtures.root }, device: 'cpu' });
    try {
      const seen: Partial[] = [];
      const out = await m.generate(buildFimPrompt('qwen2.5-coder', 'def add(a, b):\n    return ', '\n'), {
        maxNewTokens: 24,
        stopTokens: fimTemplate('qwen2.5-coder').stopTokens,
        earlyStop: (p) => {
          seen.push({ tokens: p.tokens.map((t) => ({ ...t })), text: p.text });
          return undefined;
        },
      });
      expect(out.tokens).toHaveLength(24);
      expect(seen).toHaveLength(24);
      seen.forEach((p, i) => {
        const ids = out.tokens.slice(0, i + 1).map((t) => t.id);
        const texts = redecodeTokenTexts(decode, ids);
        expect(p).toEqual({ tokens: out.tokens.slice(0, i + 1).map((t, k) => ({ ...t, text: texts[k] })), text: texts.join('') });
      });
    } finally {
      await m.dispose();
    }
  });
});
