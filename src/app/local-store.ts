// Small values the UI keeps in localStorage (tabs, stats, preferences, the
// ledger): read with a fallback when missing, unreadable or of the wrong
// shape; written best effort where losing one is harmless. Not for code: the
// workspace has its own store that reports every failure.

/** The stored JSON value when `accept` takes it, else `fallback`. */
export function readStored<T>(key: string, fallback: T, accept: (v: unknown) => v is T): T {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const v: unknown = JSON.parse(raw);
    return accept(v) ? v : fallback;
  } catch {
    return fallback;
  }
}

/** Stores `value` as JSON; false when the browser refused (quota, private mode). */
export function writeStored(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export const isArray = (v: unknown): v is unknown[] => Array.isArray(v);
