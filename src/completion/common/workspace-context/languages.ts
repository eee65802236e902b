// Which retrieval rules a file follows, by its name: its language's family
// (src/languages/spec.ts): C and C++ share their #include rules, JavaScript
// and TypeScript their import rules.
import { languageFromFileName, languageSpec } from '../../../languages/registry';
import type { LanguageFamily } from '../../../languages/spec';

export function retrievalLanguage(path: string): LanguageFamily | undefined {
  const id = languageFromFileName(path);
  return id ? languageSpec(id)?.family : undefined;
}
