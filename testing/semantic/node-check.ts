// The semantic check in Node, for the tests: on a validator that finds
// tree-sitter and the grammars in node_modules.
import { createNodeValidator } from '../../src/syntax';
import {
  checkersFor,
  checkSemantics,
  validatorParse,
  type SemanticRequest,
  type SemanticVerdict,
  createTypescriptTypesChecker,
} from '../../src/semantic';

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
