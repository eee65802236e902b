// TypeScript: its record, and the family's rules and import reader it
// shares with JavaScript (javascript/family.ts). plugins.ts lists it;
// spec.ts says what each field is for.
import { JS_FAMILY, JS_SHARED, jsImports } from '../javascript/family';
import { vscodeGrammar } from '../shared-rules';
import type { LanguagePlugin } from '../spec';

export const typescript: LanguagePlugin = {
  spec: {
    id: 'typescript',
    monaco: 'typescript',
    extensions: ['.ts', '.mts', '.cts'],
    grammar: vscodeGrammar('typescript'),
    ...JS_SHARED,
    jsx: false,
    semantic: { names: 'javascript', types: { extension: '.ts', diagnostics: 'all' }, implicitGlobals: false },
  },
  family: JS_FAMILY,
  imports: jsImports,
};
