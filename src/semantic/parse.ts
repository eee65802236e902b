// The semantic check parses with the syntax room's validator: the same
// runtime, grammars and sliced parses (a long parse lets other requests in,
// and gives up at the deadline), in the browser's syntax worker and in Node.
import type { SyntaxValidator } from '../syntax/validator';
import type { SemanticParse } from './check';

export function validatorParse(validator: SyntaxValidator): SemanticParse {
  return {
    async ready(language) {
      const loaded = await validator.load(language);
      return typeof loaded === 'string' ? loaded : undefined;
    },
    async parse(language, text, deadline) {
      const loaded = await validator.load(language);
      if (typeof loaded === 'string') return null;
      return validator.parseInSlices(loaded.grammar, text, { deadline });
    },
  };
}
