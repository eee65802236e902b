// Node adapter (tests, the eval harness, the bench): the semantic check on
// a validator that finds tree-sitter and the grammars in node_modules.
import { createNodeValidator } from '../syntax/node-runtime';
import { checkersFor, checkSemantics } from './check';
import { validatorParse } from './parse';
import type { SemanticRequest, SemanticVerdict } from './types';
import { typescriptTypesChecker } from './typescript-types';

export function createNodeSemanticCheck(): (req: SemanticRequest) => Promise<SemanticVerdict> {
  const parse = validatorParse(createNodeValidator());
  // In Node the TypeScript compiler is at hand: the types check joins the names check.
  return (req) =>
    checkSemantics(req, parse, [
      ...checkersFor(req.language),
      ...(typescriptTypesChecker.languages.includes(req.language) ? [typescriptTypesChecker] : []),
    ]);
}
