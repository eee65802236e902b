// Ollama's native route: `POST /api/generate`. With a `suffix` Ollama builds
// the FIM prompt from the model's own template (the default here). A model
// whose template has no suffix slot answers 400 "does not support insert":
// `acceptsSuffix: false` then sends the client-side template with
// `raw: true` (no template applied). Sampling goes in `options`
// (`num_predict`, `temperature`, `stop`). Ollama streams by default, so
// `stream` is always sent; the stream is NDJSON ending with `done: true`, and
// an error mid-stream arrives as a `{"error": "..."}` line.
import { fimTemplate } from '../vocabulary/fim';
import { promptOf } from './fim-prompt';
import type { EndpointConfig } from '../vocabulary/config';
import { EndpointError } from './errors';
import { tokensFromLogprobs } from './logprobs';
import type { EscalationRequest } from './types';
import type { Piece, WireProtocol } from './wire-client';

interface GenerateBody {
  model: string;
  prompt: string;
  suffix?: string;
  raw?: boolean;
  stream: boolean;
  options: { num_predict: number; temperature: number; stop: string[] };
  logprobs?: boolean;
}

/** `http://host:11434`, `.../api`, `.../v1` and `.../api/generate` all mean the same route. */
function generateUrl(base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  if (trimmed.endsWith('/api/generate')) return trimmed;
  return `${trimmed.replace(/\/(api|v1)$/, '')}/api/generate`;
}

function buildGenerateBody(cfg: EndpointConfig, req: EscalationRequest, stream = false): GenerateBody {
  const tpl = fimTemplate(cfg.family);
  const serverFim = cfg.acceptsSuffix !== false;
  const body: GenerateBody = {
    model: cfg.model,
    prompt: promptOf(cfg.family, req, serverFim),
    stream,
    options: { num_predict: cfg.maxTokens, temperature: 0, stop: [...tpl.stopTokens] },
  };
  if (serverFim) body.suffix = req.suffix;
  else body.raw = true;
  if (cfg.logprobs) body.logprobs = true;
  return body;
}

type Json = Record<string, unknown>;

function readGenerateMessage(msg: unknown, host: string): Piece {
  const m = msg as Json | null;
  if (typeof m?.response !== 'string') {
    throw new EndpointError('malformed', `${host} answered without "response": is this an Ollama server's /api/generate?`);
  }
  return { text: m.response, tokens: tokensFromLogprobs(m.logprobs), done: m.done === true };
}

export const ollamaGenerate: WireProtocol = {
  name: 'ollama-generate',
  url: generateUrl,
  body: buildGenerateBody,
  streamFormat: 'ndjson',
  read: readGenerateMessage,
  explain(e, cfg) {
    if (cfg.acceptsSuffix !== false && /does not support insert|suffix/i.test(e.message)) {
      return new EndpointError(
        e.kind,
        `${e.message} This model's Ollama template has no suffix slot: set acceptsSuffix to false so the FIM prompt is built in the browser and sent with raw: true.`,
        e.status,
      );
    }
    if (e.status === 404 && /not found/i.test(e.message)) {
      return new EndpointError(
        e.kind,
        `${e.message} Pull the model on the server (ollama pull ${cfg.model}) or fix the model name in Settings.`,
        e.status,
      );
    }
    return e;
  },
};
