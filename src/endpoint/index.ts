// The entry point the engine uses: a client for the configured protocol,
// wrapped in a circuit breaker.
import type { EndpointConfig } from '../vocabulary/config';
import { CircuitBreaker, type CircuitBreakerOptions } from './circuit-breaker';
import { EndpointError } from './errors';
import { llamacppInfill } from './llamacpp-infill';
import { ollamaGenerate } from './ollama-generate';
import { openaiCompletions } from './openai-completions';
import { ENDPOINT_PROTOCOLS, type EndpointProtocol } from './types';
import { WireClient, type WireClientOptions, type WireProtocol } from './wire-client';

export { CircuitBreaker } from './circuit-breaker';
export { EndpointError } from './errors';
export { ENDPOINT_PROTOCOLS, type EndpointProtocol } from './types';

const PROTOCOLS: Record<EndpointProtocol, WireProtocol> = {
  'openai-completions': openaiCompletions,
  'llamacpp-infill': llamacppInfill,
  'ollama-generate': ollamaGenerate,
};

interface CreateClientOptions extends WireClientOptions {
  breaker?: CircuitBreakerOptions;
}

/** The protocol client alone (no breaker). A missing `protocol` is `openai-completions` (older configs). */
export function createProtocolClient(cfg: EndpointConfig, opts: WireClientOptions = {}): WireClient {
  const name = cfg.protocol ?? 'openai-completions';
  const wire = (PROTOCOLS as Record<string, WireProtocol | undefined>)[name];
  if (!wire) {
    throw new EndpointError('rejected', `Unknown endpoint protocol "${name}": use one of ${ENDPOINT_PROTOCOLS.join(', ')}.`);
  }
  return new WireClient(wire, cfg, opts);
}

/**
 * A client for `cfg.protocol` behind a circuit breaker. The breaker's memory
 * is the client's: keep one per endpoint for as long as its settings hold
 * (the engine does), and subscribe to `client.subscribe(...)` for the UI.
 */
export function createEscalationClient(cfg: EndpointConfig, opts: CreateClientOptions = {}): CircuitBreaker {
  return new CircuitBreaker(createProtocolClient(cfg, opts), opts.breaker);
}
