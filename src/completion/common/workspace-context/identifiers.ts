// Identifiers as a bag of words: what "similar to the text around the
// cursor" means here (Jaccard over identifier sets, as Cody ranks its
// snippets). Language keywords are left out: every Python file has `def`
// and `return`, so they would make every pair of files look alike.
import { LANGUAGE_SPECS } from '../../../languages/registry';

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/g;

/** Every language's common words (LanguageSpec.commonWords); a union is fine for a similarity measure. */
const KEYWORDS = new Set(LANGUAGE_SPECS.flatMap((s) => s.commonWords));

function isKeyword(word: string): boolean {
  return KEYWORDS.has(word) || KEYWORDS.has(word.toLowerCase());
}

/** The identifiers of `text`, keywords and one-letter names left out. */
export function identifierSet(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(IDENTIFIER)) {
    const w = m[0];
    if (w.length > 1 && !isKeyword(w)) out.add(w);
  }
  return out;
}

/** |a ∩ b| / |a ∪ b|; 0 when both are empty. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (!a.size || !b.size) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const w of small) if (large.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}
