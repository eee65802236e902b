import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

describe('precompressDir', () => {
  it('writes .gz and .br twins that decode to the file, for compressible files over 1 KB only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'router-ide-precompress-'));
    try {
      fs.mkdirSync(path.join(dir, 'sub'));
      const big = Buffer.from('export const x = 1;\n'.repeat(500));
      fs.writeFileSync(path.join(dir, 'sub', 'a.js'), big);
      fs.writeFileSync(path.join(dir, 'tiny.css'), 'a{}');
      fs.writeFileSync(path.join(dir, 'image.png'), Buffer.alloc(4096));
      const done = await precompressDir(dir);
      expect(done.map((f) => path.relative(dir, f))).toEqual([path.join('sub', 'a.js')]);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'sub', 'a.js.gz'))).equals(big)).toBe(true);
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'sub', 'a.js.br'))).equals(big)).toBe(true);
      expect(fs.existsSync(path.join(dir, 'tiny.css.gz'))).toBe(false);
      expect(fs.existsSync(path.join(dir, 'image.png.gz'))).toBe(false);
      // A second run compresses the originals again, never the twins.
      expect((await precompressDir(dir)).length).toBe(1);
      expect(fs.existsSync(path.join(dir, 'sub', 'a.js.gz.gz'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
