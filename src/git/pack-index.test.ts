// The pack indexer against git's own: for the same pack, `git index-pack`
// and indexPack must write the same .idx, byte for byte, whether git wrote
// the deltas as offsets or as object ids, and on this repository's own
// history; a thin pack (a delta's base outside it) is refused so that the
// caller's own indexer takes it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { indexPack, installFastPackIndex, PackIndexUnsupported } from './pack-index';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pack-index-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const git = (cwd: string, args: string[], input?: string | Buffer) =>
  execFileSync('git', args, { cwd, input, maxBuffer: 1 << 30, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: root } });

/** A repository whose files change a little in each commit (deltas), with a binary file and a rename. */
function historyRepo(): string {
  const dir = path.join(root, 'history');
  fs.mkdirSync(dir);
  git(dir, ['init', '-q', '-b', 'main']);
  git(dir, ['config', 'user.email', 't@example.test']);
  git(dir, ['config', 'user.name', 'T']);
  const lines = Array.from({ length: 400 }, (_, i) => `line ${i}: ${'x'.repeat(i % 50)}`);
  for (let c = 0; c < 30; c++) {
    lines[(c * 37) % lines.length] = `changed in commit ${c}`;
    fs.writeFileSync(path.join(dir, 'a.txt'), lines.join('\n'));
    fs.writeFileSync(path.join(dir, 'b.py'), lines.slice(c).join('\n'));
    fs.writeFileSync(path.join(dir, 'blob.bin'), Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * (c + 7)) & 255)));
    if (c === 20) git(dir, ['mv', 'b.py', 'c.py']);
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-q', '-m', `commit ${c}`]);
  }
  return dir;
}

/** A pack of every object reachable in `dir` (as a server sends for a clone), git's .idx of it, and ours. */
async function bothIndexes(dir: string, packArgs: string[]): Promise<{ ours: Buffer; gits: Buffer; objects: number }> {
  const objects = git(dir, ['rev-list', '--objects', '--all']).toString();
  const pack = git(dir, ['pack-objects', '--stdout', ...packArgs], objects);
  const packPath = path.join(root, `p-${Math.random().toString(36).slice(2)}.pack`);
  fs.writeFileSync(packPath, pack);
  git(root, ['index-pack', '-o', `${packPath}.idx`, packPath]);
  const ours = Buffer.from(await indexPack(new Uint8Array(pack)));
  return { ours, gits: fs.readFileSync(`${packPath}.idx`), objects: objects.trim().split('\n').length };
}

describe('indexPack', () => {
  const dir = historyRepo();

  it("writes git's own .idx for a pack whose deltas name their base by offset", async () => {
    const { ours, gits, objects } = await bothIndexes(dir, ['--delta-base-offset']);
    expect(objects).toBeGreaterThan(100);
    expect(ours.equals(gits)).toBe(true);
  });

  it('and for one whose deltas name their base by object id', async () => {
    const { ours, gits } = await bothIndexes(dir, []);
    expect(ours.equals(gits)).toBe(true);
  });

  it("and for this repository's own history", async () => {
    const { ours, gits, objects } = await bothIndexes(process.cwd(), ['--delta-base-offset']);
    expect(objects).toBeGreaterThan(1000);
    expect(ours.equals(gits)).toBe(true);
  });

  it('refuses a thin pack (a base left out) as one it does not read, and a pack cut short as broken', async () => {
    const thin = git(dir, ['pack-objects', '--stdout', '--thin', '--revs'], 'main\n^main~3\n');
    await expect(indexPack(new Uint8Array(thin))).rejects.toBeInstanceOf(PackIndexUnsupported);
    // What isomorphic-git's fetch finds registered answers nothing for it, so isomorphic-git's own indexer takes it.
    const indexed = installFastPackIndex();
    const registered = (globalThis as Record<symbol, (pack: Uint8Array) => Promise<Uint8Array | undefined>>)[
      Symbol.for('isomorphic-git.indexPack')
    ];
    const before = indexed();
    expect(await registered(new Uint8Array(thin))).toBeUndefined();
    expect(indexed()).toBe(before);
    const pack = git(dir, ['pack-objects', '--stdout', '--revs'], 'main\n');
    await expect(indexPack(new Uint8Array(pack.subarray(0, pack.length - 1000)))).rejects.toThrow();
  });

  it('counts a pack it indexed the same through every install, the first or a later one', async () => {
    const first = installFastPackIndex();
    const second = installFastPackIndex();
    const registered = (globalThis as Record<symbol, (pack: Uint8Array) => Promise<Uint8Array | undefined>>)[
      Symbol.for('isomorphic-git.indexPack')
    ];
    const before = first();
    expect(await registered(new Uint8Array(git(dir, ['pack-objects', '--stdout', '--revs'], 'main\n')))).toBeInstanceOf(Uint8Array);
    expect(first()).toBe(before + 1);
    expect(second()).toBe(first());
  });
});
