import { describe, expect, it } from 'vitest';
import { nextWord } from './index';

describe('nextWord: what Ctrl+Right takes of a suggestion', () => {
  it.each([
    ['a + b', 'a'],
    [' + b', ' +'],
    ['  return x', '  return'],
    ['(a, b)', '('],
    ['名前 = 1', '名前'],
    ['\n    pass', '\n    pass'],
    ['   ', '   '],
  ])('%j takes %j', (text, word) => {
    expect(nextWord(text)).toBe(word);
  });
});
