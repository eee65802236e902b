// The prompt text of the protocols that take one (OpenAI-compatible
// completions, Ollama /api/generate), with the request's other files in it.
import { fimWithSnippets, snippetsAsComments, type SnippetContext } from '../prompt/prompt';
import type { EscalationRequest } from './types';

function contextOf(req: EscalationRequest): SnippetContext | undefined {
  if (!req.extra?.length) return undefined;
  return {
    file: req.file ?? '',
    snippets: req.extra.map((e) => ({ file: e.filename, text: e.text, ...(e.startLine !== undefined && { startLine: e.startLine }) })),
  };
}

/**
 * The FIM prompt built in the browser (the family's repository format for
 * other files, where it has one), or, when the server applies the FIM
 * template itself (`serverFim`: the suffix travels in its own field), the
 * prefix with the other files as comments before it.
 */
export function promptOf(family: string, req: EscalationRequest, serverFim: boolean): string {
  const context = contextOf(req);
  if (serverFim) return (context ? snippetsAsComments(context) : '') + req.prefix;
  return fimWithSnippets(family, req.prefix, req.suffix, context);
}
