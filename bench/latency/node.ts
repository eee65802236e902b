// The latency bench in Node: onnxruntime-node ('cpu') through the app's loader.
import { loadLocalModel } from '../../src/inference/local-model';
import { typingReplay, type ReplayOptions } from '../../src/completion/testing/typing-replay';
import { driveReplay, type ReplayRequest, type ReplaySettings } from './replay-driver';
import { probeSpeed, type SpeedSample } from './speed-probe';

const mb = (bytes: number) => Math.round(bytes / 1048576);

export async function nodeSpeeds(root: string, model: string, dtype: string, family: string, source: string, budgets: number[], newTokens: number): Promise<{ loadMs: number; rssMB: number; speeds: SpeedSample[] }> {
  const t0 = performance.now();
  const m = await loadLocalModel({ model, location: { kind: 'local', root }, device: 'cpu', dtype, reuseCache: true });
  const loadMs = performance.now() - t0;
  const speeds: SpeedSample[] = [];
  for (const b of budgets) speeds.push(await probeSpeed(m, family, source, b, newTokens));
  const rssMB = mb(process.memoryUsage().rss);
  await m.dispose();
  return { loadMs, rssMB, speeds };
}

export async function nodeReplay(root: string, model: string, dtype: string, source: string, replay: ReplayOptions, s: ReplaySettings, reuse: boolean): Promise<ReplayRequest[]> {
  const m = await loadLocalModel({ model, location: { kind: 'local', root }, device: 'cpu', dtype, reuseCache: reuse });
  try {
    return await driveReplay(m, typingReplay(source, replay), s);
  } finally {
    await m.dispose();
  }
}
