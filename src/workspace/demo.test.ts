import { describe, expect, it } from 'vitest';
import { planDemo } from './demo';
import { SAMPLE_WORKSPACE } from './samples';
import { Workspace } from './workspace';

const samplePaths = SAMPLE_WORKSPACE.files.map(([p]) => p);

describe('demo', () => {
  it('the untouched sample workspace: nothing added, the samples opened where they are', () => {
    const ws = new Workspace(SAMPLE_WORKSPACE);
    expect(planDemo(ws)).toEqual({ add: [], open: 'python/main.py' });
  });

  it('samples edited or deleted in place: only the missing ones come back, at the top level', () => {
    const ws = new Workspace(SAMPLE_WORKSPACE);
    ws.setContent('python/main.py', 'mine\n');
    ws.delete('cpp/main.cpp');
    const plan = planDemo(ws);
    expect(plan.add).toEqual([SAMPLE_WORKSPACE.files.find(([p]) => p === 'cpp/main.cpp')]);
    expect(plan.open).toBe('python/main.py');
  });

  it('another workspace gets the samples under demo/, once', () => {
    const ws = new Workspace({
      files: [
        ['main.py', 'x = 1\n'],
        ['README.md', '# mine\n'],
      ],
      folders: [],
    });
    const first = planDemo(ws);
    expect(first.add.map(([p]) => p)).toEqual(samplePaths.map((p) => `demo/${p}`));
    expect(first.open).toBe('demo/python/main.py');
    ws.putMany(first.add);
    expect(planDemo(ws)).toEqual({ add: [], open: 'demo/python/main.py' });
  });
});
