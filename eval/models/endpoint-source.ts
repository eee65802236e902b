// The large model through the app's own escalation client (OpenAI-compatible
// /v1/completions, client-side FIM for the endpoint's family), post-processed
// as the pipeline does.
import { postProcess } from '../../src/completion/postprocess';
import type { EndpointConfig } from '../../src/config/types';
import { OpenAICompletionsClient } from '../../src/endpoint/openai-completions';
import type { CompletionSource } from './types';

export function endpointSource(cfg: EndpointConfig, role: 'local' | 'large' = 'large'): CompletionSource {
  const client = new OpenAICompletionsClient(cfg);
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
