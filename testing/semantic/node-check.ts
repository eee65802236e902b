// The semantic check in Node, for the tests: on a validator that finds
// tree-sitter and the grammars in node_modules.
import { createNodeValidator } from '../../src/syntax/node-runtime';
import { checkersFor, checkSemantics } from '../../src/semantic/check';
import { validatorParse } from '../../src/semantic/parse';
import type { SemanticRequest, SemanticVerdict } from '../../src/semantic/types';
import { createTypescriptTypesChecker } from '../../src/semantic/typescript-types';

/** The types checker without a workspace: every import unresolved. */
export const typescriptTypesChecker = createTypescriptTypesChecker();

export function createNodeSemanticCheck(): (req: SemanticRequest) => Promise<SemanticVerdict> {
  const parse = validatorParse(createNodeValidator());
  // In Node the TypeScript compiler is at hand: the types check joins the names check.
  return (req) =>
    checkSemantics(req, parse, [
      ...checkersFor(req.language),
      ...(typescriptTypesChecker.languages.includes(req.language) ? [typescriptTypesChecker] : []),
    ]);
}
