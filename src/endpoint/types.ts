// The escalation port: what the pipeline needs from any large-model server.
import type { TokenProb } from '../completion/types';

export interface EscalationRequest {
  prefix: string;
  suffix: string;
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
}

export interface EscalationClient {
  readonly destination: string;
  /** Called only after the router and the privacy policy both allowed it. `onSent` fires once the body is handed to the network. */
  complete(req: EscalationRequest, signal: AbortSignal, onSent?: (bytes: number) => void): Promise<EscalationResult>;
}
