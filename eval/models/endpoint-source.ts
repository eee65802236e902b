// The large model through the app's own escalation client for the configured
// wire protocol (`createProtocolClient`: OpenAI-compatible /v1/completions
// for vLLM, TGI, llama.cpp and Ollama; llama.cpp /infill; Ollama
// /api/generate), through the pipeline's own escalate stage
// (src/completion/common/stages.ts), which post-processes the answer. Every task passes the
// same egress gate as the editor's requests (the client runs it), under the
// default privacy rules: a task holding a credential is refused and recorded
// as failed, never sent. No circuit breaker: a failed task is recorded as
// failed, and the run goes on to the next.
import { escalate, escalationDraft } from '../../src/completion';
import { DEFAULT_CONFIG } from '../../src/config';
import type { EndpointConfig } from '../../src/vocabulary';
import { createProtocolClient } from '../../src/endpoint';
import type { EgressRules } from '../../src/privacy';
import type { CompletionSource } from './types';

const DEFAULT_RULES: EgressRules = { neverSend: DEFAULT_CONFIG.privacy.neverSend, secrets: DEFAULT_CONFIG.privacy.secrets };

export function endpointSource(
  cfg: EndpointConfig,
  role: 'local' | 'large' = 'large',
  rules: EgressRules = DEFAULT_RULES,
): CompletionSource {
  const client = createProtocolClient(cfg);
  // The default protocol keeps the name earlier runs were stored under.
  const via = client.protocol && client.protocol !== 'openai-completions' ? ` via ${client.protocol}` : '';
  return {
    name: `endpoint:${client.destination}/${cfg.model}${via}`,
    role,
    async complete(task, signal) {
      const res = await escalate(client, escalationDraft({ prefix: task.prefix, suffix: task.suffix }, rules), signal);
      return {
        text: res.text,
        ...(res.raw !== undefined && { raw: res.raw }),
        ...(res.filters && { filters: res.filters }),
        tokenProbs: res.tokens ? res.tokens.map((t) => t.prob) : null,
        ...(res.tokens && { tokens: res.tokens.map((t) => t.text) }),
        ms: res.ms,
      };
    },
  };
}
