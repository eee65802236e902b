// The semantic check parses with the syntax room's validator: the same
// runtime, grammars and sliced parses (a long parse lets other requests in,
// and gives up at the deadline), in the browser's syntax worker and in Node.
// A parse may start from an earlier tree of a text that differs from this
// one in one region (the document of the previous check, or the document
// without the completion): tree-sitter then reparses only around that
// region.
import { Edit, type Tree } from 'web-tree-sitter';
import type { SyntaxValidator } from '../syntax/validator';
import { changeEdit } from './text-change';
import type { SemanticParse } from './check';

export function validatorParse(validator: SyntaxValidator): SemanticParse {
  return {
    async ready(language) {
      const loaded = await validator.load(language);
      return typeof loaded === 'string' ? loaded : undefined;
    },
    async parse(language, text, deadline, from) {
      // Copied before any await: the caller's tree may be freed once it has ours.
      const oldTree: Tree | null = from ? from.tree.copy() : null;
      try {
        oldTree?.edit(new Edit(changeEdit(from!.text, text)));
        const loaded = await validator.load(language);
        if (typeof loaded === 'string') return null;
        return await validator.parseInSlices(loaded.grammar, text, { deadline, oldTree });
      } finally {
        oldTree?.delete();
      }
    },
  };
}
