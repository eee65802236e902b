import { describe, expect, it } from 'vitest';
import { downloadLine } from './byte-size';

describe('byte sizes', () => {
  it('shows small files in bytes and KB, not as 0.0 MB', () => {
    expect(downloadLine(0, 0).text).toBe('0 B (size unknown)');
    expect(downloadLine(812, 0).text).toBe('812 B (size unknown)');
    expect(downloadLine(7_340, 0).text).toBe('7.3 KB (size unknown)');
    expect(downloadLine(1_220_000_000, 0).text).toBe('1.2 GB (size unknown)');
  });

  it('says a size is unknown instead of a made-up total, and never 100% early', () => {
    expect(downloadLine(0, 0)).toEqual({ text: '0 B (size unknown)' });
    expect(downloadLine(4_000, 0).text).toBe('4.0 KB (size unknown)');
    expect(downloadLine(999, 1000)).toEqual({ text: '999 B / 1.0 KB (99%)', percent: 99 });
    expect(downloadLine(1000, 1000).percent).toBe(100);
    expect(downloadLine(1200, 1000, true)).toEqual({ text: '1.2 KB / 1.2 KB (100%)', percent: 100 });
    expect(downloadLine(0, 0, true)).toEqual({ text: 'done (size unknown)' });
  });
});
