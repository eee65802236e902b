// Tests that read the fixture models' files (tokenizers, models) get them in a
// fresh folder of their own, so they neither depend on `npm run fixtures` nor
// race other test files over public/: written before the file's tests,
// transformers.js pointed at it, removed after.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { env } from '@huggingface/transformers';
import { afterAll, beforeAll } from 'vitest';
import { writeFixtureModels } from '../make-fixture-models';

/** Registers the hooks; read `root` inside tests and later hooks. */
export function fixtureModelFolder(tag: string, write: (dir: string) => Promise<unknown> = writeFixtureModels): { readonly root: string } {
  const folder = { root: '' };
  beforeAll(async () => {
    folder.root = await mkdtemp(join(tmpdir(), `${tag}-`));
    await write(folder.root);
    env.allowRemoteModels = false;
    env.allowLocalModels = true;
    env.localModelPath = `${folder.root}/`;
  });
  afterAll(() => rm(folder.root, { recursive: true, force: true }));
  return folder;
}
