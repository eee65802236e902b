// Sent or only attempted? A browser reports a refused connection and a refused
// CORS preflight alike: a network error before the body left the machine. Those
// bytes were attempted, not delivered. Every other failure (a timeout, an HTTP
// error, a stream cut mid-answer) may have reached the server, so it counts as
// sent: over-reporting is safe, under-reporting is not.
import type { CompletionResult } from '../completion/pipeline';

export interface Delivery {
  /** Bytes that reached (or may have reached) the server. */
  sent: number;
  /** Bytes handed to the browser that never reached the server. */
  notDelivered: number;
}

/** True when the escalation failed before anything reached the server. */
export function neverDelivered(result: Pick<CompletionResult, 'route' | 'escalation'>): boolean {
  return result.route === 'failed' && result.escalation?.error?.kind === 'network';
}

export function deliveryOf(result: Pick<CompletionResult, 'route' | 'escalation' | 'bytesSent'>): Delivery {
  return neverDelivered(result) ? { sent: 0, notDelivered: result.bytesSent } : { sent: result.bytesSent, notDelivered: 0 };
}
