import { unzipSync, strFromU8, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeText } from './decode-text';
import { describeImport, prepareImport, type IncomingFile } from './import';
import { zipWorkspace } from './zip';

const file = (path: string, content: string | Uint8Array, size?: number): IncomingFile => {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return { path, size: size ?? bytes.length, read: async () => bytes };
};

describe('import', () => {
  it('keeps text, skips binary, huge, refused names, duplicates; nothing existing is overwritten', async () => {
    const existing = new Set(['main.py']);
    const r = await prepareImport(
      [
        file('src/a.py', 'x = 1\n'),
        file('img.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1])),
        file('latin1.txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a])),
        file('big.log', 'x', 20 * 1024 * 1024),
        file('bad:name.py', 'x'),
        file('main.py', 'NEW'),
        file('.git/config', 'x'),
      ],
      { has: (p) => existing.has(p), size: 1 },
    );
    expect(r.accepted).toEqual([
      ['latin1.txt', 'café\n'],
      ['src/a.py', 'x = 1\n'],
    ]);
    expect(r.legacyEncoded).toEqual(['latin1.txt']);
    const reasons = r.skipped.map((s) => s.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'binary (not text)',
        'larger than 5 MB',
        'already in the workspace (yours is kept)',
        'inside .git or node_modules',
      ]),
    );
    expect(reasons.some((x) => x.startsWith('refused name'))).toBe(true);
    expect(describeImport(r)).toContain('Imported 2 of 7 files.');
    expect(describeImport(r)).toContain('Read as Windows-1252 (not UTF-8; check accents and symbols): latin1.txt.');
  });

  it('a folder the walk did not go into is said in the report, and is no file', async () => {
    const r = await prepareImport([file('proj/a.py', 'x = 1\n'), file('proj/node_modules/', ''), file('proj/.git/', '')], {
      has: () => false,
      size: 0,
    });
    expect(r.accepted.map(([p]) => p)).toEqual(['proj/a.py']);
    expect(r.folders).toEqual([]);
    expect(describeImport(r)).toBe(
      'Imported 1 of 1 files. Skipped 2 folder(s) not read: .git, node_modules (e.g. proj/.git, proj/node_modules).',
    );
  });

  it('50,000 files: imports up to the limit, reads no more than it keeps, says how many were left out', async () => {
    let reads = 0;
    const many: IncomingFile[] = Array.from({ length: 50_000 }, (_, i) => ({
      path: `big/f${(i * 7_919) % 50_000}.txt`,
      size: 2,
      read: async () => {
        reads++;
        return new Uint8Array([0x68, 0x69]);
      },
    }));
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

  it('decodes UTF-8 (BOM dropped); Windows-1252 text as Windows-1252; binary stays refused', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toEqual({ text: 'a', encoding: 'utf-8' });
    // "naïve, café" in Latin-1 (the Windows-1252-only signs, such as €, are checked in Chromium by
    // e2e/workspace-import.spec.ts: some Node versions decode that range as Latin-1).
    const cp1252 = new Uint8Array([0x6e, 0x61, 0xef, 0x76, 0x65, 0x2c, 0x20, 0x63, 0x61, 0x66, 0xe9, 0x0a]);
    expect(decodeText(cp1252)).toEqual({ text: 'naïve, café\n', encoding: 'windows-1252' });
    // No NUL, not UTF-8, but mostly control bytes: a binary format, not text.
    const controls = new Uint8Array(Array.from({ length: 200 }, (_, i) => [0x01, 0x02, 0x1b, 0xff][i % 4]));
    expect(decodeText(controls)).toBeUndefined();
    expect(decodeText(new Uint8Array([0x41, 0x00, 0x42]))).toBeUndefined();
  });

  it('zips every folder as a directory entry, so an empty folder survives export and import', async () => {
    const bytes = zipWorkspace(
      [
        ['a/b.py', 'ü\n'],
        ['c.txt', ''],
      ],
      ['a', 'empty', 'empty/inner'],
    );
    const z = unzipSync(bytes);
    expect(Object.keys(z).sort()).toEqual(['a/', 'a/b.py', 'c.txt', 'empty/', 'empty/inner/']);
    expect(strFromU8(z['a/b.py'])).toBe('ü\n');
    const r = await prepareImport([file('workspace.zip', bytes)], { has: () => false, size: 0 });
    expect(r.accepted.sort()).toEqual([
      ['a/b.py', 'ü\n'],
      ['c.txt', ''],
    ]);
    expect(r.folders.sort()).toEqual(['a', 'empty', 'empty/inner']);
  });

  it('a zip inside a folder opens there; unsafe entry names and broken zips are skipped with a reason', async () => {
    const zip = zipSync({ 'x.py': strToU8('x\n'), '../evil.py': strToU8('boom') });
    const r = await prepareImport([file('sub/pkg.zip', zip), file('bad.zip', strToU8('not a zip'))], { has: () => false, size: 0 });
    expect(r.accepted).toEqual([['sub/x.py', 'x\n']]);
    const reasons = r.skipped.map((s) => s.reason);
    expect(reasons).toContain('zip files that could not be opened');
    expect(reasons.some((x) => x.startsWith('refused name'))).toBe(true);
  });
});
