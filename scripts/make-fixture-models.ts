// Writes the tiny deterministic fixture models (see scripts/fixture-models/)
// into public/models/fixtures/<name>/, or into --out DIR.
//   npx tsx scripts/make-fixture-models.ts [--out DIR]
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIXTURE_DESIGNS } from './fixture-models/designs';
import { fixtureFiles, fixtureIndex } from './fixture-models/files';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_FIXTURES_DIR = join(REPO_ROOT, 'public', 'models', 'fixtures');

async function put(path: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
}

export async function writeFixtureModels(outDir: string): Promise<string[]> {
  const written: string[] = [];
  for (const design of FIXTURE_DESIGNS) {
    for (const [rel, bytes] of fixtureFiles(design)) {
      const path = join(outDir, design.name, rel);
      await put(path, bytes);
      written.push(path);
    }
  }
  const index = join(outDir, 'index.json');
  await put(index, fixtureIndex());
  written.push(index);
  return written;
}

function parseArgs(argv: string[]): { out: string } {
  let out = DEFAULT_FIXTURES_DIR;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out' && argv[i + 1]) out = resolve(argv[++i]);
    else if (argv[i].startsWith('--out=')) out = resolve(argv[i].slice('--out='.length));
    else throw new Error(`unknown argument ${argv[i]}; usage: make-fixture-models [--out DIR]`);
  }
  return { out };
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const { out } = parseArgs(process.argv.slice(2));
  const files = await writeFixtureModels(out);
  console.log(`fixture models: wrote ${files.length} files for ${FIXTURE_DESIGNS.map((d) => d.name).join(', ')} into ${out}`);
}
