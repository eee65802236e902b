// The large model through the app's own escalation client for the
// endpoint's protocol (OpenAI-compatible /v1/completions with client-side FIM,
// llama.cpp /infill, Ollama /api/generate), post-processed as the pipeline does.
import { postProcess } from '../../src/completion/postprocess';
import type { EndpointConfig } from '../../src/config/types';
import { createProtocolClient } from '../../src/endpoint';
import type { CompletionSource } from './types';

export function endpointSource(cfg: EndpointConfig, role: 'local' | 'large' = 'large'): CompletionSource {
  const client = createProtocolClient(cfg);
  return {
    name: `endpoint:${client.destination}/${cfg.model}`,
    role,
    async complete(task, signal) {
      const res = await client.complete({ prefix: task.prefix, suffix: task.suffix }, signal);
      const text = postProcess(res.text, task.suffix);
      return {
        text,
        ...(text !== res.text && { raw: res.text }),
        tokenProbs: res.tokens ? res.tokens.map((t) => t.prob) : null,
        ...(res.tokens && { tokens: res.tokens.map((t) => t.text) }),
        ms: res.ms,
      };
    },
  };
}
