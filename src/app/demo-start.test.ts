import { describe, expect, it } from 'vitest';
import type { ConfigLayer } from '../vocabulary/config';
import { Workspace } from '../workspace/workspace';
import { SAMPLE_WORKSPACE } from '../workspace/samples';
import { startDemo } from './demo-start';

function run(ws: Workspace) {
  const applied: [ConfigLayer, boolean][] = [];
  const open = startDemo(ws, (o, reload) => applied.push([o, reload]));
  return { open, applied };
}

describe('starting the demo', () => {
  it('adds the samples under demo/ to a workspace of other files, switches to local-only without a reload, and opens the entry', () => {
    const ws = new Workspace({ files: [['notes.md', '# mine\n']], folders: [] });
    const { open, applied } = run(ws);
    expect(open).toBe('demo/python/main.py');
    expect(ws.read(open)).toBeDefined();
    expect(ws.read('notes.md')).toBe('# mine\n');
    expect(applied).toEqual([[{ privacy: { mode: 'local-only' } }, false]]);
  });

  it('a workspace that is the samples gets no second copy', () => {
    const ws = new Workspace({ files: SAMPLE_WORKSPACE.files.map(([p, c]) => [p, c] as [string, string]), folders: [] });
    const before = ws.paths().length;
    expect(run(ws).open).toBe('python/main.py');
    expect(ws.paths().length).toBe(before);
  });

  it('a second start adds nothing', () => {
    const ws = new Workspace({ files: [['notes.md', 'x']], folders: [] });
    run(ws);
    const after = ws.paths().length;
    run(ws);
    expect(ws.paths().length).toBe(after);
  });
});
