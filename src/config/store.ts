// The app's one current configuration: the engine and the editor read it
// here and hear of each change, instead of each getting a copy of its own.
import type { AppConfig } from '../vocabulary/config';

type ConfigListener = (config: AppConfig, previous: AppConfig) => void;

export class ConfigStore {
  private readonly listeners = new Set<ConfigListener>();
  constructor(private config: AppConfig) {}

  get = (): AppConfig => this.config;

  /** Listeners run only when the config changes (by reference), in the order they subscribed. */
  set(next: AppConfig): void {
    const previous = this.config;
    if (Object.is(next, previous)) return;
    this.config = next;
    for (const fn of [...this.listeners]) fn(next, previous);
  }

  subscribe = (fn: ConfigListener): (() => void) => {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  };
}
