// TSX: its record, and the family's rules and import reader it shares with
// JavaScript (javascript/family.ts). Monaco has no `tsx` id (it calls .tsx
// files `typescript`, registered by typescript/monaco.ts), but the
// typescript grammar rejects JSX, so a .tsx file is validated as `tsx`.
import { JS_FAMILY, JS_SHARED, jsImports } from '../javascript/family';
import { vscodeGrammar } from '../shared-rules';
import type { LanguagePlugin } from '../spec';

export const tsx: LanguagePlugin = {
  spec: {
    id: 'tsx',
    monaco: 'typescript',
    extensions: ['.tsx'],
    grammar: vscodeGrammar('tsx'),
    ...JS_SHARED,
    jsx: true,
    semantic: { names: 'javascript', types: { extension: '.tsx', diagnostics: 'all' }, implicitGlobals: false },
  },
  family: JS_FAMILY,
  imports: jsImports,
};
