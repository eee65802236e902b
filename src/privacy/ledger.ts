// The ledger: one entry for every request that left the machine, written the
// moment the body is handed to the network (so failed requests are counted too).

export interface LedgerEntry {
  at: string; // ISO time
  destination: string;
  bytes: number;
  file: string;
  reason: string;
  outcome: 'ok' | 'error';
  detail?: string;
}

export class Ledger {
  private entries: LedgerEntry[] = [];
  private listeners = new Set<(entries: readonly LedgerEntry[]) => void>();

  constructor(initial: readonly LedgerEntry[] = [], private readonly onChange?: (entries: readonly LedgerEntry[]) => void) {
    this.entries = [...initial];
  }

  /** Returns a function that settles the entry once the outcome is known. */
  record(entry: Omit<LedgerEntry, 'outcome' | 'at'>): (outcome: LedgerEntry['outcome'], detail?: string) => void {
    const e: LedgerEntry = { ...entry, at: new Date().toISOString(), outcome: 'ok' };
    this.entries = [...this.entries, e];
    this.emit();
    return (outcome, detail) => {
      this.entries = this.entries.map((x) => (x === e ? { ...e, outcome, detail } : x));
      this.emit();
    };
  }

  all(): readonly LedgerEntry[] {
    return this.entries;
  }

  totalBytes(): number {
    return this.entries.reduce((a, e) => a + e.bytes, 0);
  }

  clear(): void {
    this.entries = [];
    this.emit();
  }

  subscribe(fn: (entries: readonly LedgerEntry[]) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(): void {
    this.onChange?.(this.entries);
    for (const fn of this.listeners) fn(this.entries);
  }
}
