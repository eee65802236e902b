// The types of installed packages, as the types check resolves them (the
// compiler's own module resolution over a node_modules tree held in memory).
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  answerProbes,
  isPackagePath,
  MAX_PACKAGE_FILE_CHARS,
  PackageResolution,
  type PackageFiles,
  type PackageProbe,
} from './package-types';
import { createTypescriptTypesChecker } from './typescript-types';
import { TYPES_COMPILER_OPTIONS } from './type-diagnostics';
import { packageSourceFromFiles } from '../workspace/folder-packages';
import { ancestors } from '../workspace/paths';
import { checkedFindings, jsInput } from '../../testing/semantic/js-input';
import { diskPackages } from '../../testing/semantic/disk-packages';

const PACKAGES: Record<string, string> = {
  // Types by `exports` (a `types` condition and a subpath), importing a file of its own and another package.
  'node_modules/@acme/widgets/package.json': JSON.stringify({
    name: '@acme/widgets',
    exports: {
      '.': { types: './dist/index.d.ts', import: './dist/index.js' },
      './theme': { types: './dist/theme.d.ts', import: './dist/theme.js' },
    },
  }),
  'node_modules/@acme/widgets/dist/index.d.ts': [
    `import type { Theme } from './theme';`,
    `import type { Size } from 'sizes';`,
    'export declare class Widget { constructor(theme: Theme); render(): string; size: Size; }',
    'export declare function useWidget(): [Widget, (w: Widget) => void];',
  ].join('\n'),
  'node_modules/@acme/widgets/dist/theme.d.ts': 'export interface Theme { color: string; dark: boolean }',
  // Types by `types`.
  'node_modules/sizes/package.json': JSON.stringify({ name: 'sizes', types: 'lib/sizes.d.ts' }),
  'node_modules/sizes/lib/sizes.d.ts': 'export interface Size { width: number; height: number }',
  // JavaScript only, its types in @types.
  'node_modules/legacy/package.json': JSON.stringify({ name: 'legacy', main: 'index.js' }),
  'node_modules/legacy/index.js': 'module.exports = { greet() {} };',
  'node_modules/@types/legacy/package.json': JSON.stringify({ name: '@types/legacy', types: 'index.d.ts' }),
  'node_modules/@types/legacy/index.d.ts': 'export declare function greet(name: string): string;',
  // JavaScript only, no types anywhere: `any`.
  'node_modules/untyped/package.json': JSON.stringify({ name: 'untyped', main: 'index.js' }),
  'node_modules/untyped/index.js': 'exports.x = 1;',
};

/** The packages above as a host that knows every path (the Node host: it reads the folder as asked). */
function knownPackages(files = PACKAGES): PackageFiles {
  const folders = new Set(Object.keys(files).flatMap(ancestors));
  return { text: (p) => files[p], isFolder: (p) => folders.has(p) };
}

describe('PackageResolution', () => {
  const resolution = new PackageResolution(ts, knownPackages(), { ...TYPES_COMPILER_OPTIONS });
  const resolved = (specifier: string, from = '/workspace/src/app.ts') => resolution.resolve(specifier, from)?.resolvedFileName;

  it("resolves a bare import by the package's `exports`, `types`, or its @types package", () => {
    expect(resolved('@acme/widgets')).toBe('/workspace/node_modules/@acme/widgets/dist/index.d.ts');
    expect(resolved('@acme/widgets/theme')).toBe('/workspace/node_modules/@acme/widgets/dist/theme.d.ts');
    expect(resolved('sizes')).toBe('/workspace/node_modules/sizes/lib/sizes.d.ts');
    expect(resolved('legacy')).toBe('/workspace/node_modules/@types/legacy/index.d.ts');
  });

  it("resolves a package's own imports, relative or bare", () => {
    const from = '/workspace/node_modules/@acme/widgets/dist/index.d.ts';
    expect(resolved('./theme', from)).toBe('/workspace/node_modules/@acme/widgets/dist/theme.d.ts');
    expect(resolved('sizes', from)).toBe('/workspace/node_modules/sizes/lib/sizes.d.ts');
  });

  it("leaves to the workspace's rules what is not a package, and unresolved what has no types", () => {
    expect(resolved('./theme')).toBeUndefined();
    expect(resolved('untyped')).toBeUndefined();
    expect(resolved('missing')).toBeUndefined();
    expect(resolved('node:fs')).toBeUndefined();
    expect(resolved('./worker?worker')).toBeUndefined();
  });

  it('tells which paths it asked about and did not know, and resolves once it knows them', async () => {
    // A host like the browser's worker: it knows what it was told, and asks for the rest.
    const known = new Map<string, string | undefined>();
    const folders = new Map<string, boolean>();
    const probes: PackageProbe[] = [];
    const partial = new PackageResolution(
      ts,
      { text: (p) => known.get(p), isFolder: (p) => folders.get(p), knowsFile: (p) => known.has(p) },
      { ...TYPES_COMPILER_OPTIONS },
      (probe) => probes.push(probe),
    );
    const from = '/workspace/src/app.ts';
    const wanted = ['sizes', '@acme/widgets', '@acme/widgets/theme', 'legacy'];
    // What a host that reads the folder on demand does: answer what was asked, then resolve again.
    const source = packageSourceFromFiles(PACKAGES);
    for (let round = 0; round < 20 && wanted.some((w) => !partial.resolve(w, from)); round++) {
      const answer = await answerProbes(source, probes.splice(0));
      for (const { path, text } of answer.files) known.set(path, text);
      for (const path of answer.folders) folders.set(path, true);
      for (const { path, folder } of answer.absent) {
        if (folder) folders.set(path, false);
        else known.set(path, undefined);
      }
      partial.reset();
    }
    expect(wanted.map((w) => partial.resolve(w, from)?.resolvedFileName)).toEqual(wanted.map((w) => resolved(w)));
    expect(partial.resolve('sizes', from)?.resolvedFileName).toBe('/workspace/node_modules/sizes/lib/sizes.d.ts');
    // Nothing outside node_modules was ever asked for.
    expect([...folders.keys(), ...known.keys()].filter((p) => !isPackagePath(p))).toEqual([]);
    expect(folders.get('src/node_modules')).toBe(false);
  });
});

