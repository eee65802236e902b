// The editor's completion results, reused for an identical request: the same
// file, language, window and text around the cursor (`resultKey`), made
// under the same settings (the engine's `resultContext`: model, device,
// router, endpoint, privacy, context). Changed settings drop every result at
// once; a failed escalation is never kept, so the same place asked again
// tries again.
import type { CompletionResult } from '../completion/pipeline';
import { BoundedCache } from '../platform/bounded-cache';

export class ResultCache {
  private readonly results: BoundedCache<string, CompletionResult>;
  private settings = '';

  constructor(capacity: number) {
    this.results = new BoundedCache(capacity);
  }

  /** Results are used under `settings` from now on: those made under other settings are dropped. */
  settle(settings: string): void {
    if (settings === this.settings) return;
    this.results.clear();
    this.settings = settings;
  }

  /** The result for `key`, now the most recently used. */
  get(key: string): CompletionResult | undefined {
    return this.results.get(key);
  }

  /** Whether a result for `key` made under `settings` is kept (its place in the eviction order left alone). */
  holds(key: string, settings: string): boolean {
    return settings === this.settings && this.results.peek(key) !== undefined;
  }

  keep(key: string, result: CompletionResult): void {
    if (result.route !== 'failed') this.results.set(key, result);
  }

  clear(): void {
    this.results.clear();
  }
}
