// The egress ledger, kept in this browser through the one storage helper. A
// write the browser refuses (a full quota) must never reach the request that
// caused it: the request was sent, and saying it failed would be untrue. The
// entry stays in memory (and in Export JSON); the UI says it is not saved.
// The entries are read where they are shown (the ledger panel, the demo's
// count), each subscribed to the ledger, so a request re-renders those only.
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { Ledger, type LedgerEntry } from '../../privacy/ledger';
import { isArray, readStored, writeStored } from '../local-store';
import { Store } from '../store';

const LEDGER_KEY = 'router-ide.ledger';

export function useLedger() {
  return useMemo(() => {
    const notSaved = new Store(false);
    const ledger = new Ledger(readStored(LEDGER_KEY, [], isArray) as LedgerEntry[], (entries) =>
      notSaved.set(!writeStored(LEDGER_KEY, entries)),
    );
    return { ledger, notSaved };
  }, []);
}

/** The ledger's entries; the calling component re-renders when they change. */
export function useLedgerEntries(ledger: Ledger): readonly LedgerEntry[] {
  const subscribe = useCallback((fn: () => void) => ledger.subscribe(fn), [ledger]);
  return useSyncExternalStore(subscribe, () => ledger.all());
}
