// The live path alone, for tests that compare it with the whole-text check:
// a completion at `offset` of the copy `docs` holds, with no time budget.
import type { SyntaxVerdict } from '../../src/vocabulary';
import type { LiveDocuments, SyntaxValidator } from '../../src/syntax';

/** undefined when the document is not held at `version` (the pipeline's check then parses the request's own text). */
export async function checkHeld(
  docs: LiveDocuments,
  uri: string,
  language: string,
  version: number,
  offset: number,
  completion: string,
): Promise<SyntaxVerdict | undefined> {
  const text = docs.textOf(uri);
  if (text === undefined || docs.versionOf(uri) !== version) return undefined;
  const v = await docs.validate(
    { language, prefix: text.slice(0, offset), suffix: text.slice(offset), completion, documentId: uri, version },
    Infinity,
  );
  return v.checkedOn === 'live-document' ? v : undefined;
}

/**
 * The whole-text check of what the live path judges at `offset`: the held
 * text with the members its window sets aside (members cut out of it that
 * hold errors, LiveDocuments.membersSetAside) blanked, rows kept.
 */
export async function fullCheckAsTheWindowSees(
  docs: LiveDocuments,
  full: SyntaxValidator,
  uri: string,
  language: string,
  offset: number,
  completion: string,
): Promise<SyntaxVerdict> {
  let text = docs.textOf(uri) ?? '';
  for (const [s, e] of (await docs.membersSetAside(uri, offset)) ?? [])
    text = text.slice(0, s) + text.slice(s, e).replace(/[^\r\n]/g, ' ') + text.slice(e);
  return full.validate({ language, prefix: text.slice(0, offset), completion, suffix: text.slice(offset) });
}
