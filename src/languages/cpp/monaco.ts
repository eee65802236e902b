// C++'s highlighting in the editor (Monaco's own tokenizer, which registers
// C too). The editor loads every language folder's monaco.ts.
import 'monaco-editor/languages/definitions/cpp/register';
