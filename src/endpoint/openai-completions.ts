// OpenAI-compatible `/v1/completions` (vLLM, TGI, llama.cpp, Ollama, proxies).
// FIM is built client-side for the large model's family and the `suffix` key
// is left out: vLLM (400), TGI (422) and llama.cpp (500) reject it.
import { cutAtStopTokens, fimTemplate } from '../completion/fim';
import type { EndpointConfig } from '../config/types';
import { EndpointError, httpError, networkError } from './errors';
import type { EscalationClient, EscalationRequest, EscalationResult } from './types';

/** The OpenAI API accepts at most 4 stop sequences; the rest are cut client-side. */
const MAX_STOP_SEQUENCES = 4;

export interface CompletionsBody {
  model: string;
  prompt: string;
  max_tokens: number;
  temperature: number;
  stop: string[];
  stream: false;
}

export function completionsUrl(base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return trimmed.endsWith('/completions') ? trimmed : `${trimmed}/completions`;
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    throw new EndpointError('rejected', `"${url}" is not a valid endpoint URL: use e.g. http://gpu-box:8000/v1`);
  }
}

export function buildCompletionsBody(cfg: EndpointConfig, req: EscalationRequest): CompletionsBody {
  const tpl = fimTemplate(cfg.family);
  return {
    model: cfg.model,
    prompt: tpl.build(req.prefix, req.suffix),
    max_tokens: cfg.maxTokens,
    temperature: 0,
    stop: tpl.stopTokens.slice(0, MAX_STOP_SEQUENCES),
    stream: false,
  };
}

function parseCompletionText(raw: string, host: string): string {
  let j: unknown;
  try {
    j = JSON.parse(raw);
  } catch {
    throw new EndpointError('malformed', `${host} answered with something that is not JSON: ${raw.slice(0, 80)}`);
  }
  const text = (j as { choices?: { text?: unknown }[] })?.choices?.[0]?.text;
  if (typeof text !== 'string') {
    throw new EndpointError('malformed', `${host} answered without choices[0].text: is this an OpenAI-compatible /v1/completions endpoint?`);
  }
  return text;
}

export class OpenAICompletionsClient implements EscalationClient {
  readonly destination: string;
  private readonly url: string;

  constructor(private readonly cfg: EndpointConfig, private readonly fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)) {
    this.url = completionsUrl(cfg.url);
    this.destination = hostOf(this.url);
  }

  async complete(req: EscalationRequest, signal: AbortSignal, onSent?: (bytes: number) => void): Promise<EscalationResult> {
    const started = performance.now();
    const body = JSON.stringify(buildCompletionsBody(this.cfg, req));
    const bytesSent = new TextEncoder().encode(body).length;
    const timeout = AbortSignal.timeout(this.cfg.timeoutMs);
    const both = AbortSignal.any([signal, timeout]);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (this.cfg.apiKey) headers.Authorization = `Bearer ${this.cfg.apiKey}`;

    const failure = (e: unknown): EndpointError => {
      if (e instanceof EndpointError) return e;
      if (timeout.aborted) return new EndpointError('timeout', `${this.destination} did not answer within ${this.cfg.timeoutMs} ms.`);
      if (signal.aborted) return new EndpointError('aborted', 'Request cancelled by typing.');
      return networkError(this.destination, e);
    };

    let res: Response;
    try {
      const pending = this.fetchImpl(this.url, { method: 'POST', headers, body, signal: both });
      onSent?.(bytesSent);
      res = await pending;
    } catch (e) {
      throw failure(e);
    }
    try {
      const raw = await res.text();
      if (!res.ok) throw httpError(res.status, raw, this.destination);
      const text = cutAtStopTokens(parseCompletionText(raw, this.destination), fimTemplate(this.cfg.family).stopTokens).text;
      return { text, destination: this.destination, bytesSent, ms: performance.now() - started };
    } catch (e) {
      throw failure(e);
    }
  }
}
