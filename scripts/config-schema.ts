// `npm run config:schema`: public/config.schema.json, the JSON Schema of
// public/config.json generated from the config types (src/vocabulary/config.ts,
// `ConfigLayer`), so editors check the file as it is typed.
// scripts/config-schema.test.ts fails when the committed schema is stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGenerator } from 'ts-json-schema-generator';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SCHEMA_FILE = path.join(root, 'public', 'config.schema.json');

export function configSchema(): string {
  const schema = createGenerator({
    path: path.join(root, 'src', 'vocabulary', 'config.ts'),
    tsconfig: path.join(root, 'tsconfig.json'),
    type: 'ConfigLayer',
    // The types' doc comments become the descriptions an editor shows.
    jsDoc: 'extended',
    skipTypeCheck: true,
    // Everything inlined: generated definition names hash source positions.
    expose: 'none',
  }).createSchema('ConfigLayer');
  return JSON.stringify({ ...schema, title: 'Router IDE config.json (docs/configuration.md)' }, null, 2) + '\n';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.writeFileSync(SCHEMA_FILE, configSchema());
  console.log(`wrote ${path.relative(root, SCHEMA_FILE)}`);
}
