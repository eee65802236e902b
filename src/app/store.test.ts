import { describe, expect, it } from 'vitest';
import type { CompletionResult } from '../completion/common/pipeline';
import { CompletionStore } from './completion-state';
import { StatsStore } from './hooks/use-stats';
import { Store } from './store';

const result = (route: CompletionResult['route']) => ({ route }) as CompletionResult;

describe('Store', () => {
  it('tells its listeners when the value changes, and only then', () => {
    const s = new Store(1);
    let calls = 0;
    const off = s.subscribe(() => calls++);
    s.set(1);
    expect(calls).toBe(0);
    s.set(2);
    s.update((n) => n + 1);
    expect([s.get(), calls]).toEqual([3, 2]);
    off();
    s.set(4);
    expect(calls).toBe(2);
  });
});

describe('CompletionStore', () => {
  it('counts results, clears the error with a result, and keeps its value while pending does not change', () => {
    const c = new CompletionStore();
    let calls = 0;
    c.subscribe(() => calls++);
    c.setPending(true);
    const pendingState = c.get();
    c.setPending(true);
    expect(c.get()).toBe(pendingState);
    c.setError('boom');
    c.resulted(result('local'));
    expect(c.get()).toMatchObject({ seq: 1, pending: true, error: null, result: { route: 'local' } });
    c.setPending(false);
    expect(calls).toBe(4);
  });

  it('forgets the verdict and the error when the model goes, keeping the count', () => {
    const c = new CompletionStore();
    c.resulted(result('escalated'));
    c.forget();
    expect(c.get()).toMatchObject({ result: null, error: null, seq: 1 });
    const s = c.get();
    c.forget();
    expect(c.get()).toBe(s);
  });
});

describe('StatsStore', () => {
  it('adds events to this session and clears them', () => {
    const s = new StatsStore();
    s.add({ k: 'result', t: 1, route: 'local', ms: 10, bytes: 0 });
    s.add({ k: 'shown', t: 2, route: 'local' });
    const { history, sessionFrom } = s.get();
    expect(history.slice(sessionFrom).map((e) => e.k)).toEqual(['result', 'shown']);
    s.clear();
    expect(s.get()).toEqual({ history: [], sessionFrom: 0 });
  });
});
