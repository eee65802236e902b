// The exported review diff on its own: the cases a branch's change can hold
// that the server tests do not (no final newline, an empty new file, a
// binary file), checked by git apply in a scratch repository.
import { execFileSync } from 'node:child_process';
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
