import { describe, expect, it } from 'vitest';
import { AcceptPrediction, afterAccept, resultKey } from './accept-prediction';
import { WINDOW_AFTER, WINDOW_BEFORE } from './text-window';
import type { PredictionOutcome } from '../../vocabulary/types';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((a, b) => {
    resolve = a;
    reject = b;
  });
  return { promise, resolve, reject };
};

describe('afterAccept', () => {
  it('puts the suggestion before the cursor and keeps the text after it', () => {
    expect(afterAccept({ prefix: 'def f():\n    return ', suffix: '\n', text: 'a + b' })).toEqual({
      prefix: 'def f():\n    return a + b',
      suffix: '\n',
    });
  });
  it('makes no guess for a window of a large file, an empty suggestion, or a text that would need a window', () => {
    expect(afterAccept({ prefix: 'x', suffix: '', start: 4096, text: 'y' })).toBeUndefined();
    expect(afterAccept({ prefix: 'x', suffix: '', text: '' })).toBeUndefined();
    const big = 'a'.repeat(WINDOW_BEFORE + WINDOW_AFTER);
    expect(afterAccept({ prefix: big, suffix: '', text: 'b' })).toBeUndefined();
  });
  it('keys the text after accepting exactly as the request made there is keyed', () => {
    const next = afterAccept({ prefix: 'p', suffix: 's', text: 't' })!;
    expect(resultKey('main.py', 'python', undefined, next.prefix, next.suffix)).toBe(resultKey('main.py', 'python', 0, 'pt', 's'));
    expect(resultKey('main.py', 'python', 0, 'pt', 's')).not.toBe(resultKey('main.py', 'python', 0, 'p', 'ts'));
    expect(resultKey('a.py', 'python', 0, 'pt', 's')).not.toBe(resultKey('b.py', 'python', 0, 'pt', 's'));
  });
});

describe('AcceptPrediction', () => {
  it('hands over a finished prediction for the same key and settings, once', async () => {
    const p = new AcceptPrediction<string>();
    p.start('k', 'cfg', async () => 'next');
    const got = p.take('k', 'cfg');
    expect(got).toBeDefined();
    expect(await got).toBe('next');
    expect(p.take('k', 'cfg')).toBeUndefined();
    expect(p.stats).toMatchObject({ started: 1, served: 1, cancelled: 0, wastedMs: 0 });
  });

  it('hands over a prediction still running; the caller waits for it', async () => {
    const d = deferred<string | undefined>();
    const p = new AcceptPrediction<string>();
    p.start('k', 'cfg', () => d.promise);
    const got = p.take('k', 'cfg')!;
    d.resolve('late');
    expect(await got).toBe('late');
  });

  it('is dropped and stopped when another text or other settings are asked for', async () => {
    let clock = 0;
    const p = new AcceptPrediction<string>(() => clock);
    let signal: AbortSignal | undefined;
    p.start('k', 'cfg', (s) => {
      signal = s;
      return new Promise(() => {});
    });
    clock = 40;
    expect(p.take('other', 'cfg')).toBeUndefined();
    expect(signal!.aborted).toBe(true);
    expect(p.stats).toMatchObject({ cancelled: 1, served: 0, wastedMs: 40 });
    p.start('k', 'cfg', (s) => {
      signal = s;
      return Promise.resolve('r');
    });
    expect(p.take('k', 'changed settings')).toBeUndefined();
    expect(signal!.aborted).toBe(true);
    expect(p.key).toBeUndefined();
  });

  it('cancel stops the run; a finished result never used counts as wasted compute', async () => {
    let clock = 0;
    const p = new AcceptPrediction<string>(() => clock);
    const d = deferred<string | undefined>();
    p.start('k', 'cfg', () => d.promise);
    clock = 25;
    d.resolve('done');
    await Promise.resolve();
    await Promise.resolve();
    clock = 90;
    p.cancel();
    await Promise.resolve();
    await Promise.resolve();
    expect(p.stats.wastedMs).toBe(25);
    expect(p.take('k', 'cfg')).toBeUndefined();
  });

  it('a run with nothing to keep (it would escalate) or a failing one serves undefined and counts as not kept', async () => {
    let clock = 0;
    const p = new AcceptPrediction<string>(() => clock);
    p.start('k', 'cfg', async () => {
      clock = 10;
      return undefined;
    });
    expect(await p.take('k', 'cfg')).toBeUndefined();
    p.start('k2', 'cfg', async () => {
      clock = 30;
      throw new Error('worker gone');
    });
    expect(await p.take('k2', 'cfg')).toBeUndefined();
    expect(p.stats).toMatchObject({ started: 2, served: 0, notKept: 2, wastedMs: 30 });
  });

  it('starting the same key again keeps the run; a new key replaces it', () => {
    const p = new AcceptPrediction<string>();
    let runs = 0;
    const signals: AbortSignal[] = [];
    const run = (s: AbortSignal) => {
      runs++;
      signals.push(s);
      return new Promise<string>(() => {});
    };
    p.start('k', 'cfg', run);
    p.start('k', 'cfg', run);
    expect(runs).toBe(1);
    p.start('k2', 'cfg', run);
    expect(runs).toBe(2);
    expect(signals[0].aborted).toBe(true);
    expect(signals[1].aborted).toBe(false);
    expect(p.key).toBe('k2');
  });

  it('an aborted run that resolves later serves nothing', async () => {
    const d = deferred<string | undefined>();
    const p = new AcceptPrediction<string>();
    p.start('k', 'cfg', () => d.promise);
    p.cancel();
    d.resolve('too late');
    expect(p.take('k', 'cfg')).toBeUndefined();
    expect(p.stats.notKept).toBe(0);
  });

  it("tells each prediction's one outcome with its compute time, once both are known", async () => {
    let clock = 0;
    const told: PredictionOutcome[] = [];
    const p = new AcceptPrediction<string>(
      () => clock,
      (o) => told.push(o),
    );
    // Served: taken while running, told when it ends with a result.
    const d = deferred<string | undefined>();
    p.start('a', 'cfg', () => d.promise);
    const got = p.take('a', 'cfg')!;
    expect(told).toEqual([]);
    clock = 30;
    d.resolve('next');
    await got;
    expect(told).toEqual([{ outcome: 'served', ms: 30 }]);
    // Cancelled while running: the time until the cancellation; the late end tells nothing more.
    const late = deferred<string | undefined>();
    p.start('b', 'cfg', () => late.promise);
    clock = 50;
    p.start('c', 'cfg', async () => {
      clock = 65;
      return undefined;
    });
    late.resolve('too late');
    await p.take('c', 'cfg');
    // Not kept: told when it ends, not again when it is taken.
    expect(told.slice(1)).toEqual([
      { outcome: 'cancelled', ms: 20 },
      { outcome: 'not-kept', ms: 15 },
    ]);
    // Finished with a result, then dropped: the whole run was wasted.
    p.start('d', 'cfg', async () => {
      clock = 75;
      return 'unused';
    });
    await Promise.resolve();
    await Promise.resolve();
    clock = 200;
    p.cancel();
    expect(told.at(-1)).toEqual({ outcome: 'cancelled', ms: 10 });
    expect(told).toHaveLength(4);
    expect(p.stats).toEqual({ started: 4, served: 1, cancelled: 2, notKept: 1, wastedMs: 45 });
  });
});
