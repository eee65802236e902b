// PHP's highlighting in the editor (Monaco's own PHP tokenizer, which reads
// the HTML around `<?php ... ?>` too). The editor loads every language
// folder's monaco.ts, so this file is all it takes.
import 'monaco-editor/languages/definitions/php/register';
