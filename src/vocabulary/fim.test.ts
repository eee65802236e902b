import { describe, expect, it } from 'vitest';
import { buildFimPrompt, cutAtStopTokens, fimTemplate, FIM_FAMILIES } from './fim';

describe('FIM templates', () => {
  const p = 'def f(x):\n    return ';
  const s = '\n\nprint(f(1))\n';
  it.each([
    ['qwen2.5-coder', `<|fim_prefix|>${p}<|fim_suffix|>${s}<|fim_middle|>`],
    ['deepseek-coder', `<｜fim▁begin｜>${p}<｜fim▁hole｜>${s}<｜fim▁end｜>`],
    ['starcoder', `<fim_prefix>${p}<fim_suffix>${s}<fim_middle>`],
    ['codellama', `<PRE> ${p} <SUF>${s} <MID>`],
    ['codegemma', `<|fim_prefix|>${p}<|fim_suffix|>${s}<|fim_middle|>`],
    ['codestral', `[SUFFIX]${s}[PREFIX]${p}`],
  ])('%s builds the model card template', (family, expected) => {
    expect(buildFimPrompt(family, p, s)).toBe(expected);
  });

  it('every family has stop tokens that include its own FIM markers', () => {
    for (const f of FIM_FAMILIES) {
      const t = fimTemplate(f);
      expect(t.stopTokens.length).toBeGreaterThan(0);
      const prompt = t.build('', '');
      const markersInPrompt = t.stopTokens.filter((s) => prompt.includes(s));
      expect(markersInPrompt.length, f).toBeGreaterThan(0);
    }
  });

  it('an unknown family is a clear error, not a wrong prompt', () => {
    expect(() => buildFimPrompt('gpt-17', 'a', 'b')).toThrow(/Unknown FIM family "gpt-17".*qwen2.5-coder/);
  });

  it('cuts generated text at the earliest stop token', () => {
    const stops = fimTemplate('qwen2.5-coder').stopTokens;
    expect(cutAtStopTokens('a + b<|fim_pad|>junk<|endoftext|>', stops)).toEqual({ text: 'a + b', stopped: true });
    expect(cutAtStopTokens('a + b', stops)).toEqual({ text: 'a + b', stopped: false });
  });
});
