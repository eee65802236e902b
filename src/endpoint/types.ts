// The escalation port: what the pipeline needs from any large-model server.
import type { TokenProb } from '../vocabulary/types';
import type { EndpointConfig } from '../vocabulary/config';
import type { EscalationDraft, GateReport, GuardedRequest } from '../privacy/egress-gate';

/** The wire protocols src/endpoint/ speaks (one module each). */
export type EndpointProtocol = NonNullable<EndpointConfig['protocol']>;

export const ENDPOINT_PROTOCOLS: readonly EndpointProtocol[] = ['openai-completions', 'llamacpp-infill', 'ollama-generate'];

/**
 * What a protocol serialises: only the egress gate's output
 * (src/privacy/egress-gate.ts). Other files as context: llama.cpp `/infill`
 * sends them as `input_extra`; the others put them before the prefix, in the
 * family's repository format when the browser builds the FIM prompt and the
 * family has one, else as comments in the language of `file` (the path of the
 * file being completed).
 */
export type EscalationRequest = GuardedRequest;

/** What callers hand the client: the draft and its rules; the client passes it through the gate before anything is built. */
export type { EscalationDraft } from '../privacy/egress-gate';

export interface EscalationResult {
  text: string;
  /** Per-token probabilities when the server returned logprobs. */
  tokens?: TokenProb[];
  /** Host the code was sent to (for the badge and the ledger). */
  destination: string;
  /** Bytes of the request body that left the machine. */
  bytesSent: number;
  ms: number;
  /** Wire protocol used (for the ledger). */
  protocol?: EndpointProtocol;
  /** Control characters / escape sequences removed from the server's text (see sanitize.ts). */
  stripped?: number;
  /** What the egress gate changed or kept back in the request. */
  gate: GateReport;
}

export type OnSent = (bytes: number, body: string, gate: GateReport) => void;

export interface EscalationClient {
  readonly destination: string;
  readonly protocol?: EndpointProtocol;
  /**
   * Called only after the router and the privacy policy both allowed it.
   * The draft passes the egress gate first (it throws EgressRefused when the
   * rules keep the request local). `onSent` fires when the body is handed to
   * the browser's fetch, with its size in bytes, the exact body (for the
   * ledger's payload hash) and what the gate changed. It does not fire when
   * nothing was sent (the gate refused, an open circuit, an invalid
   * configuration).
   */
  complete(req: EscalationDraft, signal: AbortSignal, onSent?: OnSent): Promise<EscalationResult>;
}
