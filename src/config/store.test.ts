import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './defaults';
import { resolveConfig } from './merge';
import { ConfigStore } from './store';

describe('ConfigStore', () => {
  it('tells each subscriber the new config and the one before, until it unsubscribes', () => {
    const store = new ConfigStore(DEFAULT_CONFIG);
    const heard: [number, number][] = [];
    const stop = store.subscribe((c, prev) => heard.push([c.editor.debounceMs, prev.editor.debounceMs]));
    const next = resolveConfig(DEFAULT_CONFIG, { editor: { debounceMs: 100 } }).config;
    store.set(next);
    store.set(next); // the same config: no event
    expect(store.get()).toBe(next);
    expect(heard).toEqual([[100, 250]]);
    stop();
    store.set(DEFAULT_CONFIG);
    expect(heard).toHaveLength(1);
    expect(store.get()).toBe(DEFAULT_CONFIG);
  });
});
