import { describe, expect, it } from 'vitest';
import { MAX_INDEXED_CHARS } from '../completion/common/workspace-context/workspace-index';
import { describeLargeFile, largeFileOptions, largeFileProfile } from './large-file';

// A file is large over 512 KB or 10,000 lines (docs/performance.md).
const LARGE_FILE_CHARS = 512 * 1024;
const LARGE_FILE_LINES = 10_000;

describe('largeFileProfile', () => {
  it('a normal file keeps every feature and says nothing', () => {
    const p = largeFileProfile(40_000, 1_000);
    expect(p).toMatchObject({ large: false, off: [], completions: [] });
    expect(describeLargeFile(p)).toBe('');
    expect(largeFileOptions(p)).toEqual({
      folding: true,
      stickyScroll: { enabled: true },
      occurrencesHighlight: 'singleFile',
      links: true,
      colorDecorators: true,
      bracketPairColorization: { enabled: true },
      matchBrackets: 'always',
      guides: { bracketPairs: false, indentation: true },
    });
  });

  it('the thresholds are exclusive: a file exactly at them is normal', () => {
    expect(largeFileProfile(LARGE_FILE_CHARS, LARGE_FILE_LINES).large).toBe(false);
    expect(largeFileProfile(LARGE_FILE_CHARS + 1, 1).large).toBe(true);
    expect(largeFileProfile(1, LARGE_FILE_LINES + 1).large).toBe(true);
  });

  it('a 20,000-line file of 1 MB and a 5 MB file are both large, for both reasons', () => {
    for (const [chars, lines] of [
      [1_000_000, 20_000],
      [5_000_000, 121_651],
    ]) {
      const p = largeFileProfile(chars, lines);
      expect(p.large).toBe(true);
      expect(p.why).toBe('over 512 KB and over 10,000 lines');
      expect(p.off).toEqual(['folding', 'sticky-scroll', 'occurrences-highlight', 'links', 'colour-swatches']);
    }
  });

  it('many short lines make a file large by lines alone', () => {
    const p = largeFileProfile(200_000, 50_000);
    expect(p.why).toBe('over 10,000 lines');
    expect(largeFileOptions(p)).toMatchObject({
      folding: false,
      stickyScroll: { enabled: false },
      occurrencesHighlight: 'off',
      links: false,
      colorDecorators: false,
    });
    // Bracket pairs and indentation guides stay: they cost per change what the edited lines hold.
    expect(largeFileOptions(p)).toMatchObject({ bracketPairColorization: { enabled: true }, guides: { indentation: true } });
  });

  it('a line over 10,000 characters makes a small file large, with bracket pairs and indentation guides off too', () => {
    const p = largeFileProfile(200_093, 4, true);
    expect(p.large).toBe(true);
    expect(p.why).toBe('a line over 10,000 characters');
    expect(p.off).toEqual([
      'folding',
      'sticky-scroll',
      'occurrences-highlight',
      'links',
      'colour-swatches',
      'bracket-pairs',
      'indentation-guides',
    ]);
    expect(largeFileOptions(p)).toEqual({
      folding: false,
      stickyScroll: { enabled: false },
      occurrencesHighlight: 'off',
      links: false,
      colorDecorators: false,
      bracketPairColorization: { enabled: false },
      matchBrackets: 'never',
      guides: { bracketPairs: false, indentation: false },
    });
    expect(describeLargeFile(p)).toContain('Large file (a line over 10,000 characters): off for this file:');
    expect(describeLargeFile(p)).toContain('bracket pair colours, guides and matching, indentation guides');
    expect(largeFileProfile(5_000_000, 3, true).why).toBe('over 512 KB and a line over 10,000 characters');
    expect(largeFileProfile(200_093, 4, true)).toBe(p);
  });

  it('says that a long line gets no suggestion where the editor stops drawing it, and only for a long line', () => {
    expect(describeLargeFile(largeFileProfile(200_093, 4, true))).toContain(
      'no suggestion past the first 10,000 characters of a line, where the editor stops drawing it',
    );
    expect(describeLargeFile(largeFileProfile(5_000_000, 3))).not.toContain('stops drawing');
  });

  it('says what completions use, and that a file over the indexing limit is not indexed', () => {
    const byLines = describeLargeFile(largeFileProfile(MAX_INDEXED_CHARS, 50_000));
    expect(byLines).toContain('folding, sticky scroll, highlighting other occurrences of the word at the cursor, links');
    expect(byLines).toContain('window around the cursor');
    expect(byLines).toContain('syntax check');
    expect(byLines).not.toContain('not indexed');
    expect(describeLargeFile(largeFileProfile(MAX_INDEXED_CHARS + 1, 10))).toContain('not indexed');
  });

  it('one profile object per answer, so a store can compare by reference', () => {
    expect(largeFileProfile(1, 1)).toBe(largeFileProfile(2, 2));
    expect(largeFileProfile(5_000_000, 120_000)).toBe(largeFileProfile(5_000_001, 120_001));
    expect(largeFileProfile(5_000_000, 120_000)).not.toBe(largeFileProfile(100, 120_000));
  });
});
