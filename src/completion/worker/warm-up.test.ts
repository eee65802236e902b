import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRealArchModel } from '../../../testing/make-fixture-models';
import { DEFAULT_REAL_ARCH } from '../../../testing/fixture-models/real-arch';
import { loadLocalModel, type LoadedModel } from './local-model';
import { warmUp } from './warm-up';

let root: string;
let model: LoadedModel;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'warm-up-'));
  await writeRealArchModel(root);
  model = await loadLocalModel({ model: DEFAULT_REAL_ARCH.name, source: { kind: 'bundled', root }, device: 'cpu' });
});

afterAll(async () => {
  await model?.dispose();
  await rm(root, { recursive: true, force: true });
});

describe('warmUp', () => {
  it('measures reading and writing speed from a run that reads its whole prompt', async () => {
    const w = await warmUp(model, 'qwen2.5-coder', 200, 8);
    expect(w.speed.prefillMsPerToken).toBeGreaterThan(0);
    expect(w.speed.decodeMsPerToken).toBeGreaterThan(0);
    // Reading one prompt token costs less than writing one token (a whole forward pass each).
    expect(w.speed.prefillMsPerToken).toBeLessThan(w.speed.decodeMsPerToken);
    expect(w.measureMs).toBeGreaterThan(0);
  });
});
