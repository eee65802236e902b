import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache';

describe('BoundedCache', () => {
  it('drops the least recently inserted entry past its capacity', () => {
    const c = new BoundedCache<string, number>(2);
    c.set('a', 1).set('b', 2).set('c', 3);
    expect([...c.keys()]).toEqual(['b', 'c']);
    expect(c.get('a')).toBeUndefined();
    expect(c.size).toBe(2);
  });

  it('get refreshes an entry, peek does not', () => {
    const c = new BoundedCache<string, number>(2);
    c.set('a', 1).set('b', 2);
    expect(c.get('a')).toBe(1);
    c.set('c', 3);
    expect([...c.keys()]).toEqual(['a', 'c']);
    expect(c.peek('a')).toBe(1);
    c.set('d', 4);
    expect([...c.keys()]).toEqual(['c', 'd']);
  });

  it('setting an existing key replaces its value and makes it the most recent', () => {
    const c = new BoundedCache<string, number>(2);
    c.set('a', 1).set('b', 2).set('a', 10).set('c', 3);
    expect(c.peek('a')).toBe(10);
    expect(c.has('b')).toBe(false);
  });

  it('keeps falsy values and tells them from a miss', () => {
    const c = new BoundedCache<string, number | null>(3);
    c.set('zero', 0).set('null', null);
    expect(c.get('zero')).toBe(0);
    expect(c.get('null')).toBeNull();
    expect(c.has('null')).toBe(true);
    expect(c.get('missing')).toBeUndefined();
  });

  it('skips entries in use and reports each eviction, not deletes or clears', () => {
    const evicted: string[] = [];
    const busy = new Set(['a']);
    const c = new BoundedCache<string, number>(2, { evictable: (k) => !busy.has(k), onEvict: (k) => evicted.push(k) });
    c.set('a', 1).set('b', 2).set('c', 3);
    expect(evicted).toEqual(['b']);
    expect([...c.keys()]).toEqual(['a', 'c']);
    busy.add('c');
    c.set('d', 4);
    expect(evicted).toEqual(['b']);
    expect(c.size).toBe(3); // the others in use, the newest kept: over capacity until one is free
    busy.clear();
    c.set('e', 5);
    expect(evicted).toEqual(['b', 'a', 'c']);
    expect([...c.keys()]).toEqual(['d', 'e']);
    c.delete('d');
    c.clear();
    expect(evicted).toEqual(['b', 'a', 'c']);
  });

  it('refuses a capacity below one', () => {
    expect(() => new BoundedCache(0)).toThrow(/at least 1/);
    expect(() => new BoundedCache(1.5)).toThrow(/at least 1/);
  });
});
