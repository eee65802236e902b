// The editor's completion results, reused for an identical request: the same
// file, language, window and text around the cursor (`resultKey`), made
// under the same settings (the engine's `resultContext`: model, device,
// router, endpoint, privacy, context). Changed settings drop every result at
// once; a failed escalation is never kept, so the same place asked again
// tries again. A capacity of 0 keeps nothing (the Monaco package asks its
// engine every time: each suggestion the engine names is shown once).
import { BoundedCache } from '../../platform/bounded-cache';

export class ResultCache<R extends { readonly route: string }> {
  private readonly results: BoundedCache<string, R> | undefined;
  private settings = '';

  constructor(capacity: number) {
    this.results = capacity > 0 ? new BoundedCache(capacity) : undefined;
  }

  /** Results are used under `settings` from now on: those made under other settings are dropped. */
  settle(settings: string): void {
    if (settings === this.settings) return;
    this.results?.clear();
    this.settings = settings;
  }

  /** The result for `key`, now the most recently used. */
  get(key: string): R | undefined {
    return this.results?.get(key);
  }

  /** Whether a result for `key` made under `settings` is kept (its place in the eviction order left alone). */
  holds(key: string, settings: string): boolean {
    return settings === this.settings && this.results?.peek(key) !== undefined;
  }

  keep(key: string, result: R): void {
    if (result.route !== 'failed') this.results?.set(key, result);
  }

  clear(): void {
    this.results?.clear();
  }
}
