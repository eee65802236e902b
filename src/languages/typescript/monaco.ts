// TypeScript's highlighting in the editor (Monaco's own tokenizer, for .tsx
// files too). The editor loads every language folder's monaco.ts.
import 'monaco-editor/languages/definitions/typescript/register';
