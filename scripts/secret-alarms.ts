// `npx tsx scripts/secret-alarms.ts [folder]`: runs the secret guard over real
// code (default: the sources under node_modules) and lists every finding, so
// each can be reviewed: a false alarm, or a real (test) key shipped in a
// package. Prints lines scanned and findings per 10,000 lines; docs/privacy.md
// holds the reviewed figures.
import { readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { findSecrets } from '../src/privacy';
import { editableFiles } from '../testing/privacy/editable-files';

const USAGE = 'usage: npx tsx scripts/secret-alarms.ts [folder]   (default: node_modules)';

/** The folder to scan; a usage error (exit 2) for a flag or a second folder. */
function folderAsked(): string {
  try {
    const { values, positionals } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    if (positionals.length > 1) throw new Error('one folder at most');
    return positionals[0] ?? 'node_modules';
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const root = folderAsked();
  let lines = 0;
  let bytes = 0;
  let alarms = 0;
  for (const file of editableFiles(root)) {
    if (statSync(file).size > 4_000_000) continue;
    const text = readFileSync(file, 'utf8');
    // Minified bundles are one line per megabyte: count them by size, not lines.
    const n = text.split('\n').length;
    lines += n;
    bytes += text.length;
    for (const f of await findSecrets(text)) {
      alarms++;
      const shown = text.slice(f.start, f.end).replace(/\s+/g, ' ');
      const context =
        text
          .slice(Math.max(0, f.start - 40), f.start)
          .split('\n')
          .pop() ?? '';
      console.log(`${relative('.', file)}:${f.line}\t${f.kind}\t${JSON.stringify((context + '[' + shown.slice(0, 60) + ']').slice(-110))}`);
    }
  }
  console.log(
    `\n${alarms} findings in ${lines.toLocaleString('en')} lines (${(bytes / 1e6).toFixed(1)} MB): ${((alarms / lines) * 1e4).toFixed(2)} per 10,000 lines`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
