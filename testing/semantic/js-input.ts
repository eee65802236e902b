// Builds the checkers' input the way the dispatcher does (completed text and
// baseline, both parsed by the Node validator), so the JavaScript/TypeScript
// checkers' tests and bench run without it.
import { createNodeValidator } from '../../src/syntax';
import type { LanguageChecker, SemanticInput, SemanticRequest } from '../../src/semantic';

const validator = createNodeValidator();

/** `source` with the completion between `«` and `»`. */
export async function jsInput(language: string, source: string, more: Partial<SemanticRequest> = {}): Promise<SemanticInput> {
  const open = source.indexOf('«');
  const close = source.indexOf('»', open);
  if (open < 0 || close < 0) throw new Error('mark the completion with « and »');
  const prefix = source.slice(0, open);
  const completion = source.slice(open + 1, close);
  const suffix = source.slice(close + 1);
  const loaded = await validator.load(language);
  if (typeof loaded === 'string') throw new Error(loaded);
  const text = prefix + completion + suffix;
  const tree = loaded.parser.parse(text)!;
  const baselineTree = loaded.parser.parse(prefix + suffix)!;
  return {
    request: { language, prefix, completion, suffix, ...more },
    text,
    completionStart: prefix.length,
    completionEnd: prefix.length + completion.length,
    tree,
    baseline: { text: prefix + suffix, tree: baselineTree },
  };
}

/** What `checker` finds in `source` (completion between `«` and `»`), each as `name detail`; the trees are freed after. */
export async function checkedFindings(
  checker: LanguageChecker,
  language: string,
  source: string,
  more: Partial<SemanticRequest> = {},
): Promise<string[]> {
  const input = await jsInput(language, source, more);
  try {
    return (await checker.check(input)).map((f) => `${f.name} ${f.detail}`);
  } finally {
    input.tree.delete();
    input.baseline.tree.delete();
  }
}
