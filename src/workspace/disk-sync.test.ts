import { describe, expect, it } from 'vitest';
import { DiskFolder } from './disk-folder';
import { DiskSync } from './disk-sync';
import { prepareImport } from './import';
import { MemoryFolder } from '../../testing/workspace/memory-folder';
import { Workspace } from './workspace';

/** What the app does on "Open folder…": the usual import of the folder's files under `<name>/`, then the link. */
async function open(ws: Workspace, disk: MemoryFolder): Promise<DiskSync> {
  const folder = new DiskFolder(disk);
  const found = await folder.list();
  const report = await prepareImport(
    found.map(({ path, file }) => ({
      path: `${disk.name}/${path}`,
      size: file.size,
      read: async () => new Uint8Array(await file.arrayBuffer()),
    })),
    ws,
  );
  ws.putMany(report.accepted, [...report.folders, disk.name]);
  return DiskSync.link(ws, folder, found, report);
}

function project(): MemoryFolder {
  const disk = new MemoryFolder('proj');
  disk.file('main.py', 'print(1)\n');
  disk.file('pkg/mod.py', 'x = 1\n');
  return disk;
}

describe('DiskSync', () => {
  it('writes edits, new files and folders, renames and deletes back to the folder', async () => {
    const ws = new Workspace();
    const disk = project();
    const sync = await open(ws, disk);
    expect(ws.read('proj/pkg/mod.py')).toBe('x = 1\n');
    ws.setContent('proj/main.py', 'print(2)\n');
    ws.createFile('proj/new/a.py', 'a\n');
    ws.createFolder('proj/empty');
    await sync.flush();
    expect(disk.file('main.py')!.text()).toBe('print(2)\n');
    expect(disk.file('new/a.py')!.text()).toBe('a\n');
    expect(disk.tree()).toContain('empty/');
    ws.move('proj/pkg', 'proj/lib');
    ws.delete('proj/new/a.py');
    ws.createFile('elsewhere.py', 'not linked\n');
    await sync.flush();
    expect(disk.tree()).toEqual(['empty/', 'lib/', 'lib/mod.py', 'main.py', 'new/']);
    expect(disk.file('lib/mod.py')!.text()).toBe('x = 1\n');
    expect(sync.state).toEqual({ state: 'synced' });
  });

  it('a folder moved or deleted in the workspace keeps, on disk, the files the workspace never took', async () => {
    const ws = new Workspace();
    const disk = project();
    disk.file('pkg/logo.png', '\u0000PNG');
    const sync = await open(ws, disk);
    expect(ws.has('proj/pkg/logo.png')).toBe(false);
    ws.move('proj/pkg', 'proj/core');
    await sync.flush();
    expect(disk.tree()).toEqual(['core/', 'core/mod.py', 'main.py', 'pkg/', 'pkg/logo.png']);
    ws.delete('proj/core');
    await sync.flush();
    expect(disk.tree()).toEqual(['main.py', 'pkg/', 'pkg/logo.png']);
    expect(sync.state).toEqual({ state: 'synced' });
  });

  it('a file changed on disk is never overwritten unasked: keep mine writes, take theirs loads', async () => {
    const ws = new Workspace();
    const disk = project();
    const sync = await open(ws, disk);
    disk.file('main.py')!.setText('theirs\n');
    ws.setContent('proj/main.py', 'mine\n');
    await sync.flush();
    expect(disk.file('main.py')!.text()).toBe('theirs\n');
    expect(sync.conflicts.map((c) => [c.path, c.theirs])).toEqual([['proj/main.py', 'theirs\n']]);
    await sync.keepMine('proj/main.py');
    expect(disk.file('main.py')!.text()).toBe('mine\n');
    expect(sync.conflicts).toEqual([]);

    disk.file('pkg/mod.py')!.setText('x = 2\n');
    await sync.checkDisk();
    expect(sync.conflicts.map((c) => c.path)).toEqual(['proj/pkg/mod.py']);
    sync.takeTheirs('proj/pkg/mod.py');
    expect(ws.read('proj/pkg/mod.py')).toBe('x = 2\n');
    expect(sync.pending).toBe(0);
    // The same text on disk as in the workspace is no conflict.
    disk.file('main.py')!.setText('mine\n');
    await sync.checkDisk();
    expect(sync.conflicts).toEqual([]);
  });

  it('a failed write is an error naming the folder; the file stays pending and is written once the disk takes it', async () => {
    const ws = new Workspace();
    const disk = project();
    const sync = await open(ws, disk);
    disk.failWrites = Object.assign(new Error('There is not enough space on the disk.'), { name: 'QuotaExceededError' });
    ws.setContent('proj/main.py', 'typed\n');
    await sync.flush();
    expect(sync.state.state).toBe('error');
    expect(sync.state.state === 'error' && sync.state.message).toContain('"proj" is full');
    expect(disk.file('main.py')!.text()).toBe('print(1)\n');
    expect(ws.read('proj/main.py')).toBe('typed\n');
    expect(sync.pending).toBe(1);
    disk.failWrites = undefined;
    await sync.flush();
    expect(disk.file('main.py')!.text()).toBe('typed\n');
    expect(sync.state).toEqual({ state: 'synced' });
  });

  it('reopening: files the workspace already had are compared, files only it has are written', async () => {
    const ws = new Workspace({
      files: [
        ['proj/main.py', 'print(1)\n'],
        ['proj/pkg/mod.py', 'edited while away\n'],
        ['proj/only-here.py', 'new\n'],
      ],
      folders: [],
    });
    const disk = project();
    const sync = await open(ws, disk);
    expect(sync.conflicts.map((c) => c.path)).toEqual(['proj/pkg/mod.py']);
    await sync.flush();
    expect(disk.file('only-here.py')!.text()).toBe('new\n');
    expect(disk.file('pkg/mod.py')!.text()).toBe('x = 1\n');
  });

  it('deleting or renaming the linked folder in the workspace unlinks it and deletes nothing on disk', async () => {
    const ws = new Workspace();
    const disk = project();
    const sync = await open(ws, disk);
    ws.move('proj', 'renamed');
    await sync.flush();
    expect(sync.state.state).toBe('unlinked');
    expect(disk.tree()).toEqual(['main.py', 'pkg/', 'pkg/mod.py']);
  });
});
