// A Node validator that counts the live documents' reparses (parses of the
// whole text with its old tree and no ranges; a check's window parses have
// ranges), for tests of when they run and whether they finish.
import type { ParseCallback } from 'web-tree-sitter';
import { createNodeValidator } from '../../src/syntax';

export interface CountingOptions {
  /** Each reparse waits this long first, as on a slow machine or in a big file. */
  delayMs?: number;
  /** Called as each reparse starts, before its first slice. */
  onReparse?: () => void;
}

export function countingValidator({ delayMs = 0, onReparse }: CountingOptions = {}) {
  const v = createNodeValidator();
  const parse = v.parseInSlices.bind(v);
  const counted = { reparses: 0, finished: 0, givenUp: 0 };
  v.parseInSlices = async (grammar, input: string | ParseCallback, options = {}) => {
    if (!(typeof input === 'string' && options.oldTree && !options.includedRanges)) return parse(grammar, input, options);
    counted.reparses++;
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    onReparse?.();
    const tree = await parse(grammar, input, options);
    counted[tree ? 'finished' : 'givenUp']++;
    return tree;
  };
  return { v, counted };
}

/** Resolves once `ready()` holds, asking every 10 ms (the test's own time limit catches a hang). */
export async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((r) => setTimeout(r, 10));
}
