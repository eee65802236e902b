import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ICONS, maskableSvg } from './make-icons';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));

/** A PNG's width and height, from its IHDR chunk (the first, at a fixed offset). */
function pngSize(file: string): { width: number; height: number } {
  const b = fs.readFileSync(file);
  expect(b.subarray(0, 8).toString('hex'), `${file} is not a PNG`).toBe('89504e470d0a1a0a');
  expect(b.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

describe('the PNG icons (`npm run icons`)', () => {
  it.each(ICONS)('public/$file is a $size x $size PNG', ({ file, size }) => {
    expect(pngSize(path.join(publicDir, file))).toEqual({ width: size, height: size });
  });

  it("the maskable drawing fills the square: the SVG's rounded background loses its corners", () => {
    const svg = fs.readFileSync(path.join(publicDir, 'icon.svg'), 'utf8');
    const square = maskableSvg(svg);
    expect(svg).toMatch(/<rect\b[^>]*\brx=/);
    expect(square).not.toMatch(/<rect\b[^>]*\brx=/);
    expect(square.replace(/\s+/g, '')).toBe(svg.replace(/\s+rx="[^"]*"/, '').replace(/\s+/g, ''));
    expect(() => maskableSvg('<svg><circle r="1"/></svg>')).toThrow(/no rounded background/);
  });
});
