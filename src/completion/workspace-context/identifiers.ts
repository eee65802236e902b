// Identifiers as a bag of words: what "similar to the text around the
// cursor" means here (Jaccard over identifier sets, as Cody ranks its
// snippets). Language keywords are left out: every Python file has `def`
// and `return`, so they would make every pair of files look alike.

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/g;

/** Keywords of the languages we retrieve for (Python, JS/TS, Java, C#, C/C++, Go, Rust); a union is fine for a similarity measure. */
const KEYWORDS = new Set(
  `
and as assert async await break case catch class const continue def del elif else except export extends false final finally for from func function
go if impl import in interface is lambda let match mod new nil none not null or pass pub public private protected raise return self static struct super
switch this throw true try type typeof use using var void while with yield package namespace int float double char bool boolean string str long short
unsigned signed auto enum fn mut ref where trait crate dyn loop defer chan select range map include define ifdef ifndef endif undefined let of instanceof
global nonlocal print len dict list tuple set object readonly abstract override virtual sealed internal out params base get default goto sizeof struct
`
    .split(/\s+/)
    .filter(Boolean),
);

function isKeyword(word: string): boolean {
  return KEYWORDS.has(word) || KEYWORDS.has(word.toLowerCase());
}

/** Identifiers of `text` in order of appearance, keywords and one-letter names left out. */
export function identifiers(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IDENTIFIER)) {
    const w = m[0];
    if (w.length > 1 && !isKeyword(w)) out.push(w);
  }
  return out;
}

export function identifierSet(text: string): Set<string> {
  return new Set(identifiers(text));
}

/** |a ∩ b| / |a ∪ b|; 0 when both are empty. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (!a.size || !b.size) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const w of small) if (large.has(w)) shared++;
  return shared / (a.size + b.size - shared);
}
