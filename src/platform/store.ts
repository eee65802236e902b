// A value with listeners, outside React: state that changes per keystroke or
// per request (the last completion, the pending flag, the stats, the model's
// state and speed) lives here, and only what shows it subscribes. The app's
// React binding is src/app/store.ts (useStore).
export class Store<T> {
  private listeners = new Set<() => void>();
  constructor(private value: T) {}

  get = (): T => this.value;

  /** Listeners run only when the value changes (by reference). */
  set(next: T): void {
    if (Object.is(next, this.value)) return;
    this.value = next;
    this.changed();
  }

  /** Tells the listeners of a change; a store whose readers need not hear of each change at once may defer it. */
  protected changed(): void {
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
