// Node adapter (tests, the eval harness, the bench): the semantic check on
// a validator that finds tree-sitter and the grammars in node_modules.
import { createNodeValidator } from '../syntax/node-runtime';
import { checkSemantics } from './check';
import { validatorParse } from './parse';
import type { SemanticRequest, SemanticVerdict } from './types';

export function createNodeSemanticCheck(): (req: SemanticRequest) => Promise<SemanticVerdict> {
  const parse = validatorParse(createNodeValidator());
  return (req) => checkSemantics(req, parse);
}
