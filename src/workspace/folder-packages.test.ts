import { describe, expect, it } from 'vitest';
import { DiskFolder } from './disk-folder';
import { folderPackages } from './folder-packages';
import { inSkippedFolder } from './import';
import { MemoryFolder } from '../../testing/workspace/memory-folder';

function project(): MemoryFolder {
  const disk = new MemoryFolder('proj');
  disk.file('src/main.ts', `import { w } from 'widgets';\n`);
  disk.file('node_modules/widgets/package.json', '{"types":"index.d.ts"}');
  disk.file('node_modules/widgets/index.d.ts', 'export declare const w: number;');
  disk.file('.git/HEAD', 'ref: refs/heads/main\n');
  return disk;
}

describe('folderPackages', () => {
  const packages = folderPackages(new DiskFolder(project()));

  it("reads the folder's node_modules at the workspace's paths for them (under the folder's name)", async () => {
    expect(await packages.read('proj/node_modules/widgets/index.d.ts')).toBe('export declare const w: number;');
    expect(await packages.isFolder('proj/node_modules/widgets')).toBe(true);
    expect(await packages.isFolder('proj/node_modules')).toBe(true);
  });

  it('says no for what is not there, a file asked as a folder, and a folder asked as a file', async () => {
    expect(await packages.read('proj/node_modules/widgets/missing.d.ts')).toBeUndefined();
    expect(await packages.isFolder('proj/node_modules/gadgets')).toBe(false);
    expect(await packages.isFolder('proj/node_modules/widgets/index.d.ts')).toBe(false);
    expect(await packages.read('proj/node_modules/widgets')).toBeUndefined();
  });

  it("never reads outside node_modules, or another folder's", async () => {
    expect(await packages.read('proj/src/main.ts')).toBeUndefined();
    expect(await packages.isFolder('proj/src')).toBe(false);
    expect(await packages.read('other/node_modules/widgets/index.d.ts')).toBeUndefined();
  });
});

describe('DiskFolder.list', () => {
  it('does not walk into the folders an import skips', async () => {
    const paths = (await new DiskFolder(project()).list(undefined, inSkippedFolder)).map((f) => f.path);
    expect(paths).toEqual(['src/main.ts']);
    expect((await new DiskFolder(project()).list()).map((f) => f.path).sort()).toHaveLength(4);
  });
});
