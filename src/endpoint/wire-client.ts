// The client every protocol shares: a protocol module says what to send and
// how to read one message; this class does the rest the same way for all of
// them (transport, stream reading, stop tokens, end-of-stream check,
// sanitising, logprobs), so a fix here fixes every server.
import { cutAtStopTokens, fimTemplate } from '../vocabulary/fim';
import type { TokenProb } from '../vocabulary/types';
import type { EndpointConfig } from '../vocabulary/config';
import { EndpointError, errorPayloadMessage } from './errors';
import { stripControls } from './sanitize';
import { formatOf, readMessages } from './stream';
import { MAX_RESPONSE_BYTES, postJson } from './transport';
import { EgressRefused, hasPassedGate, passGate } from '../privacy/egress-gate';
import { credentialInBody } from '../privacy/last-scan';
import { scrubServerText, withoutWholeKey } from '../privacy/scrub-text';
import type { EndpointProtocol, EscalationClient, EscalationDraft, EscalationRequest, EscalationResult, OnSent } from './types';

/** What one decoded message (a whole answer, or one stream event) contributed. */
export interface Piece {
  text: string;
  tokens?: TokenProb[];
  /** The server said this is the end (finish_reason, `stop: true`, `done: true`). */
  done: boolean;
}

export interface WireProtocol {
  readonly name: EndpointProtocol;
  /** The route's full URL from the configured base URL. */
  url(base: string): string;
  body(cfg: EndpointConfig, req: EscalationRequest, stream: boolean): object;
  /** How the stream is framed when the Content-Type does not say. */
  readonly streamFormat: 'sse' | 'ndjson';
  /** Read one message (an error payload never gets here: the client says it for every protocol); throws EndpointError for an unexpected shape. */
  read(msg: unknown, host: string): Piece;
  /** Make a server's refusal more actionable for this protocol (e.g. "set acceptsSuffix: false"). */
  explain?(e: EndpointError, cfg: EndpointConfig): EndpointError;
}

export interface WireClientOptions {
  fetch?: typeof fetch;
  /** Cap on the response body in bytes (default 1 MiB). */
  maxResponseBytes?: number;
}

function hostOf(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new EndpointError('rejected', `"${url}" is not a valid endpoint URL: use e.g. http://gpu-box:8000/v1`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new EndpointError('rejected', `"${url}" is not a valid endpoint URL: only http:// and https:// are supported`);
  }
  return u.host;
}

/** Drop the tokens past a cut, so `tokens` describes exactly the returned text. */
function tokensWithin(tokens: TokenProb[], length: number): TokenProb[] {
  const out: TokenProb[] = [];
  let at = 0;
  for (const t of tokens) {
    if (at >= length) break;
    out.push(t);
    at += t.text.length;
  }
  return out;
}

export class WireClient implements EscalationClient {
  readonly destination: string;
  readonly protocol: EndpointProtocol;
  private readonly url: string;
  private readonly fetchImpl: typeof fetch;
  private readonly maxBytes: number;

  constructor(
    private readonly wire: WireProtocol,
    private readonly cfg: EndpointConfig,
    opts: WireClientOptions = {},
  ) {
    this.protocol = wire.name;
    this.url = wire.url(cfg.url);
    this.destination = hostOf(this.url);
    fimTemplate(cfg.family); // an unknown family fails here, at configuration time, not on the first keystroke
    this.fetchImpl = opts.fetch ?? globalThis.fetch.bind(globalThis);
    this.maxBytes = opts.maxResponseBytes ?? MAX_RESPONSE_BYTES;
  }

  async complete(draft: EscalationDraft, signal: AbortSignal, onSent?: OnSent): Promise<EscalationResult> {
    const started = performance.now();
    // The one gate: nothing below sees the draft, only what the gate let through.
    const { request, report } = await passGate(draft);
    const stream = this.cfg.stream === true;
    const body = this.serialise(request, stream);
    // The last look, at the exact bytes: a credential readable in them keeps the whole request here.
    const left = await credentialInBody(body);
    if (left) {
      throw new EgressRefused('secret', `the request as it would be sent holds a credential (${left.kind}): nothing was sent`, left);
    }
    if (signal.aborted) throw new EndpointError('aborted', 'Request cancelled by typing.');
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (this.cfg.apiKey) headers.Authorization = `Bearer ${this.cfg.apiKey}`;
    const stops = fimTemplate(this.cfg.family).stopTokens;
    const host = this.destination;
    let fail = (e: unknown): EndpointError => (e instanceof EndpointError ? e : new EndpointError('malformed', String(e)));
    try {
      const ex = await postJson({
        url: this.url,
        host,
        headers,
        signal,
        onSent: onSent && ((bytes, body) => onSent(bytes, body, report)),
        body,
        timeoutMs: this.cfg.timeoutMs,
        maxBytes: this.maxBytes,
        fetchImpl: this.fetchImpl,
        errorContext: { hasApiKey: !!this.cfg.apiKey, protocol: this.protocol },
      });
      fail = ex.fail;
      const format = formatOf(ex.contentType, stream ? this.wire.streamFormat : 'json');
      let raw = '';
      let tokens: TokenProb[] | undefined;
      let finished = false;
      for await (const m of readMessages(ex.chunks, format, host)) {
        if (m.kind === 'done') {
          finished = true;
          break;
        }
        const said = errorPayloadMessage(m.value); // a mid-stream error, in any protocol's shape
        if (said !== undefined) throw new EndpointError('server', `${host} reported an error: ${said}`);
        const p = this.wire.read(m.value, host);
        raw += p.text;
        if (p.tokens) (tokens ??= []).push(...p.tokens);
        if (format === 'json' || p.done) {
          finished = true;
          break;
        }
        if (cutAtStopTokens(raw, stops).stopped) {
          ex.stop(); // the rest would be cut anyway: free the server's slot now
          finished = true;
          break;
        }
      }
      if (!finished) {
        throw new EndpointError(
          'incomplete',
          `${host}'s stream ended before the server said it was done: the completion was cut off and discarded.`,
        );
      }
      const cut = cutAtStopTokens(raw, stops).text;
      const clean = stripControls(withoutWholeKey(cut, this.cfg.apiKey));
      const res: EscalationResult = {
        text: clean.text,
        destination: host,
        bytesSent: ex.bytesSent,
        ms: performance.now() - started,
        protocol: this.protocol,
        gate: report,
      };
      if (tokens) res.tokens = tokensWithin(tokens, cut.length).map((t) => ({ ...t, text: stripControls(t.text).text }));
      if (clean.removed) res.stripped = clean.removed;
      return res;
    } catch (e) {
      const err = fail(e);
      const explained = this.wire.explain ? this.wire.explain(err, this.cfg) : err;
      // A server's words are shown and stored (badge, ledger, export): never with the key or a credential in them.
      explained.message = await scrubServerText(explained.message, this.cfg.apiKey);
      throw explained;
    }
  }

  /** The body of a request the gate let through; any other object is refused. */
  private serialise(request: EscalationRequest, stream: boolean): string {
    if (!hasPassedGate(request))
      throw new EndpointError('rejected', 'Internal error: a request that did not pass the egress gate was refused; nothing was sent.');
    return JSON.stringify(this.wire.body(this.cfg, request, stream));
  }
}
