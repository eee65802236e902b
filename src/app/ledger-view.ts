// What a ledger row says about one request: its result and where its body is known to be,
// kept apart from the panel's markup so that the wording of each state is tested in Node.
import { deliveryOfEntry, type LedgerEntry } from '../privacy/ledger';
import { DELIVERY_MEANING, DELIVERY_WORDS } from './delivery';

/** The row's result: the outcome, and for a failure where the body is (an ok request was delivered). */
export function resultOf(e: LedgerEntry): { text: string; className: string } {
  if (e.outcome === 'pending') return { text: 'pending', className: 'result-pending' };
  if (e.outcome === 'ok') return { text: 'ok', className: 'result-ok' };
  const d = deliveryOfEntry(e);
  return {
    text: d === 'delivered' ? 'error' : DELIVERY_WORDS[d],
    className: d === 'not-delivered' ? 'result-not-delivered' : 'result-error',
  };
}

/** The delivery state in words and what it means; undefined while the request is still pending. */
export function deliveryDescription(e: LedgerEntry): string | undefined {
  if (!e.delivery) return undefined;
  const d = deliveryOfEntry(e);
  return `${DELIVERY_WORDS[d]}: ${DELIVERY_MEANING[d]}`;
}

/** The time of day the body was handed to fetch(), from the entry's ISO time. */
export const entryTime = (e: LedgerEntry) => e.at.slice(11, 19);
