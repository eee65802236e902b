// The language registry: one record per language with what the project
// knows about it (spec.ts says what each field is for), each from its
// folder (src/languages/<id>/, listed in plugins.ts). Ids are Monaco's, so
// the editor can pass `model.getLanguageId()` straight through. Pure data:
// how a runtime finds a grammar file (node_modules path, URL) is its port's
// job, how the harness runs a program is eval/execute/languages.ts's.

import type { LanguageId } from '../vocabulary/types';
import { FAMILIES } from './families';
import { PLUGINS } from './plugins';
import type { FamilyRules, ImportReader, LanguageSpec } from './spec';

/** Every record, in plugins.ts's order. */
export const LANGUAGE_SPECS: readonly LanguageSpec[] = PLUGINS.map((p) => p.spec);

const BY_ID = new Map<LanguageId, LanguageSpec>(LANGUAGE_SPECS.map((s) => [s.id, s]));
const BY_EXTENSION = new Map<string, LanguageSpec>(LANGUAGE_SPECS.flatMap((s) => s.extensions.map((e) => [e, s] as const)));

/** A language's record, or undefined for an id the project does not know. */
export function languageSpec(id: LanguageId): LanguageSpec | undefined {
  return BY_ID.get(id);
}

/** The languages whose records satisfy `test`, in the registry's order. */
export function languagesWhere(test: (spec: LanguageSpec) => boolean): LanguageId[] {
  return LANGUAGE_SPECS.filter(test).map((s) => s.id);
}

export function isSupportedLanguage(id: LanguageId): boolean {
  return !!languageSpec(id)?.grammar;
}

/**
 * Language id for a file name or path, by extension (case-insensitive), or
 * undefined when the extension is unknown. May return an id that is not
 * supported for checking (`c`): ask `isSupportedLanguage` for that.
 */
export function languageFromFileName(name: string): LanguageId | undefined {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0) return undefined; // no extension, or a dotfile such as `.py`
  return BY_EXTENSION.get(base.slice(dot).toLowerCase())?.id;
}

/** What the language's family shares (families.ts), or undefined for an unknown id. */
export function familyRules(id: LanguageId): FamilyRules | undefined {
  const spec = languageSpec(id);
  return spec && FAMILIES[spec.family];
}

const READERS = new Map<string, ImportReader>(PLUGINS.map((p) => [p.spec.family, p.imports]));

/** The import reader of a family (its languages share one), or undefined for an unknown family. */
export function importReader(family: string): ImportReader | undefined {
  return READERS.get(family);
}
