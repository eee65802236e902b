// How the IDE says where a result's code went (badge, status bar, ledger,
// stats): words for the delivery states that src/completion/common/egress.ts reads.
import { egressOf, type EgressFacts } from '../completion/common/egress';
import type { CompletionResult } from '../completion/common/pipeline';
import type { Delivery } from '../vocabulary/types';

export { egressOf };

/** The state in words, the same everywhere (badge, status bar, ledger, stats). */
export const DELIVERY_WORDS: Record<Delivery, string> = {
  delivered: 'delivered',
  'not-delivered': 'not delivered',
  unknown: 'delivery unknown',
};

/** What each state means, for titles and the ledger's details. */
export const DELIVERY_MEANING: Record<Delivery, string> = {
  delivered: 'the server answered (any HTTP status, a redirect included), so it had the request',
  'not-delivered':
    'known never to have left this machine (the CSP, a refused connection or host name, or cancelled before fetch() was called): nothing reached the server',
  unknown:
    'the request failed after it may have started (the browser does not say how far it got), so the code may have reached the server, possibly more than once',
};

/** The badge's sentence: what left the machine for this result, and what is known about it. */
export function egressSentence(result: EgressFacts & Pick<CompletionResult, 'destination'>): string {
  const { state, bytes } = egressOf(result);
  const to = result.destination ?? 'the server';
  switch (state) {
    case 'none':
      return 'No code left this machine.';
    case 'delivered':
      return `${bytes} bytes of code delivered to ${to}`;
    case 'not-delivered':
      return `${bytes} bytes of code attempted, not delivered: nothing reached ${to}`;
    case 'unknown':
      return `${bytes} bytes of code, delivery unknown: the request to ${to} failed after it may have started, so the code may have reached ${to}`;
  }
}

/** The status bar's short form. */
export function egressShort(result: EgressFacts & Pick<CompletionResult, 'destination'>): string {
  const { state, bytes } = egressOf(result);
  switch (state) {
    case 'none':
      return 'no code left';
    case 'delivered':
      return `${bytes} B delivered to ${result.destination}`;
    case 'not-delivered':
      return `${bytes} B attempted, not delivered`;
    case 'unknown':
      return `${bytes} B to ${result.destination}, delivery unknown`;
  }
}

/** The stats event's byte fields: the bytes handed to fetch() and their state. */
export function statBytes(result: EgressFacts): { bytes: number; delivery?: Delivery } {
  const { state, bytes } = egressOf(result);
  return state === 'none' ? { bytes: 0 } : { bytes, delivery: state };
}
