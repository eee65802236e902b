// Where a result's code went, read the same way by everything that says it
// (the IDE's badge, status bar and stats; an embedding host's provenance). A
// request body handed to fetch() is in one of three states (Delivery in
// src/vocabulary/types.ts says how each is known): delivered (the server
// answered), not delivered (known never to have left: the CSP, a refused
// connection, cancelled before fetch()), or unknown (it may have reached the
// server, even twice). Only `not-delivered` may say that nothing reached the server.
import type { Delivery } from '../../vocabulary/types';
import type { CompletionResult } from './pipeline';

export interface Egress {
  /** `none`: no body was handed to fetch() (kept local, blocked, or not sent at all). */
  state: Delivery | 'none';
  /** Bytes of the request body handed to fetch(). */
  bytes: number;
}

export type EgressFacts = Pick<CompletionResult, 'route' | 'escalation' | 'bytesSent'>;

export function egressOf(result: EgressFacts): Egress {
  const bytes = result.bytesSent;
  if (result.route === 'escalated') return { state: 'delivered', bytes };
  if (result.route !== 'failed' || !bytes) return { state: 'none', bytes: 0 };
  // A failure that does not say is `unknown`: over-reporting is safe, under-reporting is not.
  return { state: result.escalation?.delivery ?? 'unknown', bytes };
}
