// The ledger: one entry for every request that left the machine, written the
// moment the body is handed to the network (so failed requests count too).
// It never holds the API token or the code itself: a hash of the exact
// payload proves what was sent without keeping a second copy of it.

export interface LedgerEntry {
  at: string; // ISO time
  destination: string;
  protocol: string;
  bytes: number;
  /** SHA-256 (hex) of the exact request body, when known. */
  sha256?: string;
  file: string;
  reason: string;
  /** Credentials replaced by the secret guard before sending. */
  redactions?: number;
  /** Other files whose text (snippets as context) went with the request. */
  contextFiles?: string[];
  outcome: 'pending' | 'ok' | 'error';
  detail?: string;
  /**
   * false when nothing reached the server (a refused connection or CORS
   * preflight): the bytes were attempted, not delivered. Absent: sent.
   */
  delivered?: false;
}

/** Settles an entry once the outcome is known; `delivered: false` when the body never reached the server. */
export type SettleEntry = (outcome: 'ok' | 'error', detail?: string, delivered?: boolean) => void;

export type NewLedgerEntry = Omit<LedgerEntry, 'outcome' | 'at' | 'sha256'> & { body?: string };

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export class Ledger {
  private entries: LedgerEntry[];
  private listeners = new Set<(entries: readonly LedgerEntry[]) => void>();

  constructor(initial: readonly LedgerEntry[] = [], private readonly onChange?: (entries: readonly LedgerEntry[]) => void) {
    this.entries = [...initial];
  }

  /** Returns a function that settles the entry once the outcome is known. */
  record(entry: NewLedgerEntry): SettleEntry {
    const { body, ...rest } = entry;
    let e: LedgerEntry = { ...rest, at: new Date().toISOString(), outcome: 'pending' };
    this.entries = [...this.entries, e];
    this.emit();
    const update = (patch: Partial<LedgerEntry>) => {
      const next = { ...e, ...patch };
      this.entries = this.entries.map((x) => (x === e ? next : x));
      e = next;
      this.emit();
    };
    if (body !== undefined) void sha256Hex(body).then((sha256) => update({ sha256 }));
    return (outcome, detail, delivered) => update({ outcome, detail, ...(delivered === false && { delivered: false as const }) });
  }

  all(): readonly LedgerEntry[] {
    return this.entries;
  }

  /** Bytes that reached (or may have reached) a server; attempts that never arrived are not counted. */
  totalBytes(): number {
    return this.entries.reduce((a, e) => a + (e.delivered === false ? 0 : e.bytes), 0);
  }

  /** Bytes handed to the browser that never reached the server (refused connection or preflight). */
  notDeliveredBytes(): number {
    return this.entries.reduce((a, e) => a + (e.delivered === false ? e.bytes : 0), 0);
  }

  /** The ledger as a JSON document for the user to keep or audit. */
  exportJson(): string {
    return JSON.stringify({ exportedAt: new Date().toISOString(), requests: this.entries.length, bytes: this.totalBytes(), notDeliveredBytes: this.notDeliveredBytes(), entries: this.entries }, null, 2);
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
