// A value outside React that only the components showing it subscribe to:
// state that changes per keystroke or per request (the last completion, the
// pending flag, the stats) re-renders the badge or the panel, never the app.
// The store itself is the platform's (src/platform/store.ts), so the rooms
// below the app (the completion feature's model state) keep theirs in it too.
import { useSyncExternalStore } from 'react';
import { Store } from '../platform/store';

export { Store };

/** The store's value; the calling component re-renders when it changes. */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get);
}
