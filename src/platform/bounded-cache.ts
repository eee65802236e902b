// A bounded least-recently-used map: the one eviction rule behind every cache
// that must not grow with use (completion results, secret-scan findings, live
// syntax documents). Plain TypeScript, no DOM: the syntax and privacy code
// run it in workers and in Node.
// Not lru-cache: it cannot skip an entry in use (`evictable`), which live syntax documents need.

interface BoundedCacheOptions<K, V> {
  /** An entry this returns false for is skipped by eviction (it is in use): the cache may then stay over capacity until a later insertion. */
  evictable?: (key: K, value: V) => boolean;
  /** Called for each entry dropped to make room (not for `delete` or `clear`): where an entry owns memory to free. */
  onEvict?: (key: K, value: V) => void;
}

export class BoundedCache<K, V> {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  private readonly map = new Map<K, V>();

  constructor(
    readonly capacity: number,
    private readonly options: BoundedCacheOptions<K, V> = {},
  ) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`a bounded cache needs a capacity of at least 1, got ${capacity}`);
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    if (!this.map.has(key)) return undefined;
    const value = this.map.get(key) as V;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  /** The value, leaving its place in the eviction order alone. */
  peek(key: K): V | undefined {
    return this.map.get(key);
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  /** Stores `value` as the most recently used, then drops the least recently used evictable entries over capacity. */
  set(key: K, value: V): this {
    this.map.delete(key);
    this.map.set(key, value);
    this.evict(key);
    return this;
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }

  /** Keys, least recently used first. */
  keys(): IterableIterator<K> {
    return this.map.keys();
  }

  /** Never the entry just stored: what a caller has set, it can get at once. */
  private evict(newest: K): void {
    const { evictable, onEvict } = this.options;
    for (const [key, value] of this.map) {
      if (this.map.size <= this.capacity) return;
      if (key === newest || (evictable && !evictable(key, value))) continue;
      this.map.delete(key);
      onEvict?.(key, value);
    }
  }
}
