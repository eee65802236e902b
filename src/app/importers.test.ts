import { describe, expect, it } from 'vitest';
import { MemoryFolder } from '../../testing/workspace/memory-folder';
import { readDiskFolder } from './importers';

describe('readDiskFolder', () => {
  it("lists the folder's files, and names the .git and node_modules folders it did not go into", async () => {
    const disk = new MemoryFolder('proj');
    disk.file('src/main.ts', 'export const a = 1;');
    disk.file('README.md', '# proj');
    disk.file('node_modules/widgets/index.d.ts', 'export declare const w: number;');
    disk.file('packages/lib/.git/HEAD', 'ref: refs/heads/main\n');
    const { folder, found, incoming } = await readDiskFolder(disk);
    expect(folder.name).toBe('proj');
    expect(found.map((f) => f.path).sort()).toEqual(['README.md', 'src/main.ts']);
    expect(incoming.map((f) => f.path).sort()).toEqual([
      'proj/README.md',
      'proj/node_modules/',
      'proj/packages/lib/.git/',
      'proj/src/main.ts',
    ]);
    const main = incoming.find((f) => f.path === 'proj/src/main.ts')!;
    expect(new TextDecoder().decode(await main.read())).toBe('export const a = 1;');
  });
});
