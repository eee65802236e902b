// Post-processing of the best completion: every filter of middle-filters.ts,
// in its order, and the names of those that changed the middle.
import { MIDDLE_FILTERS } from './middle-filters';

interface PostProcessed {
  text: string;
  /** The filters that changed the middle, in the order they ran. */
  filters: string[];
}

/** The middle after every filter, and which of them changed it. */
export function postProcessTraced(middle: string, suffix: string): PostProcessed {
  let text = middle;
  const filters: string[] = [];
  for (const f of MIDDLE_FILTERS) {
    const next = f.apply(text, suffix);
    if (next !== text) filters.push(f.name);
    text = next;
  }
  return { text, filters };
}
