// Languages the user switched completions off for: a preference kept in this browser, best effort. A store
// the completion feature reads on each keystroke (src/completion/browser/completion-feature.ts); the toolbar and the
// palette render from it.
import { useMemo } from 'react';
import { isArray, readStored, writeStored } from '../local-store';
import { Store, useStore } from '../store';

const LANG_OFF_KEY = 'router-ide.completions-off';

export function useCompletionsOff() {
  const store = useMemo(
    () => new Store<readonly string[]>(readStored(LANG_OFF_KEY, [], isArray).filter((x): x is string => typeof x === 'string')),
    [],
  );
  const off = useStore(store);
  const setOn = (lang: string, on: boolean) => {
    const now = store.get();
    const next = on ? now.filter((l) => l !== lang) : [...new Set([...now, lang])];
    store.set(next);
    writeStored(LANG_OFF_KEY, next);
  };
  return { off, setOn, store };
}
