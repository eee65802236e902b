// The egress ledger, kept in this browser through the one storage helper. A
// write the browser refuses (a full quota) must never reach the request that
// caused it: the request was sent, and saying it failed would be untrue. The
// entry stays in memory (and in Export JSON); the UI says it is not saved.
import { useEffect, useMemo, useState } from 'react';
import { Ledger, type LedgerEntry } from '../../privacy/ledger';
import { isArray, readStored, writeStored } from '../local-store';

export const LEDGER_KEY = 'router-ide.ledger';

export function useLedger() {
  const [persistFailed, setPersistFailed] = useState(false);
  const ledger = useMemo(() => new Ledger(readStored(LEDGER_KEY, [], isArray) as LedgerEntry[],
    (entries) => setPersistFailed(!writeStored(LEDGER_KEY, entries))), []);
  const [entries, setEntries] = useState<readonly LedgerEntry[]>(ledger.all());
  useEffect(() => ledger.subscribe(setEntries), [ledger]);
  return { ledger, entries, persistFailed };
}
