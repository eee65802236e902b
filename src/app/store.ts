// A value outside React that only the components showing it subscribe to:
// state that changes per keystroke or per request (the last completion, the
// pending flag, the stats) re-renders the badge or the panel, never the app.
import { useSyncExternalStore } from 'react';

export class Store<T> {
  private listeners = new Set<() => void>();
  constructor(private value: T) {}

  get = (): T => this.value;

  /** Listeners run only when the value changes (by reference). */
  set(next: T): void {
    if (Object.is(next, this.value)) return;
    this.value = next;
    for (const fn of this.listeners) fn();
  }

  update(fn: (current: T) => T): void {
    this.set(fn(this.value));
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  };
}

/** The store's value; the calling component re-renders when it changes. */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get);
}
