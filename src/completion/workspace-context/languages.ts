// Which retrieval rules a file follows, by its name. Retrieval needs coarser
// groups than the validator's grammars: C and C++ share their #include rules,
// JavaScript and TypeScript their import rules.
import { languageFromFileName } from '../../syntax/languages';

export type RetrievalLanguage = 'python' | 'js' | 'java' | 'csharp' | 'c' | 'go' | 'rust';

const BY_LANGUAGE: Record<string, RetrievalLanguage> = {
  python: 'python', javascript: 'js', typescript: 'js', tsx: 'js',
  java: 'java', csharp: 'csharp', cpp: 'c', c: 'c', go: 'go', rust: 'rust',
};

export function retrievalLanguage(path: string): RetrievalLanguage | undefined {
  const id = languageFromFileName(path);
  return id ? BY_LANGUAGE[id] : undefined;
}

/** How a line comment starts in the language of `path` (for snippets given to models without a repository format). */
export function lineCommentFor(path: string): string {
  const id = languageFromFileName(path);
  if (id === 'python' || /\.(rb|sh|bash|zsh|ya?ml|toml|r|pl|ps1|cfg|ini|dockerfile)$/i.test(path) || /(^|\/)Dockerfile$/.test(path)) return '#';
  if (/\.(sql|lua|hs|elm|ada)$/i.test(path)) return '--';
  return '//';
}
