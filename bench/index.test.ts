import { describe, expect, it } from 'vitest';
import { SUITE_FLAGS } from './flags';
import { parseCommandLine, usage } from './index';

describe('npm run bench command line', () => {
  it('runs every suite when none is named, with no flags', () => {
    const { names, flags, help } = parseCommandLine([]);
    expect(names).toContain('latency');
    expect(names).toContain('ui');
    expect(flags).toEqual({});
    expect(help).toBe(false);
  });

  it('reads suite names and their flags, spaced or with =', () => {
    const { names, flags } = parseCommandLine(['latency', '--twin', 'qwen2.5-coder-1.5b', '--dtype=q8', '--quick']);
    expect(names).toEqual(['latency']);
    expect(flags).toEqual({ twin: 'qwen2.5-coder-1.5b', dtype: 'q8', quick: true });
  });

  it('reads a bare optional-value flag as an empty value, before another flag or at the end', () => {
    expect(parseCommandLine(['ui', '--twin']).flags).toEqual({ twin: '' });
    expect(parseCommandLine(['ui', '--twin', '--quick']).flags).toEqual({ twin: '', quick: true });
    expect(parseCommandLine(['ui', '--twin=qwen2.5-coder-1.5b']).flags).toEqual({ twin: 'qwen2.5-coder-1.5b' });
  });

  it('rejects an unknown flag, a flag of a suite not run, and an unknown suite', () => {
    expect(() => parseCommandLine(['latency', '--bogus'])).toThrow(/Unknown option '--bogus'/);
    expect(() => parseCommandLine(['latency', '--typing-only'])).toThrow(/--typing-only: not a flag of latency/);
    expect(() => parseCommandLine(['nope'])).toThrow(/Unknown bench suite\(s\): nope/);
    expect(() => parseCommandLine(['inference', '--tokens'])).toThrow(/argument missing/);
  });

  it('sees --help and -h', () => {
    expect(parseCommandLine(['--help']).help).toBe(true);
    expect(parseCommandLine(['ui', '-h']).help).toBe(true);
  });

  it('gives a flag two suites share the same type in both (one parse reads them all)', () => {
    const seen = new Map<string, string>();
    for (const flags of Object.values(SUITE_FLAGS)) {
      for (const [flag, o] of Object.entries(flags)) {
        expect(seen.get(flag) ?? o.type, `--${flag}`).toBe(o.type);
        seen.set(flag, o.type);
      }
    }
    expect(seen.get('twin')).toBe('string');
  });

  it('lists every declared flag in the usage', () => {
    const text = usage();
    for (const [suite, flags] of Object.entries(SUITE_FLAGS)) {
      const line = text.split('\n').find((l) => l.trimStart().startsWith(`${suite} `));
      expect(line, suite).toBeDefined();
      for (const flag of Object.keys(flags)) expect(line, `${suite} --${flag}`).toContain(`--${flag}`);
    }
    expect(text).toContain('--twin[=VALUE]');
  });
});
