// `npm run validate [file]`: check fill-in-the-middle completions in bulk
// with the same code as the editor's syntax worker (createSyntaxService).
// Reads JSON Lines from the file, or standard input when there is none or
// it is `-`; writes one JSON line per input line to standard output (see
// src/syntax/batch.ts for both formats) and a summary to standard error.
// Exit status: 0, or 1 when some line was malformed, 2 on a usage error.
import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { runBatch } from '../src/syntax';
import { createNodeSyntaxService } from '../src/checks';

const USAGE = `usage: npm run validate -- [file.jsonl | -]
  input lines:  {"language": "python", "prefix": "...", "completion": "...", "suffix": "..."}
  output lines: {"valid": true, "checked": true, "errors": [], "ms": 0.4, ...}  or  {"line": 3, "error": "..."}`;

async function main(): Promise<number> {
  let parsed: { values: { help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (e) {
    console.error(`validate: ${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals: args } = parsed;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (args.length > 1) {
    console.error(`validate: one input file at most\n${USAGE}`);
    return 2;
  }
  const file = args[0] && args[0] !== '-' ? args[0] : undefined;
  if (file && !existsSync(file)) {
    console.error(`validate: ${file}: no such file`);
    return 2;
  }
  const input = file ? createReadStream(file, 'utf8') : process.stdin;
  const lines = createInterface({ input, crlfDelay: Infinity });
  const service = createNodeSyntaxService({
    onLoadError: (what, e) => console.error(`validate: cannot load ${what}: ${(e as Error).message}`),
  });
  const started = performance.now();
  const s = await runBatch(
    lines,
    (req) => service.validate(req),
    (line) => process.stdout.write(`${line}\n`),
  );
  console.error(
    `validate: ${s.lines} lines: ${s.valid} valid, ${s.invalid} invalid, ${s.unchecked} not checked, ${s.malformed} malformed (${((performance.now() - started) / 1000).toFixed(2)} s)`,
  );
  return s.malformed ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    console.error(`validate: ${(e as Error).stack ?? String(e)}`);
    process.exitCode = 2;
  },
);