describe('answerProbes', () => {
  it('answers a file past the size limit as absent, as the resolution would take it, so no host holds it', async () => {
    const source = packageSourceFromFiles({
      'node_modules/big/index.d.ts': 'x'.repeat(MAX_PACKAGE_FILE_CHARS + 1),
      'node_modules/small/index.d.ts': 'export {};',
    });
    const probes = ['big', 'small'].map((p) => ({ path: `node_modules/${p}/index.d.ts`, folder: false }));
    const answer = await answerProbes(source, probes);
    expect(answer.files.map((f) => f.path)).toEqual(['node_modules/small/index.d.ts']);
    expect(answer.absent).toEqual([probes[0]]);
  });
});

describe('typescriptTypesChecker with the packages', () => {
  const checker = createTypescriptTypesChecker({ text: () => undefined }, { packages: knownPackages() });
  const check = (source: string) => checkedFindings(checker, 'typescript', source, { file: 'src/main.ts' });
  const prelude = [
    `import { Widget, useWidget } from '@acme/widgets';`,
    `import type { Theme } from '@acme/widgets/theme';`,
    `import { greet } from 'legacy';`,
    `import { x } from 'untyped';`,
    'export function run(theme: Theme) {',
    '  const [w, setW] = useWidget();',
    '  ',
  ].join('\n');

  it("flags a member a package's type lacks, through its own imports too", async () => {
    expect(await check(`${prelude}«return w.rendr();»\n}`)).toEqual([expect.stringMatching(/^TS2551 .*'rendr'.*'Widget'/)]);
    expect(await check(`${prelude}«return w.size.widht;»\n}`)).toEqual([expect.stringMatching(/^TS2551 .*'widht'.*'Size'/)]);
    expect(await check(`${prelude}«return theme.colour;»\n}`)).toEqual([expect.stringMatching(/^TS2551 .*'colour'.*'Theme'/)]);
    expect(await check(`${prelude}«return greet(42);»\n}`)).toEqual([expect.stringMatching(/^TS2345/)]);
  });

  it('correct uses are not flagged, and an untyped package stays `any`', async () => {
    expect(
      await check(`${prelude}«setW(new Widget(theme)); return w.render() + w.size.width + theme.color + greet('a') + x.anything;»\n}`),
    ).toEqual([]);
  });

  it('without the packages, their values are `any`', async () => {
    const without = createTypescriptTypesChecker({ text: () => undefined });
    const input = await jsInput('typescript', `${prelude}«return w.rendr();»\n}`, { file: 'src/main.ts' });
    expect(await without.check(input)).toEqual([]);
    input.tree.delete();
    input.baseline.tree.delete();
  });
});

describe('typescriptTypesChecker: a union narrowed by a boolean field', () => {
  const checker = createTypescriptTypesChecker({ text: () => undefined });
  const check = async (completion: string) => {
    const source = `type Result = { ok: true; value: string } | { ok: false; error: string };\ndeclare const r: Result;\nexport function f() {\n  «${completion}»\n}`;
    return (await checkedFindings(checker, 'typescript', source, { file: 'src/main.ts' })).map((f) => f.split(' ')[0]);
  };

  it('a property one member has is no error (the check does not narrow without strict null checks)', async () => {
    expect(await check('if (!r.ok) return r.error;')).toEqual([]);
    expect(await check('return r.ok ? r.value : r.error;')).toEqual([]);
  });

  it('a property no member has still is', async () => {
    expect(await check('if (!r.ok) return r.eror;')).toEqual(['TS2339']);
  });
});

describe("typescriptTypesChecker with this repository's installed React types", () => {
  const repo = fileURLToPath(new URL('../..', import.meta.url));
  const checker = createTypescriptTypesChecker({ text: () => undefined }, { packages: diskPackages(repo) });
  const check = (source: string) => checkedFindings(checker, 'tsx', source, { file: 'src/app/Panel.tsx' });
  const prelude = [
    `import { useState, type ChangeEvent } from 'react';`,
    'function Field(props: { label: string; size: number }) { return null; }',
    'export function Panel() {',
    '  const [state, setState] = useState({ count: 1, name: "" });',
    '  const onChange = (e: ChangeEvent<HTMLInputElement>) => setState({ ...state, name: e.target.value });',
    '  ',
  ].join('\n');

  it("a member a hook's state lacks is flagged", async () => {
    expect(await check(`${prelude}«return state.cont + 1;»\n}`)).toEqual([expect.stringMatching(/^TS2551 .*'cont'/)]);
  });

  it("the DOM's members, which React's types stand in for without the DOM lib, are no error", async () => {
    expect(await check(`${prelude}«const v = (e: ChangeEvent<HTMLInputElement>) => e.target.value + e.currentTarget.checked;»\n}`)).toEqual(
      [],
    );
  });

  it("an element's attributes are not typed; a component's props are", async () => {
    expect(
      await check(`${prelude}«return <div classname="x" onClick={() => setState({ count: 2, name: "" })}>{state.count}</div>;»\n}`),
    ).toEqual([]);
    expect(await check(`${prelude}«return <Field label={state.count} size={2} />;»\n}`)).toEqual([expect.stringMatching(/^TS2322/)]);
  });
});
