// The files a false-alarm run of the secret guard reads (bench/secret-guard.ts
// and scripts/secret-alarms.ts walk node_modules with it): source and config
// files people write by hand. Declarations (`.d.ts`), maps and minified
// bundles are generated, so a finding in them says nothing about the guard on
// code people edit.
import { readdirSync } from 'node:fs';
import { extname, join } from 'node:path';

const EDITABLE = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.ts',
  '.mts',
  '.cts',
  '.jsx',
  '.tsx',
  '.json',
  '.py',
  '.yml',
  '.yaml',
  '.toml',
  '.md',
  '.sh',
  '.properties',
  '.env',
  '.ini',
]);

const GENERATED = /\.(?:d\.[mc]?ts|min\.js)$/;

/** Every hand-written source or config file under `dir`, depth first. */
export function* editableFiles(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* editableFiles(p);
    else if (e.isFile() && EDITABLE.has(extname(e.name)) && !GENERATED.test(e.name)) yield p;
  }
}
