// The ledger: one entry for every request body handed to the browser, written
// the moment fetch() is called with it (so failed requests count too), and
// settled with the outcome and where the body is known to be (its delivery
// state: see Delivery in src/vocabulary/types.ts). It never holds the API token
// or the code itself: a hash of the exact payload proves what was sent
// without keeping a second copy of it.
import type { Delivery } from '../vocabulary/types';
import { scrubQuick } from './scrub-text';

const DELIVERY_STATES: readonly Delivery[] = ['delivered', 'not-delivered', 'unknown'];

export interface LedgerEntry {
  at: string; // ISO time: when fetch() was called with the body
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
   * `delivered`: a response came back from the server; `not-delivered`: known
   * never to have left; `unknown`: it may have reached the server (even more
   * than once). Absent while pending: the body is with the browser.
   */
  delivery?: Delivery;
}

/** Settles an entry once the outcome is known: `ok` was delivered; an error is `unknown` unless `delivery` says. */
type SettleEntry = (outcome: 'ok' | 'error', detail?: string, delivery?: Delivery) => void;

type NewLedgerEntry = Omit<LedgerEntry, 'outcome' | 'at' | 'sha256' | 'delivery'> & { body?: string };

/** Where an entry's body is: a pending one may be anywhere, so it is `unknown` until settled. */
export function deliveryOfEntry(e: Pick<LedgerEntry, 'delivery'>): Delivery {
  return e.delivery ?? 'unknown';
}

/**
 * An entry as stored by any version: `delivered: false` (the old flag) is
 * `not-delivered`; an old `ok` without a state was delivered; an old error
 * (it may have reached the server) or a request still pending when the page
 * closed is `unknown`.
 */
function readEntry(stored: LedgerEntry & { delivered?: unknown }): LedgerEntry {
  const { delivered, ...e } = stored;
  // Entries stored by an older version may hold a server's words unscrubbed.
  if (typeof e.detail === 'string') e.detail = scrubQuick(e.detail);
  if (e.delivery && (DELIVERY_STATES as readonly string[]).includes(e.delivery)) return e;
  return { ...e, delivery: delivered === false ? 'not-delivered' : e.outcome === 'ok' ? 'delivered' : 'unknown' };
}

interface DeliveryTotals {
  requests: number;
  bytes: number;
}

/** Requests and bytes per delivery state. */
export function deliveryTotals(entries: readonly LedgerEntry[]): Record<Delivery, DeliveryTotals> {
  const t = Object.fromEntries(DELIVERY_STATES.map((d) => [d, { requests: 0, bytes: 0 }])) as Record<Delivery, DeliveryTotals>;
  for (const e of entries) {
    const d = t[deliveryOfEntry(e)];
    d.requests++;
    d.bytes += e.bytes;
  }
  return t;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export class Ledger {
  private entries: LedgerEntry[];
  private listeners = new Set<(entries: readonly LedgerEntry[]) => void>();

  constructor(
    initial: readonly LedgerEntry[] = [],
    private readonly onChange?: (entries: readonly LedgerEntry[]) => void,
  ) {
    this.entries = initial.map(readEntry);
  }

  /** Call it when fetch() is called with the body; returns a function that settles the entry once the outcome is known. */
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
    return (outcome, detail, delivery) =>
      update({
        outcome,
        ...(detail !== undefined && { detail: scrubQuick(detail) }),
        delivery: outcome === 'ok' ? 'delivered' : (delivery ?? 'unknown'),
      });
  }

  all(): readonly LedgerEntry[] {
    return this.entries;
  }

  /** Requests and bytes per delivery state (a pending request counts as `unknown`). */
  totals(): Record<Delivery, DeliveryTotals> {
    return deliveryTotals(this.entries);
  }

  /** The ledger as a JSON document for the user to keep or audit. */
  exportJson(): string {
    return JSON.stringify(
      { exportedAt: new Date().toISOString(), requests: this.entries.length, delivery: this.totals(), entries: this.entries },
      null,
      2,
    );
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
