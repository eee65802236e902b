// What languages of one family share (spec.ts, LanguageFamily; each
// language's folder holds its family's rules): how blocks are delimited,
// the regular expressions that find definitions, and how files make up a
// program (packages, namespaces, module paths). The patterns read one line
// each: retrieval only needs "this name is defined on this line", and a
// pattern that misses an exotic form costs one snippet, never a wrong
// completion (the retrieval bench checks them against tree-sitter's
// definitions, an independent reading).
import { PLUGINS } from './plugins';
import type { FamilyRules, LanguageFamily } from './spec';

/** Each family's rules, from its languages' folders (a family's languages share one object). */
export const FAMILIES: Readonly<Record<LanguageFamily, FamilyRules>> = Object.fromEntries(PLUGINS.map((p) => [p.spec.family, p.family]));
