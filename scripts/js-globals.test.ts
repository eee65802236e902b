import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GLOBALS_FILE, jsGlobalsSource } from './js-globals';

describe('src/semantic/js-globals.ts', () => {
  it('is what scripts/js-globals.ts generates from the installed TypeScript (run `npx tsx scripts/js-globals.ts`)', () => {
    expect(fs.readFileSync(GLOBALS_FILE, 'utf8')).toBe(jsGlobalsSource());
  });
});
