import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PYTHON_MODULES, PYTHON_NAMES_FILE, PYTHON_VALUE_TYPES, pythonNames, type PythonNames } from './python-names';

const committed = JSON.parse(fs.readFileSync(PYTHON_NAMES_FILE, 'utf8')) as PythonNames;

function python3Version(): string | undefined {
  try {
    return execFileSync('python3', ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

describe('src/semantic/python-names.json', () => {
  it('lists the builtins and every module the script names, as sorted name lists', () => {
    expect(committed.python).toMatch(/^3\.\d+$/);
    expect(committed.builtins).toEqual(expect.arrayContaining(['len', 'print', 'ValueError', 'sorted', 'enumerate']));
    expect(Object.keys(committed.modules).sort()).toEqual([...PYTHON_MODULES].sort());
    for (const [name, members] of Object.entries(committed.modules)) {
      expect(members.length, name).toBeGreaterThan(0);
      expect([...members].sort(), name).toEqual(members);
    }
    expect(committed.modules.math).toEqual(expect.arrayContaining(['sqrt', 'inf', 'gcd']));
    expect(committed.modules.math).not.toContain('sqroot');
    expect(committed.modules.collections, 'a package lists its submodules').toContain('abc');
    expect(Object.keys(committed.types).sort()).toEqual([...PYTHON_VALUE_TYPES].sort());
    expect(committed.types.list).toEqual(expect.arrayContaining(['append', 'extend', 'sort']));
    expect(committed.types.str).toEqual(expect.arrayContaining(['startswith', 'join', 'strip']));
    expect(committed.types.str).not.toContain('startwith');
    expect(committed.types.dict).not.toContain('iteritems');
  });

  const version = python3Version();
  it.skipIf(version !== committed.python)(`is what \`npx tsx scripts/python-names.ts\` makes with python ${committed.python}`, () => {
    expect(JSON.parse(pythonNames())).toEqual(committed);
  });
});
