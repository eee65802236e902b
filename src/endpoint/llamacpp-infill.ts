// llama.cpp's server-side FIM route: `POST /infill` with `input_prefix`,
// `input_suffix`, optional `input_extra` ([{filename, text}], other files as
// context) and `n_predict`. The server wraps them in the model's own FIM
// tokens, so the family's template is not used for the prompt (only to cut
// stray stop strings). Streamed as SSE WITHOUT `data: [DONE]`: the last
// event has `stop: true`. Answer text is in `content`.
//
// The server writes each `input_extra` entry as one file of the repository
// prompt (`<|file_sep|>` + filename for Qwen): a file's snippets go as one
// entry, in line order, as the browser-built prompt does (snippets-by-file.ts).
import { snippetsByFile } from '../prompt/snippets-by-file';
import type { EndpointConfig } from '../vocabulary/config';
import { EndpointError } from './errors';
import { tokensFromLogprobs } from './logprobs';
import type { EscalationRequest } from './types';
import type { Piece, WireProtocol } from './wire-client';

interface InfillBody {
  input_prefix: string;
  input_suffix: string;
  input_extra?: { filename: string; text: string }[];
  n_predict: number;
  temperature: number;
  stream: boolean;
  /** Reuse the KV cache of the previous request: consecutive completions share most of the prefix. */
  cache_prompt: boolean;
  /** Candidates per position; 1 returns each chosen token's probability in `completion_probabilities`. */
  n_probs?: number;
}

/** `/infill` lives at the server root: `http://gpu-box:8080`, `.../v1` and `.../infill` all work. */
function infillUrl(base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  if (trimmed.endsWith('/infill')) return trimmed;
  return `${trimmed.replace(/\/v1$/, '')}/infill`;
}

function buildInfillBody(cfg: EndpointConfig, req: EscalationRequest, stream = false): InfillBody {
  const body: InfillBody = {
    input_prefix: req.prefix,
    input_suffix: req.suffix,
    n_predict: cfg.maxTokens,
    temperature: 0,
    stream,
    cache_prompt: true,
  };
  if (req.extra?.length) {
    const byFile = snippetsByFile(
      req.extra.map((e) => ({ file: e.filename, text: e.text, ...(e.startLine !== undefined && { startLine: e.startLine }) })),
    );
    body.input_extra = byFile.map(({ file, text }) => ({ filename: file, text }));
  }
  if (cfg.logprobs) body.n_probs = 1;
  return body;
}

type Json = Record<string, unknown>;

function readInfillMessage(msg: unknown, host: string): Piece {
  const m = msg as Json | null;
  if (typeof m?.content !== 'string') {
    throw new EndpointError('malformed', `${host} answered without "content": is this a llama.cpp server with the /infill route?`);
  }
  return { text: m.content, tokens: tokensFromLogprobs(m.completion_probabilities), done: m.stop === true };
}

export const llamacppInfill: WireProtocol = {
  name: 'llamacpp-infill',
  url: infillUrl,
  body: buildInfillBody,
  streamFormat: 'sse',
  read: readInfillMessage,
  explain(e) {
    if ((e.status === 501 || e.status === 400 || e.status === 500) && /infill|FIM/i.test(e.message)) {
      return new EndpointError(
        e.kind,
        `${e.message} The model loaded in llama.cpp has no FIM tokens: load a FIM model, or use the openai-completions protocol with a client-side template.`,
        e.status,
      );
    }
    return e;
  },
};
