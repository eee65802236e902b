import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeText, describeImport, prepareImport, zipWorkspace, type IncomingFile } from './import';

const file = (path: string, content: string | Uint8Array, size?: number): IncomingFile => {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return { path, size: size ?? bytes.length, read: async () => bytes };
};

describe('import', () => {
  it('keeps text, skips binary, huge, refused names, duplicates; nothing existing is overwritten', async () => {
    const existing = new Set(['main.py']);
    const r = await prepareImport([
      file('src/a.py', 'x = 1\n'),
      file('img.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1])),
      file('latin1.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9])),
      file('big.log', 'x', 20 * 1024 * 1024),
      file('bad:name.py', 'x'),
      file('main.py', 'NEW'),
      file('.git/config', 'x'),
    ], { has: (p) => existing.has(p), size: 1 });
    expect(r.accepted).toEqual([['src/a.py', 'x = 1\n']]);
    const reasons = r.skipped.map((s) => s.reason);
    expect(reasons).toEqual(expect.arrayContaining(['binary (not UTF-8 text)', 'larger than 5 MB', 'already in the workspace (yours is kept)', 'inside .git or node_modules']));
    expect(reasons.some((x) => x.startsWith('refused name'))).toBe(true);
    expect(describeImport(r)).toContain('Imported 1 of 7 files.');
  });

  it('50,000 files: imports up to the limit, reads no more than it keeps, says how many were left out', async () => {
    let reads = 0;
    const many: IncomingFile[] = Array.from({ length: 50_000 }, (_, i) => ({ path: `big/f${(i * 7_919) % 50_000}.txt`, size: 2, read: async () => { reads++; return new Uint8Array([0x68, 0x69]); } }));
    const r = await prepareImport(many, { has: () => false, size: 0 });
    expect(r.accepted).toHaveLength(10_000);
    expect(r.accepted.at(-1)![0]).toBe('big/f9999.txt'); // the first 10,000 by name, not in listing order
    expect(reads).toBe(10_000);
    expect(r.skipped[0]).toMatchObject({ count: 40_000, reason: expect.stringContaining('10,000 files') });
  });

  it('reports progress as it goes, ending at the total', async () => {
    const calls: [number, number][] = [];
    const many = Array.from({ length: 1_000 }, (_, i) => file(`f${i}.txt`, 'x'));
    await prepareImport(many, { has: () => false, size: 0 }, undefined, (done, total) => calls.push([done, total]));
    expect(calls.length).toBeGreaterThan(2);
    expect(calls.every(([, t]) => t === 1_000)).toBe(true);
    expect(calls.map(([d]) => d)).toEqual([...calls.map(([d]) => d)].sort((a, b) => a - b));
    expect(calls.at(-1)).toEqual([1_000, 1_000]);
  });

  it('decodes UTF-8 (BOM dropped), zips round-trip', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe('a');
    const z = unzipSync(zipWorkspace([['a/b.py', 'ü\n'], ['c.txt', '']]));
    expect(Object.keys(z).sort()).toEqual(['a/b.py', 'c.txt']);
    expect(strFromU8(z['a/b.py'])).toBe('ü\n');
  });
});
