// Which workspace files the types check's compiler sees: the breadth-first
// closure and its budget, and the links the hosts resolve by.
import { describe, expect, it } from 'vitest';
import { ImportGraph, linkKey, workspaceResolver } from './type-imports';

const workspace = (files: Record<string, string>) => ({ text: (p: string) => files[p] });

describe('ImportGraph', () => {
  const files = {
    'src/app.ts': `import { b } from './b';`,
    'src/b.ts': `export { c } from './lib/c';\nimport './app';`,
    'src/lib/c.ts': `import { d } from '../d';\nexport const c = d;`,
    'src/d.ts': `export const d = 1;`,
    'src/unused.ts': `export const u = 1;`,
  };

  it('follows imports transitively, never to the checked file itself (a circular import stays unresolved)', () => {
    const imports = new ImportGraph().imports('src/app.ts', [files['src/app.ts']], workspace(files));
    expect([...imports.files.keys()]).toEqual(['src/b.ts', 'src/lib/c.ts', 'src/d.ts']);
    expect(imports.links).toEqual({
      [linkKey('src/app.ts', './b')]: 'src/b.ts',
      [linkKey('src/b.ts', './lib/c')]: 'src/lib/c.ts',
      [linkKey('src/lib/c.ts', '../d')]: 'src/d.ts',
    });
  });

  it('reads the imports of both texts (with the completion and without)', () => {
    const imports = new ImportGraph().imports('src/app.ts', [`import './unused';`, `import './d';`], workspace(files));
    expect([...imports.files.keys()].sort()).toEqual(['src/d.ts', 'src/unused.ts']);
  });

  it('stops at the budget: depth, files, characters; a file left out has no link', () => {
    const ws = workspace(files);
    const text = files['src/app.ts'];
    expect([...new ImportGraph({ depth: 1, files: 10, chars: 1e6 }).imports('src/app.ts', [text], ws).files.keys()]).toEqual(['src/b.ts']);
    const two = new ImportGraph({ depth: 9, files: 2, chars: 1e6 }).imports('src/app.ts', [text], ws);
    expect([...two.files.keys()]).toEqual(['src/b.ts', 'src/lib/c.ts']);
    expect(two.links[linkKey('src/lib/c.ts', '../d')]).toBeUndefined();
    const small = new ImportGraph({ depth: 9, files: 10, chars: 60 }).imports('src/app.ts', [text], ws);
    expect([...small.files.keys()]).toEqual(['src/b.ts']);
  });

  it('reads a file again when its text changed', () => {
    const ws = { ...files };
    const graph = new ImportGraph();
    expect([...graph.imports('src/app.ts', [ws['src/app.ts']], workspace(ws)).files.keys()]).toContain('src/d.ts');
    ws['src/lib/c.ts'] = 'export const c = 2;';
    expect([...graph.imports('src/app.ts', [ws['src/app.ts']], workspace(ws)).files.keys()]).toEqual(['src/b.ts', 'src/lib/c.ts']);
  });
});

describe('workspaceResolver', () => {
  const imports = { file: 'src/app.ts', links: { [linkKey('src/app.ts', './b')]: 'src/b.ts', [linkKey('src/b.ts', './c')]: 'src/c.tsx' } };
  const resolve = workspaceResolver(imports, (name) => name === '/semantic/input.ts');

  it('resolves the checked file from its workspace path and a workspace file from its own, by the links only', () => {
    expect(resolve('./b', '/semantic/input.ts')).toEqual({ resolvedFileName: '/workspace/src/b.ts', extension: '.ts' });
    expect(resolve('./c', '/workspace/src/b.ts')).toEqual({ resolvedFileName: '/workspace/src/c.tsx', extension: '.tsx' });
    expect(resolve('./c', '/semantic/input.ts')).toBeUndefined();
    expect(resolve('./b', '/lib.es2022.d.ts')).toBeUndefined();
    expect(workspaceResolver(undefined, () => true)('./b', '/semantic/input.ts')).toBeUndefined();
  });
});
