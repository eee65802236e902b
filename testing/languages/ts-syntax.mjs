// TypeScript's own syntax check, for the plug-in suite's TypeScript and TSX
// cases: `tsc` type-checks a file, this reports only what TypeScript's parser
// finds in it (the source file's parse diagnostics) and exits 1 on any.
// Usage: node testing/languages/ts-syntax.mjs FILE (.tsx is read as TSX).
import { readFileSync } from 'node:fs';
import ts from 'typescript';

const file = process.argv[2];
const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, kind);
const diagnostics = source.parseDiagnostics;
for (const d of diagnostics) {
  const { line, character } = source.getLineAndCharacterOfPosition(d.start);
  console.error(`${file}:${line + 1}:${character + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}
process.exit(diagnostics.length ? 1 : 0);
