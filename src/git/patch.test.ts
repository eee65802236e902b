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

describe('renames by similarity, as git diff -M finds them', () => {
  it('pairs files moved and edited as git does, with its similarity, and the diff applies at the merge base', async () => {
    const { startGitServer } = await import('../../testing/servers/git-server');
    const { GitRepo } = await import('./repo');
    const lines = (name: string, n: number) => Array.from({ length: n }, (_, i) => `${name} line ${i} of the original text\n`).join('');
    const server = await startGitServer({
      files: {
        'README.md': '# Demo\n',
        'src/util.py': lines('util', 40),
        'src/model.py': lines('model', 20),
        'src/crlf.txt': lines('crlf', 30).replace(/\n/g, '\r\n'),
        'notes/far.txt': lines('far', 20),
      },
    });
    try {
      server.branchFromElsewhere('feature');
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'patch-sim-'));
      const env = {
        ...process.env,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_AUTHOR_NAME: 'T',
        GIT_AUTHOR_EMAIL: 't@x',
        GIT_COMMITTER_NAME: 'T',
        GIT_COMMITTER_EMAIL: 't@x',
      };
      const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', env });
      git('clone', '--quiet', '--branch', 'feature', server.bareDir, '.');
      const move = (from: string, to: string, edit: (t: string) => string) => {
        const text = fs.readFileSync(path.join(dir, from), 'utf8');
        fs.rmSync(path.join(dir, from));
        fs.mkdirSync(path.dirname(path.join(dir, to)), { recursive: true });
        fs.writeFileSync(path.join(dir, to), edit(text));
      };
      // A few lines changed (a rename for git), half of it rewritten (near the line), most of it rewritten (delete + add).
      move('src/util.py', 'lib/helpers.py', (t) => t.replace('util line 3 ', 'util line three ').replace('util line 30 ', 'UTIL 30 '));
      move('src/model.py', 'lib/model.py', (t) =>
        t
          .split('\n')
          .map((l, i) => (i % 3 === 0 ? `${l} changed` : l))
          .join('\n'),
      );
      move('src/crlf.txt', 'docs/crlf.txt', (t) => `${t}one more line\r\n`);
      move('notes/far.txt', 'notes/near.txt', (t) =>
        t
          .split('\n')
          .map((l, i) => (i < 15 ? `rewritten ${i}` : l))
          .join('\n'),
      );
      git('add', '-A');
      git('commit', '--quiet', '-m', 'Move and edit');
      git('push', '--quiet', 'origin', 'feature');
      // What git itself makes of it: R<score> old new, or D/A.
      const expected = git('diff', '-M', '--name-status', 'origin/main', 'feature')
        .trim()
        .split('\n')
        .map((l) => l.split('\t'))
        .map(([s, a, b]) =>
          s.startsWith('R') ? ['renamed', a, b, Number(s.slice(1))] : [s === 'A' ? 'added' : s === 'D' ? 'deleted' : 'modified', '', a, 0],
        )
        .sort((x, y) => (x[2] < y[2] ? -1 : 1));
      expect(expected.filter((e) => e[0] === 'renamed').length).toBeGreaterThanOrEqual(3);
      expect(expected.some((e) => e[0] === 'renamed' && Number(e[3]) < 100)).toBe(true);
      // Mostly rewritten: below git's 50%, a deletion and an addition.
      expect(expected).toContainEqual(['added', '', 'notes/near.txt', 0]);

      const repo = new GitRepo({
        fs,
        dir: fs.mkdtempSync(path.join(os.tmpdir(), 'patch-sim-clone-')),
        server: () => server.url,
        credentials: () => ({}),
      });
      expect((await repo.clone(server.repoUrl)).ok).toBe(true);
      const r = await repo.reviewChanges({ kind: 'merge-base', branch: 'feature', base: 'main' });
      if (!r.ok) throw new Error(r.error);
      expect(r.value.changes.map((c) => [c.state, c.from ?? '', c.path, c.similarity ?? 0])).toEqual(expected);

      // Exported as is: git's own rename headers and similarity, and it applies at the merge base.
      const patch = unifiedDiff(reviewedFiles(r.value.changes, () => undefined));
      const own = git('diff', '-M', 'origin/main', 'feature');
      for (const [, from, to, score] of expected.filter((e) => e[0] === 'renamed'))
        for (const text of [`similarity index ${score}%\nrename from ${from}\nrename to ${to}\n`]) {
          expect(own).toContain(text);
          expect(patch).toContain(text);
        }
      // Edited in the review too: the rename and the edit both apply.
      const edited = unifiedDiff(
        reviewedFiles(r.value.changes, (p) =>
          p === 'lib/helpers.py' ? `${fs.readFileSync(path.join(dir, p), 'utf8')}# reviewed\n` : undefined,
        ),
      );
      for (const [diff, extra] of [
        [patch, ''],
        [edited, '# reviewed\n'],
      ]) {
        const check = fs.mkdtempSync(path.join(os.tmpdir(), 'patch-sim-check-'));
        execFileSync('git', ['clone', '--quiet', server.bareDir, '.'], { cwd: check });
        execFileSync('git', ['checkout', '--quiet', r.value.from], { cwd: check });
        fs.writeFileSync(path.join(check, '.review.diff'), diff);
        execFileSync('git', ['apply', '--check', '.review.diff'], { cwd: check });
        execFileSync('git', ['apply', '.review.diff'], { cwd: check });
        for (const f of ['lib/helpers.py', 'lib/model.py', 'docs/crlf.txt', 'notes/near.txt'])
          expect(fs.readFileSync(path.join(check, f), 'utf8')).toBe(
            fs.readFileSync(path.join(dir, f), 'utf8') + (f === 'lib/helpers.py' ? extra : ''),
          );
        for (const f of ['src/util.py', 'src/model.py', 'src/crlf.txt', 'notes/far.txt'])
          expect(fs.existsSync(path.join(check, f))).toBe(false);
      }
    } finally {
      await server.close();
    }
  });
});
