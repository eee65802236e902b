// Build simulation rows by hand for the analysis tests.
import type { SimRow } from '../../eval/analysis/rows';

export function row(
  key: string,
  language: string,
  probs: number[],
  valid: boolean,
  localPass: boolean,
  largePass: boolean,
  localMs = 0,
  largeMs = 0,
): SimRow {
  return {
    key,
    group: key,
    language,
    localPass,
    largePass,
    localMs,
    largeMs,
    tokens: probs.map((prob, id) => ({ id, text: '', prob })),
    syntax: {
      checked: true,
      valid,
      errors: valid ? [] : [{ kind: 'error', row: 0, column: 0, detail: 'x' }],
      preexistingErrors: 0,
      ms: 0,
      language,
    },
  };
}
