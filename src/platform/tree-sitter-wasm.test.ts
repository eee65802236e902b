// The syntax worker points web-tree-sitter at its runtime .wasm with a `?url`
// import (tree-sitter-wasm.ts); web-tree-sitter's own
// `new URL('web-tree-sitter.wasm', import.meta.url)` makes Vite emit that file
// anyway. One copy ships only while both name the same file, and Node
// (node-runtime.ts) reads that same file too.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { treeSitterWasmPath } from '../syntax/node-runtime';

const require = createRequire(import.meta.url);

describe("web-tree-sitter's runtime .wasm", () => {
  it('is the file the browser bundle refers to, and the one Node loads', () => {
    const src = fs.readFileSync(path.join(__dirname, 'tree-sitter-wasm.ts'), 'utf8');
    const spec = src.match(/from '(web-tree-sitter\/[^']+\.wasm)\?url'/)?.[1];
    expect(spec).toBeDefined();
    const file = require.resolve(spec!);
    expect(file).toBe(treeSitterWasmPath());

    // The module the worker's `import ... from 'web-tree-sitter'` resolves to in the browser.
    const pkgDir = path.resolve(__dirname, '../../node_modules/web-tree-sitter');
    const exportsMap = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')).exports;
    const browserEntry = path.join(pkgDir, exportsMap['.'].import.default);
    const referenced = new Set(
      [...fs.readFileSync(browserEntry, 'utf8').matchAll(/new URL\("([^"]+\.wasm)", import\.meta\.url\)/g)].map((m) => m[1]),
    );
    expect([...referenced].map((f) => path.join(path.dirname(browserEntry), f))).toEqual([file]);
  });
});
