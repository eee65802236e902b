// OpenAI-compatible `/v1/completions` (vLLM, TGI, llama.cpp, Ollama, proxies).
// FIM is built client-side for the large model's family and the `suffix` key
// is left out: vLLM (400), TGI (422) and llama.cpp (500) reject it. Only a
// server configured with `acceptsSuffix` (Ollama) gets prefix + `suffix` and
// applies its own template. No `echo` (it would send the prompt back) and
// no `top_p` (some servers reject 1.0 with temperature 0; greedy needs none).
import { fimTemplate } from '../vocabulary/fim';
import { promptOf } from './fim-prompt';
import type { EndpointConfig } from '../vocabulary/config';
import { EndpointError } from './errors';
import { tokensFromLogprobs } from './logprobs';
import type { EscalationRequest } from './types';
import type { Piece, WireProtocol } from './wire-client';

/** The OpenAI API accepts at most 4 stop sequences; the rest are cut client-side. */
const MAX_STOP_SEQUENCES = 4;

interface CompletionsBody {
  model: string;
  prompt: string;
  suffix?: string;
  max_tokens: number;
  temperature: number;
  stop: string[];
  stream: boolean;
  /** Number of candidates per position; 1 gives the chosen token's logprob on every server. */
  logprobs?: number;
}

function completionsUrl(base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return trimmed.endsWith('/completions') ? trimmed : `${trimmed}/completions`;
}

function buildCompletionsBody(cfg: EndpointConfig, req: EscalationRequest, stream = false): CompletionsBody {
  const tpl = fimTemplate(cfg.family);
  const serverFim = cfg.acceptsSuffix === true;
  const body: CompletionsBody = {
    model: cfg.model,
    prompt: promptOf(cfg.family, req, serverFim),
    max_tokens: cfg.maxTokens,
    temperature: 0,
    stop: tpl.stopTokens.slice(0, MAX_STOP_SEQUENCES),
    stream,
  };
  if (serverFim) body.suffix = req.suffix;
  if (cfg.logprobs) body.logprobs = 1;
  return body;
}

type Json = Record<string, unknown>;

function readCompletionsMessage(msg: unknown, host: string): Piece {
  const choices = (msg as Json | null)?.choices;
  if (!Array.isArray(choices)) {
    throw new EndpointError(
      'malformed',
      `${host} answered without choices[0].text: is this an OpenAI-compatible /v1/completions endpoint?`,
    );
  }
  if (choices.length === 0) return { text: '', done: false }; // a usage-only chunk
  const c = choices[0] as Json;
  if (typeof c?.text !== 'string') {
    throw new EndpointError(
      'malformed',
      `${host} answered without choices[0].text: is this an OpenAI-compatible /v1/completions endpoint?`,
    );
  }
  // TGI sends finish_reason "" until the end, vLLM null
  const done = typeof c.finish_reason === 'string' && c.finish_reason !== '';
  return { text: c.text, tokens: tokensFromLogprobs(c.logprobs), done };
}

export const openaiCompletions: WireProtocol = {
  name: 'openai-completions',
  url: completionsUrl,
  body: buildCompletionsBody,
  streamFormat: 'sse',
  read: readCompletionsMessage,
  explain(e, cfg) {
    if (cfg.acceptsSuffix && (e.kind === 'rejected' || e.kind === 'server') && /suffix/i.test(e.message)) {
      return new EndpointError(
        e.kind,
        `${e.message} This server does not accept "suffix": set acceptsSuffix to false so the FIM prompt is built in the browser.`,
        e.status,
      );
    }
    return e;
  },
};
