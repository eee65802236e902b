// Another file's Python classes as the semantic check may rely on them:
// members are more than the class has, never fewer, and a class whose
// members the text cannot tell is not given at all.
import { describe, expect, it } from 'vitest';
import { pythonClasses } from './python-classes';

const names = (text: string) => pythonClasses(text).map((c) => c.name);
const membersOf = (text: string, name: string) => pythonClasses(text).find((c) => c.name === name)?.members ?? [];

describe('pythonClasses', () => {
  const shapes = [
    'import math',
    '',
    'class Shape:',
    '    """A shape."""',
    '    sides = 0',
    '    def area(self):',
    '        return 0',
    '',
    '@dataclass',
    'class Circle(Shape):',
    '    radius: float',
    '    def area(self):',
    '        self.cached = math.pi * self.radius ** 2',
    '        return self.cached',
    '',
    'Circle.unit = Circle(1)',
    '',
    'def helper():',
    '    return 1',
    '',
  ].join('\n');

  it('a module-level class: every word of its block, its bases', () => {
    expect(names(shapes)).toEqual(['Shape', 'Circle']);
    const circle = membersOf(shapes, 'Circle');
    for (const m of ['area', 'radius', 'cached', 'sides']) expect(circle).toContain(m);
    expect(circle).not.toContain('perimeter');
    expect(circle).not.toContain('helper');
  });

  it('and every attribute the file stores on anything', () => {
    expect(membersOf(shapes, 'Circle')).toContain('unit');
    expect(membersOf(shapes, 'Shape')).toContain('unit');
  });

  it('leaves out what it cannot know whole', () => {
    for (const [what, text] of [
      ['a base from elsewhere', 'import threading\nclass T(threading.Thread):\n    def go(self):\n        pass\n'],
      ['a base it cannot see', 'from base import B\nclass T(B):\n    pass\n'],
      ['a decorator that may add members', '@attr.s\nclass T:\n    pass\n'],
      ['a metaclass', 'class T(metaclass=Meta):\n    pass\n'],
      ['a head over two lines', 'class T(\n    object):\n    pass\n'],
      ['a string left open at the end of the block', 'class T:\n    doc = """\nx = 1\n"""\n    def m(self):\n        pass\n'],
      ['a name bound twice', 'class T:\n    pass\nT = make()\n'],
    ])
      expect(names(text), what).toEqual([]);
    for (const [what, text] of [
      ['setattr', 'class T:\n    pass\nsetattr(T, "x", 1)\n'],
      ['__getattr__', 'class T:\n    def __getattr__(self, n):\n        return 1\n'],
      ['__dict__', 'class T:\n    def __init__(self, **kw):\n        self.__dict__.update(kw)\n'],
    ])
      expect(names(text), what).toEqual([]);
  });

  it('a class deriving from one left out is left out too', () => {
    expect(names('import enum\nclass Color(enum.Enum):\n    RED = 1\nclass Shade(Color):\n    pass\nclass Plain:\n    pass\n')).toEqual([
      'Plain',
    ]);
  });
});
