// The sentences of a completion's details (context window, syntax and semantic verdicts),
// kept apart from the markup so that each verdict's wording is tested in Node.
import type { CompletionResult } from '../completion/common/pipeline';

/** How much context the prompt held, and whether it was windowed around the cursor. */
export function windowText(window: CompletionResult['local']['window']): string {
  if (!window) return '';
  const windowed = window.truncated ? ' (windowed around the cursor)' : '';
  return ` Context ${window.prefixTokens} + ${window.suffixTokens} tokens${windowed}.`;
}

/** What was not sent to the large model, with why; empty when nothing was held back. */
export function withheldText(escalation: CompletionResult['escalation']): string | null {
  const withheld = escalation?.withheldContext;
  if (!withheld?.length) return null;
  return ` Kept back from the large model: ${withheld.map((w) => `${w.file} (${w.why})`).join(', ')}.`;
}

/** The syntax verdict: "not checked" is said, never shown as a pass. */
export function syntaxVerdictText(syntax: CompletionResult['syntax']): string {
  if (!syntax.checked) return 'not checked';
  return syntax.valid ? 'valid' : `invalid (${syntax.errors.length} introduced)`;
}

/** The semantic check's sentence: findings or why it did not run, each analysis that did not run, and its time. */
export function semanticText(semantic: NonNullable<CompletionResult['semantic']>): string {
  const verdict = semantic.checked ? `${semantic.findings.length} finding(s)` : `not checked (${semantic.uncheckedReason})`;
  const skipped = semantic.notChecked?.map((n) => `; ${n.kind} not checked: ${n.reason}`).join('') ?? '';
  const types = semantic.typesMs !== undefined ? ` (types ${semantic.typesMs.toFixed(2)} ms)` : '';
  return ` Semantic check ${verdict}${skipped} in ${semantic.ms.toFixed(2)} ms${types}.`;
}
