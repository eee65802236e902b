// The ledger as the host reads it: frozen copies of the entries, the totals
// and the export. The Ledger itself (its record(), its clear()) stays inside
// the engine, so no host code can add, edit or remove an entry.
import type { Ledger, LedgerEntry } from '../../../src/privacy/ledger';
import { deepFrozenCopy } from './frozen';
import type { LedgerView } from './types';

export function ledgerView(ledger: Ledger): LedgerView {
  // An entry is replaced (never changed) when it settles: one frozen copy per entry object.
  const copies = new WeakMap<LedgerEntry, Readonly<LedgerEntry>>();
  const copyOf = (e: LedgerEntry) => {
    let c = copies.get(e);
    if (!c) copies.set(e, (c = deepFrozenCopy(e)));
    return c;
  };
  return Object.freeze({
    entries: () => Object.freeze(ledger.all().map(copyOf)),
    totals: () => deepFrozenCopy(ledger.totals()),
    export: () => ledger.exportJson(),
  });
}
