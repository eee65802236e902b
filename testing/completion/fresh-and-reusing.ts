// The reuse tests' yardstick: the real-architecture fixture model loaded
// twice, once keeping its KV cache across requests and once reading every
// prompt afresh, registered with the calling test file's hooks.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { writeRealArchModel } from '../make-fixture-models';
import { DEFAULT_REAL_ARCH } from '../fixture-models/real-arch';
import { loadLocalModel, type LoadedModel } from '../../src/completion';

export interface FreshAndReusing {
  /** Reads every prompt afresh (reuse off). */
  fresh: LoadedModel;
  /** Keeps its cache across requests. */
  reusing: LoadedModel;
}

/** Loads both models before the file's tests and frees them after; read the fields inside tests. */
export function freshAndReusingModels(tag: string): FreshAndReusing {
  const models = {} as FreshAndReusing;
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), `${tag}-`));
    await writeRealArchModel(root);
    const load = (reuseCache: boolean) =>
      loadLocalModel({ model: DEFAULT_REAL_ARCH.name, source: { kind: 'bundled', root }, device: 'cpu', reuseCache });
    models.fresh = await load(false);
    models.reusing = await load(true);
  });
  afterAll(async () => {
    await models.fresh?.dispose();
    await models.reusing?.dispose();
    await rm(root, { recursive: true, force: true });
  });
  return models;
}
