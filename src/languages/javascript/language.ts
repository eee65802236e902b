// JavaScript: its record, and the family's rules and import reader it
// shares with TypeScript and TSX (family.ts). plugins.ts lists it; spec.ts
// says what each field is for.
import { vscodeGrammar } from '../shared-rules';
import type { LanguagePlugin } from '../spec';
import { JS_FAMILY, JS_SHARED, jsImports } from './family';

// tree-sitter-javascript parses JSX too, so .jsx needs no grammar of its own.
export const javascript: LanguagePlugin = {
  spec: {
    id: 'javascript',
    monaco: 'javascript',
    extensions: ['.js', '.mjs', '.cjs', '.jsx'],
    grammar: vscodeGrammar('javascript'),
    ...JS_SHARED,
    jsx: true,
    semantic: { names: 'javascript', types: { extension: '.jsx', diagnostics: 'plainly-missing' }, implicitGlobals: true },
  },
  family: JS_FAMILY,
  imports: jsImports,
};
