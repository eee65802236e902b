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
   * Other files as context: llama.cpp `/infill` sends them as `input_extra`;
   * the others put them before the prefix, in the family's repository format
   * when the browser builds the FIM prompt and the family has one, else as
   * comments in the language of `file`.
   */
  extra?: { filename: string; text: string }[];
  /** Workspace path of the file being completed (the repository format names it; its extension picks the comment syntax). */
  file?: string;
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
