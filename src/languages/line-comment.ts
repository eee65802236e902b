// How a line comment starts in a file's language: what the prompt writes
// before another file's snippet for a model that knows no repository format.
import { languageFromFileName, languageSpec } from './registry';

/** How a line comment starts in the language of `path` (for snippets given to models without a repository format). */
export function lineCommentFor(path: string): string {
  const id = languageFromFileName(path);
  const known = id && languageSpec(id)?.lineComment;
  if (known) return known;
  // Languages the registry does not hold, by their extension.
  if (/\.(sh|bash|zsh|ya?ml|toml|r|pl|ps1|cfg|ini|dockerfile)$/i.test(path) || /(^|\/)Dockerfile$/.test(path)) return '#';
  if (/\.(sql|lua|hs|elm|ada)$/i.test(path)) return '--';
  return '//';
}
