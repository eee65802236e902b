// Which retrieval rules a file follows, by its name: its language's family
// (src/languages/spec.ts): C and C++ share their #include rules, JavaScript
// and TypeScript their import rules.
import { languageFromFileName, languageSpec } from '../../languages/registry';
import type { LanguageFamily } from '../../languages/spec';

export function retrievalLanguage(path: string): LanguageFamily | undefined {
  const id = languageFromFileName(path);
  return id ? languageSpec(id)?.family : undefined;
}

/** How a line comment starts in the language of `path` (for snippets given to models without a repository format). */
export function lineCommentFor(path: string): string {
  const id = languageFromFileName(path);
  const known = id && languageSpec(id)?.lineComment;
  if (known) return known;
  // Languages the registry does not hold, by their extension.
  if (/\.(rb|sh|bash|zsh|ya?ml|toml|r|pl|ps1|cfg|ini|dockerfile)$/i.test(path) || /(^|\/)Dockerfile$/.test(path)) return '#';
  if (/\.(sql|lua|hs|elm|ada)$/i.test(path)) return '--';
  return '//';
}
