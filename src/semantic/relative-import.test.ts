// TypeScript's rules for a relative import: the specifiers a text names and
// the workspace file each resolves to.
import { describe, expect, it } from 'vitest';
import { relativeSpecifiers, resolveImport } from './relative-import';

const existsIn = (paths: string[]) => (p: string) => paths.includes(p);

describe('relativeSpecifiers', () => {
  it('reads every form of import and re-export, relative ones only, each once', () => {
    const text = [
      `import { a } from './a';`,
      `import type { B } from "../b/b";`,
      `import * as c from './c.js';`,
      `export { d } from './d';`,
      `export * from './a';`,
      `import './side-effect';`,
      `const e = await import('./e');`,
      `const f = require('./f');`,
      `import React from 'react';`,
      `import x from '@/alias';`,
    ].join('\n');
    expect(relativeSpecifiers(text)).toEqual(['./a', '../b/b', './c.js', './d', './side-effect', './e', './f']);
  });
});

describe('resolveImport', () => {
  it('tries the extensions in TypeScript order, then the folder index', () => {
    expect(resolveImport('src/app.ts', './x', existsIn(['src/x.tsx', 'src/x.js']))).toBe('src/x.tsx');
    expect(resolveImport('src/app.ts', './x', existsIn(['src/x.d.ts', 'src/x.js']))).toBe('src/x.d.ts');
    expect(resolveImport('src/app.ts', './lib', existsIn(['src/lib/index.ts']))).toBe('src/lib/index.ts');
    expect(resolveImport('src/app.ts', '.', existsIn(['src/index.ts']))).toBe('src/index.ts');
    expect(resolveImport('src/a/app.ts', '../b/y', existsIn(['src/b/y.jsx']))).toBe('src/b/y.jsx');
  });

  it('a `.js` import names the TypeScript file compiled to it; a `.ts` one its own file', () => {
    expect(resolveImport('src/app.ts', './x.js', existsIn(['src/x.ts', 'src/x.js']))).toBe('src/x.ts');
    expect(resolveImport('src/app.ts', './x.js', existsIn(['src/x.js']))).toBe('src/x.js');
    expect(resolveImport('src/app.ts', './x.ts', existsIn(['src/x.ts']))).toBe('src/x.ts');
    expect(resolveImport('src/app.ts', './x.ts', existsIn(['src/x.tsx']))).toBeUndefined();
  });

  it('resolves no bare import, no path above the workspace, no file that is not there', () => {
    expect(resolveImport('src/app.ts', 'react', existsIn(['react.ts', 'src/react.ts']))).toBeUndefined();
    expect(resolveImport('app.ts', '../x', existsIn(['x.ts']))).toBeUndefined();
    expect(resolveImport('src/app.ts', './styles.css', existsIn(['src/styles.css']))).toBeUndefined();
    expect(resolveImport('src/app.ts', './worker?worker', existsIn(['src/worker.ts']))).toBeUndefined();
  });
});
