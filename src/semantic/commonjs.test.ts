// CommonJS: Node's `module` has `parent`, `id`, `filename`, `children`,
// `paths`, `loaded` and `require`, and `exports` may be filled from anywhere;
// the compiler, without Node's types, types `module` as `{ exports }` alone.
// Hand-made lines first, then real CommonJS files of installed packages
// (code nobody here wrote): each line that uses `module`, `exports`,
// `require` or `__dirname` taken out and put back, never flagged.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onePerPackage } from '../../testing/semantic/package-sources';
import { createNodeSemanticCheck } from '../../testing/semantic/node-check';

const check = createNodeSemanticCheck();

async function flagged(language: string, source: string): Promise<string[]> {
  const [prefix, rest] = source.split('«');
  const [completion, suffix] = rest.split('»');
  const v = await check({ language, prefix, completion, suffix, budgetMs: 20_000 });
  expect(v.checked, v.uncheckedReason).toBe(true);
  return v.findings.map((f) => `${f.name} ${f.detail}`);
}

const VALID: [string, string][] = [
  [
    "Node's module members in a file that assigns module.exports",
    "'use strict';\nmodule.exports = function f() {};\n«if (!module.parent) console.log(module.id, module.filename, module.children, module.paths, module.loaded, module.require('x'));»\n",
  ],
  [
    'require.resolve, require.cache, require.main',
    "var p = require('path');\n«console.log(require.resolve('x'), require.cache, require.main === module);»\n",
  ],
  ['__dirname and __filename', "module.exports = {};\n«const here = require('path').join(__dirname, __filename);»\n"],
  ['an export read that another line sets', 'exports.a = 1;\n«console.log(exports.b, module.exports.c);»\nexports.b = 2;\n'],
  ['an export filled by Object.assign', "Object.assign(exports, require('./more'));\n«exports.helper();»\n"],
  ['module.parent before module.exports', '«if (module.parent) { module.exports.z = module.id; }»\nmodule.exports = {};\n'],
];

describe('CommonJS files: no false flags on Node’s module object', () => {
  it.each(VALID)('%s', async (_, source) => {
    expect(await flagged('javascript', source)).toEqual([]);
  });

  it('still flags a missing member of a value the file types', async () => {
    const found = await flagged('javascript', "module.exports = {};\nconst s = 'abc';\n«console.log(s.toUpperCas(), Math.sqroot(2));»\n");
    expect(found.join('\n')).toMatch(/toUpperCas/);
    expect(found.join('\n')).toMatch(/sqroot/);
  });
});

/** CommonJS files of installed packages (sorted, so the same ones each run): small ones that use the module object. */
function commonJsFiles(limit: number): string[] {
  const root = join(process.cwd(), 'node_modules');
  // Two that read `module.parent` (the shape the compiler got wrong), when installed.
  const extras = ['require-from-string/index.js', '@isomorphic-git/lightning-fs/src/superblocktxt.js']
    .map((f) => join(root, f))
    .filter((f) => statSync(f, { throwIfNoEntry: false }));
  const found = onePerPackage({
    limit: limit - extras.length,
    maxDepth: 3,
    skipDirs: ['.bin', 'test', 'tests'],
    candidate: (name, size) => name.endsWith('.js') && size > 400 && size < 12_000,
    pick: (path) => {
      const text = readFileSync(path, 'utf8');
      const commonJs =
        /\bmodule\.exports\b/.test(text) && /\brequire\(/.test(text) && /\b(module\.\w+|exports\.\w+|require\.\w+|__dirname)/.test(text);
      return commonJs ? path : undefined;
    },
  });
  return [...extras, ...found];
}

describe('real CommonJS files of installed packages', () => {
  const files = commonJsFiles(25);

  it('finds some', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((f) => [f.slice(f.indexOf('node_modules')), f]))('%s: its module/exports/require lines', async (_, file) => {
    const lines = readFileSync(file, 'utf8').split('\n');
    const flags: string[] = [];
    for (const [i, line] of lines.entries()) {
      if (!/\b(module|exports|require|__dirname|__filename)\b/.test(line) || /^\s*(\/\/|\*|\/\*)/.test(line)) continue;
      const source = `${lines.slice(0, i).join('\n')}\n«${line}»\n${lines.slice(i + 1).join('\n')}`;
      for (const f of await flagged('javascript', source)) flags.push(`${i + 1}: ${line.trim()} -> ${f}`);
    }
    expect(flags).toEqual([]);
  });
});
