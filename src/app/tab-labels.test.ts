import { describe, expect, it } from 'vitest';
import { tabLabels } from './tab-labels';

describe('tab labels', () => {
  it('a unique name is just the name', () => {
    expect(tabLabels(['a.py', 'src/b.py']).get('src/b.py')).toEqual({ name: 'b.py' });
  });
  it('two files of one name say which folder, with as few folders as tell them apart', () => {
    const l = tabLabels(['main.py', 'demo/python/main.py', 'x/python/main.py', 'src/util.py']);
    expect(l.get('main.py')).toEqual({ name: 'main.py', folder: 'top level' });
    expect(l.get('demo/python/main.py')).toEqual({ name: 'main.py', folder: 'demo/python' });
    expect(l.get('x/python/main.py')).toEqual({ name: 'main.py', folder: 'x/python' });
    expect(l.get('src/util.py')).toEqual({ name: 'util.py' });
    expect(tabLabels(['a/m.py', 'b/m.py']).get('b/m.py')).toEqual({ name: 'm.py', folder: 'b' });
  });
});
