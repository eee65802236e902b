// Ruby's highlighting in the editor (Monaco's own Ruby tokenizer). The editor
// loads every language folder's monaco.ts, so this file is all it takes.
import 'monaco-editor/languages/definitions/ruby/register';
