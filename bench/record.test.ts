import { describe, expect, it } from 'vitest';
import { commandOf, coresBusy, machineNow, mergeRun, readRecord, type StoredRecord } from './record';
import { startBusy } from './ui/busy';
import { SUITE_FLAGS } from './flags';

const machine = (await machineNow(200)).finish();
const run = (at: string, command: string) => ({ at, command, machine });

describe('bench results record', () => {
  it('records the machine: cores, load at start and end, the commit', () => {
    expect(machine.cores).toBeGreaterThan(0);
    expect(machine.loadAverage.start).toHaveLength(3);
    expect(machine.loadAverage.end).toHaveLength(3);
    expect(machine.commit).toMatch(/^[0-9a-f]{12}$|^unknown$/);
    expect(machine.coresBusyBefore).toBeGreaterThanOrEqual(0);
    expect(machine.coresBusyBefore).toBeLessThanOrEqual(machine.cores);
  });

  it('sees a busy loop beside it as about a core in use, and calls the machine not quiet', async () => {
    const busy = startBusy(1);
    try {
      await new Promise((r) => setTimeout(r, 300)); // the loop started
      expect(await coresBusy(1000)).toBeGreaterThan(0.7);
      // and the run says so before its figures
      expect((await machineNow(1000)).notQuiet).toMatch(/^the machine is not quiet: [\d.]+ of its \d+ cores were busy/);
    } finally {
      await busy.stop();
    }
  });

  it('gives each suite a command with only its own flags', () => {
    const flags = { 'no-large': true, quick: true, keys: '24', 'typing-only': false };
    expect(commandOf('syntax', flags, SUITE_FLAGS.syntax)).toBe('npm run bench syntax -- --no-large');
    expect(commandOf('ui', flags, SUITE_FLAGS.ui)).toBe('npm run bench ui -- --quick --keys=24');
    expect(commandOf('extent', flags, {})).toBe('npm run bench extent');
  });

  it('a full run replaces every section; a partial one only its own, earlier runs keeping the rest', () => {
    const first = mergeRun(undefined, 'syntax', run('t1', 'npm run bench syntax'), { sizes: 1, largeDocument: 2 }, false);
    const partial = mergeRun(first, 'syntax', run('t2', 'npm run bench syntax -- --large-only'), { largeDocument: 3 }, true);
    expect(partial.results).toEqual({ sizes: 1, largeDocument: 3 });
    expect(partial.runs.map((r) => [r.at, r.sections])).toEqual([
      ['t1', ['sizes']],
      ['t2', ['largeDocument']],
    ]);
    const again = mergeRun(partial, 'syntax', run('t3', 'npm run bench syntax -- --sizes-only'), { sizes: 4 }, true);
    expect(again.runs.map((r) => r.at)).toEqual(['t2', 't3']);
    const full = mergeRun(again, 'syntax', run('t4', 'npm run bench syntax'), { sizes: 5 }, false);
    expect(full).toEqual({ suite: 'syntax', runs: [{ ...run('t4', 'npm run bench syntax'), sections: ['sizes'] }], results: { sizes: 5 } });
  });

  it('reads a file from before runs were recorded as one run of unknown command and machine', () => {
    const old = readRecord(JSON.stringify({ suite: 'ui', at: '2026-12-01T10:00:00.000Z', results: { sizes: {}, targets: [] } }));
    expect(old).toEqual<StoredRecord>({
      suite: 'ui',
      runs: [{ at: '2026-12-01T10:00:00.000Z', sections: ['sizes', 'targets'] }],
      results: { sizes: {}, targets: [] },
    });
  });
});
