// Java's highlighting in the editor (Monaco's own tokenizer). The editor
// loads every language folder's monaco.ts.
import 'monaco-editor/languages/definitions/java/register';
