// The exported review diff on its own: the cases a branch's change can hold
// that the server tests do not (no final newline, an empty new file, a
// binary file), checked by git apply in a scratch repository.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reviewedFiles, unifiedDiff } from './patch';
import type { GitChange } from './types';

function applyInScratch(files: Record<string, string>, patch: string): (p: string) => string | undefined {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patch-'));
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
  git('init', '--quiet');
  for (const [p, t] of Object.entries(files)) fs.writeFileSync(path.join(dir, p), t);
  fs.writeFileSync(path.join(dir, '.review.diff'), patch);
  git('apply', '--check', '.review.diff');
  git('apply', '.review.diff');
  return (p) => (fs.existsSync(path.join(dir, p)) ? fs.readFileSync(path.join(dir, p), 'utf8') : undefined);
}

describe('unifiedDiff', () => {
  it('keeps a missing final newline, adds an empty file and removes one', () => {
    const changes: GitChange[] = [
      { path: 'a.txt', state: 'modified', before: 'one\ntwo', after: 'one\nTWO' },
      { path: 'empty.txt', state: 'added', before: '', after: '' },
      { path: 'gone.txt', state: 'deleted', before: 'bye\n', after: '' },
    ];
    const patch = unifiedDiff(reviewedFiles(changes, () => undefined));
    expect(patch).toContain('\\ No newline at end of file');
    expect(patch).toContain('diff --git a/empty.txt b/empty.txt\nnew file mode 100644\n');
    const read = applyInScratch({ 'a.txt': 'one\ntwo', 'gone.txt': 'bye\n' }, patch);
    expect(read('a.txt')).toBe('one\nTWO');
    expect(read('empty.txt')).toBe('');
    expect(read('gone.txt')).toBeUndefined();
  });

  it('uses the edited text, and names a binary file without its bytes', () => {
    const changes: GitChange[] = [
      { path: 'x.py', state: 'modified', before: 'x = 1\n', after: 'x = 2\n' },
      { path: 'logo.png', state: 'modified', before: '', after: '', binary: true },
    ];
    const patch = unifiedDiff(reviewedFiles(changes, (p) => (p === 'x.py' ? 'x = 3\n' : undefined)));
    expect(patch).toContain('-x = 1\n+x = 3\n');
    expect(patch).not.toContain('x = 2');
    expect(patch).toContain('Binary files a/logo.png and b/logo.png differ\n');
  });
});

describe('binary files and renames against a real repository', () => {
  it('a review with a binary file changed, added and removed, and files renamed, applies with git apply --check at its base', async () => {
    const { startGitServer } = await import('../../testing/servers/git-server');
    const { GitRepo } = await import('./repo');
    const png = (n: number) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), Buffer.alloc(3000, n)]).toString('latin1');
    const server = await startGitServer({
      files: { 'README.md': '# Demo\n', 'logo.png': png(1), 'old.bin': png(2), 'docs/guide.md': 'guide\nline two\n' },
    });
    try {
      server.branchFromElsewhere('feature');
      // The git CLI writes the binary files from latin1 text: the exact bytes.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patch-bin-'));
      const git = (...args: string[]) =>
        execFileSync('git', args, {
          cwd: dir,
          encoding: 'utf8',
          env: {
            ...process.env,
            GIT_CONFIG_NOSYSTEM: '1',
            GIT_AUTHOR_NAME: 'T',
            GIT_AUTHOR_EMAIL: 't@x',
            GIT_COMMITTER_NAME: 'T',
            GIT_COMMITTER_EMAIL: 't@x',
          },
        });
      git('clone', '--quiet', '--branch', 'feature', server.bareDir, '.');
      fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.from(png(7), 'latin1'));
      fs.writeFileSync(path.join(dir, 'new.bin'), Buffer.concat([Buffer.from([0, 1, 2, 3]), crypto.randomBytes(5000)]));
      git('rm', '--quiet', 'old.bin');
      git('mv', 'docs/guide.md', 'docs/handbook.md');
      git('add', '-A');
      git('commit', '--quiet', '-m', 'Binary and renames');
      git('push', '--quiet', 'origin', 'feature');

      const repo = new GitRepo({
        fs,
        dir: fs.mkdtempSync(path.join(os.tmpdir(), 'patch-clone-')),
        server: () => server.url,
        credentials: () => ({}),
      });
      expect((await repo.clone(server.repoUrl)).ok).toBe(true);
      const r = await repo.reviewChanges({ kind: 'merge-base', branch: 'feature', base: 'main' });
      if (!r.ok) throw new Error(r.error);
      expect(r.value.changes.map((c) => [c.state, c.from ?? '', c.path])).toEqual([
        ['renamed', 'docs/guide.md', 'docs/handbook.md'],
        ['modified', '', 'logo.png'],
        ['added', '', 'new.bin'],
        ['deleted', '', 'old.bin'],
      ]);
      // Renamed and edited in the review: the rename and the edit both apply.
      const patch = unifiedDiff(reviewedFiles(r.value.changes, (p) => (p === 'docs/handbook.md' ? 'guide\nline 2\n' : undefined)));
      expect(patch).toContain('rename from docs/guide.md\nrename to docs/handbook.md\n');
      expect(patch).toMatch(/^index [0-9a-f]{40}\.\.[0-9a-f]{40} 100644\nGIT binary patch\n/m);
      const check = fs.mkdtempSync(path.join(os.tmpdir(), 'patch-check-'));
      execFileSync('git', ['clone', '--quiet', server.bareDir, '.'], { cwd: check });
      execFileSync('git', ['checkout', '--quiet', r.value.from], { cwd: check });
      fs.writeFileSync(path.join(check, '.review.diff'), patch);
      execFileSync('git', ['apply', '--check', '.review.diff'], { cwd: check });
      execFileSync('git', ['apply', '.review.diff'], { cwd: check });
      expect(fs.readFileSync(path.join(check, 'logo.png'))).toEqual(fs.readFileSync(path.join(dir, 'logo.png')));
      expect(fs.readFileSync(path.join(check, 'new.bin'))).toEqual(fs.readFileSync(path.join(dir, 'new.bin')));
      expect(fs.existsSync(path.join(check, 'old.bin'))).toBe(false);
      expect(fs.existsSync(path.join(check, 'docs/guide.md'))).toBe(false);
      expect(fs.readFileSync(path.join(check, 'docs/handbook.md'), 'utf8')).toBe('guide\nline 2\n');
      // Renamed as it was (no edit): headers only, as git writes it.
      const plain = unifiedDiff(reviewedFiles(r.value.changes, () => undefined));
      expect(plain).toContain(
        'diff --git a/docs/guide.md b/docs/handbook.md\nsimilarity index 100%\nrename from docs/guide.md\nrename to docs/handbook.md\ndiff --git',
      );
    } finally {
      await server.close();
    }
  });
});
