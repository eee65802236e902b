// The escalation port: what the pipeline needs from any large-model server.
import type { TokenProb } from '../completion/types';
import type { EndpointConfig } from '../config/types';

/** The wire protocols src/endpoint/ speaks (one module each). */
export type EndpointProtocol = NonNullable<EndpointConfig['protocol']>;

export const ENDPOINT_PROTOCOLS: readonly EndpointProtocol[] = ['openai-completions', 'llamacpp-infill', 'ollama-generate'];

export interface EscalationRequest {
  prefix: string;
  suffix: string;
  /**
   * Other files as context (llama.cpp `/infill` `input_extra`). Only protocols
   * that have a field for it send it; the others ignore it.
   */
  extra?: { filename: string; text: string }[];
}

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
}

export type OnSent = (bytes: number, body: string) => void;

export interface EscalationClient {
  readonly destination: string;
  readonly protocol?: EndpointProtocol;
  /**
   * Called only after the router and the privacy policy both allowed it.
   * `onSent` fires once the body is handed to the network, with its size in
   * bytes and the exact body (for the ledger's payload hash). It does not
   * fire when nothing was sent (an open circuit, an invalid configuration).
   */
  complete(req: EscalationRequest, signal: AbortSignal, onSent?: OnSent): Promise<EscalationResult>;
}
