// The types of installed packages, as the types check resolves them (the
// compiler's own module resolution over a node_modules tree held in memory).
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PackageResolution, type PackageFiles, type PackageProbe } from './package-types';
import { createTypescriptTypesChecker } from './typescript-types';
import { TYPES_COMPILER_OPTIONS } from './type-diagnostics';
import { jsInput } from '../../testing/semantic/js-input';

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
  'node_modules/sizes/package.json': JSON.stringify({ name: 'sizes', types: 'sizes.d.ts' }),
  'node_modules/sizes/sizes.d.ts': 'export interface Size { width: number; height: number }',
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
  const folders = new Set(
    Object.keys(files).flatMap((p) =>
      p
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  return { text: (p) => files[p], isFolder: (p) => folders.has(p) };
}

describe('PackageResolution', () => {
  const resolution = new PackageResolution(ts, knownPackages(), { ...TYPES_COMPILER_OPTIONS });
  const resolved = (specifier: string, from = '/workspace/src/app.ts') => resolution.resolve(specifier, from)?.resolvedFileName;

  it("resolves a bare import by the package's `exports`, `types`, or its @types package", () => {
    expect(resolved('@acme/widgets')).toBe('/workspace/node_modules/@acme/widgets/dist/index.d.ts');
    expect(resolved('@acme/widgets/theme')).toBe('/workspace/node_modules/@acme/widgets/dist/theme.d.ts');
    expect(resolved('sizes')).toBe('/workspace/node_modules/sizes/sizes.d.ts');
    expect(resolved('legacy')).toBe('/workspace/node_modules/@types/legacy/index.d.ts');
  });

  it("resolves a package's own imports, relative or bare", () => {
    const from = '/workspace/node_modules/@acme/widgets/dist/index.d.ts';
    expect(resolved('./theme', from)).toBe('/workspace/node_modules/@acme/widgets/dist/theme.d.ts');
    expect(resolved('sizes', from)).toBe('/workspace/node_modules/sizes/sizes.d.ts');
  });

  it("leaves to the workspace's rules what is not a package, and unresolved what has no types", () => {
    expect(resolved('./theme')).toBeUndefined();
    expect(resolved('untyped')).toBeUndefined();
    expect(resolved('missing')).toBeUndefined();
    expect(resolved('node:fs')).toBeUndefined();
    expect(resolved('./worker?worker')).toBeUndefined();
  });

  it('tells which paths it asked about and did not know, and resolves once it knows them', () => {
    const known: Record<string, string> = {};
    const folders = new Map<string, boolean>();
    const probes: PackageProbe[] = [];
    const partial = new PackageResolution(
      ts,
      { text: (p) => known[p], isFolder: (p) => folders.get(p) ?? (p in known ? false : undefined) },
      { ...TYPES_COMPILER_OPTIONS },
      (probe) => probes.push(probe),
    );
    // What a host that reads the folder on demand does: answer what was asked, then resolve again.
    for (let round = 0; round < 10 && !partial.resolve('sizes', '/workspace/src/app.ts'); round++) {
      for (const { path, folder } of probes.splice(0)) {
        if (folder)
          folders.set(
            path,
            Object.keys(PACKAGES).some((p) => p.startsWith(`${path}/`)),
          );
        else if (PACKAGES[path] !== undefined) known[path] = PACKAGES[path];
        else folders.set(path, false);
      }
      partial.reset();
    }
    expect(partial.resolve('sizes', '/workspace/src/app.ts')?.resolvedFileName).toBe('/workspace/node_modules/sizes/sizes.d.ts');
    // Nothing outside node_modules was ever asked for.
    expect([...folders.keys(), ...Object.keys(known)].every((p) => p.startsWith('node_modules') || p.includes('/node_modules'))).toBe(true);
  });
});

describe('typescriptTypesChecker with the packages', () => {
  const checker = createTypescriptTypesChecker({ text: () => undefined }, undefined, knownPackages());
  const check = async (source: string, file = 'src/main.ts') => {
    const input = await jsInput('typescript', source, { file });
    try {
      return (await checker.check(input)).map((f) => `${f.name} ${f.detail}`);
    } finally {
      input.tree.delete();
      input.baseline.tree.delete();
    }
  };
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
    const input = await jsInput('typescript', source, { file: 'src/main.ts' });
    try {
      return (await checker.check(input)).map((f) => f.name);
    } finally {
      input.tree.delete();
      input.baseline.tree.delete();
    }
  };

  it('a property one member has is no error (the check does not narrow without strict null checks)', async () => {
    expect(await check('if (!r.ok) return r.error;')).toEqual([]);
    expect(await check('return r.ok ? r.value : r.error;')).toEqual([]);
  });

  it('a property no member has still is', async () => {
    expect(await check('if (!r.ok) return r.eror;')).toEqual(['TS2339']);
  });
});
