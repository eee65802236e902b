// Stops calling an endpoint that keeps failing, says so, and recovers by
// itself. closed: calls go through; after `failureThreshold` failures in a
// row (a user's cancellation is not a failure) it opens: for `coolDownMs`
// (or the server's Retry-After, if longer) every call fails at once with
// kind 'circuit-open', so nothing is sent and typing never waits on a dead
// server. After the cool-down the next call is a single trial (half-open):
// success closes the circuit, failure opens it for another cool-down.
// The move from open to half-open happens on the next call (no timers:
// the clock is injected and the tests drive it).
// Not a breaker library: a server's Retry-After lengthens the cool-down and a privacy refusal is no failure,
// which a fixed reset timeout and a timer per breaker (as such libraries keep) cannot say.
import { EndpointError } from './errors';
import { EgressRefused } from '../privacy/egress-gate';
import type { EndpointProtocol, EscalationClient, EscalationDraft, EscalationResult, OnSent } from './types';

type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitSnapshot {
  state: CircuitState;
  /** When open: epoch ms from which the next call is let through as a trial. */
  retryAt?: number;
  /** Failures in a row so far. */
  failures: number;
  /** The last failure's message, for the UI. */
  lastError?: string;
}

export interface CircuitBreakerOptions {
  /** Failures in a row that open the circuit (default 3). */
  failureThreshold?: number;
  /** How long it stays open before a trial (default 30 s). */
  coolDownMs?: number;
  /** Clock in epoch ms (injectable for tests). */
  now?: () => number;
  onStateChange?: (s: CircuitSnapshot) => void;
}

export class CircuitBreaker implements EscalationClient {
  private st: CircuitState = 'closed';
  private failures = 0;
  private retryAt: number | undefined;
  private lastError: string | undefined;
  private trialInFlight = false;
  private readonly listeners = new Set<(s: CircuitSnapshot) => void>();
  private readonly threshold: number;
  private readonly coolDownMs: number;
  private readonly now: () => number;

  constructor(
    readonly inner: EscalationClient,
    opts: CircuitBreakerOptions = {},
  ) {
    this.threshold = Math.max(1, opts.failureThreshold ?? 3);
    this.coolDownMs = Math.max(0, opts.coolDownMs ?? 30_000);
    this.now = opts.now ?? Date.now;
    if (opts.onStateChange) this.listeners.add(opts.onStateChange);
  }

  get destination(): string {
    return this.inner.destination;
  }

  get protocol(): EndpointProtocol | undefined {
    return this.inner.protocol;
  }

  get state(): CircuitState {
    return this.st;
  }

  snapshot(): CircuitSnapshot {
    const s: CircuitSnapshot = { state: this.st, failures: this.failures };
    if (this.retryAt !== undefined && this.st === 'open') s.retryAt = this.retryAt;
    if (this.lastError !== undefined) s.lastError = this.lastError;
    return s;
  }

  /** Listen to state changes (for the UI); returns the unsubscribe function. */
  subscribe(listener: (s: CircuitSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Close the circuit now (a "retry now" button, or a changed configuration). */
  reset(): void {
    this.failures = 0;
    this.lastError = undefined;
    this.set('closed');
  }

  async complete(req: EscalationDraft, signal: AbortSignal, onSent?: OnSent): Promise<EscalationResult> {
    if (this.st === 'open') {
      if (this.now() < (this.retryAt ?? 0)) throw this.openError();
      this.set('half-open');
    }
    if (this.st === 'half-open') {
      // one trial at a time: the others fail fast rather than pile onto a server that may still be down
      if (this.trialInFlight) throw this.openError('a trial request is in flight');
      this.trialInFlight = true;
    }
    try {
      const res = await this.inner.complete(req, signal, onSent);
      this.failures = 0;
      this.lastError = undefined;
      this.set('closed');
      return res;
    } catch (e) {
      // The gate kept it local: the server was not asked, so this says nothing about it.
      if (!(e instanceof EgressRefused)) this.failed(e, signal);
      throw e;
    } finally {
      this.trialInFlight = false;
    }
  }

  private failed(e: unknown, signal: AbortSignal): void {
    const kind = e instanceof EndpointError ? e.kind : undefined;
    // a keystroke cancelled it: says nothing about the server (a half-open circuit stays ready for a trial)
    if (kind === 'aborted' || (signal.aborted && kind !== 'timeout')) return;
    this.failures++;
    this.lastError = e instanceof Error ? e.message : String(e);
    if (this.st === 'half-open' || this.failures >= this.threshold) {
      const wait = Math.max(this.coolDownMs, e instanceof EndpointError ? (e.retryAfterMs ?? 0) : 0);
      this.retryAt = this.now() + wait;
      this.set('open', true);
    }
  }

  private openError(why?: string): EndpointError {
    const inS = Math.max(0, Math.ceil(((this.retryAt ?? this.now()) - this.now()) / 1000));
    const at = this.retryAt !== undefined ? new Date(this.retryAt).toLocaleTimeString() : 'now';
    // Whole: a message cut mid-word hides the fix it names (each error is already bounded where it is made).
    const last = this.lastError ? ` Last error: ${this.lastError}` : '';
    const msg = why
      ? `Escalation to ${this.destination} is being retried (${why}); this request was not sent.${last}`
      : `Escalation to ${this.destination} is paused after ${this.failures} failed request${this.failures === 1 ? '' : 's'} in a row; ` +
        `it retries at ${at} (in ${inS} s). Nothing was sent.${last}`;
    return new EndpointError('circuit-open', msg);
  }

  private set(state: CircuitState, force = false): void {
    if (this.st === state && !force) return;
    this.st = state;
    if (state !== 'open') this.retryAt = undefined;
    const snap = this.snapshot();
    for (const l of this.listeners) {
      try {
        l(snap);
      } catch {
        // a broken listener must not break completions
      }
    }
  }
}
