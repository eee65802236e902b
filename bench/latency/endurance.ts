// Typing all day, compressed: many requests on one loaded model (the KV
// cache kept and replaced, read-aheads started and cancelled on every key),
// with the process's memory sampled as it goes. Memory that grows with the
// number of requests is a leak an hour of typing would show; memory that
// stops growing once the largest request has been seen is the runtime's
// arenas reaching their peak.
import type { ReplayOptions } from '../../testing/completion/typing-replay';
import type { ReplayRequest } from './replay-driver';
import { median } from '../stats';

export interface EnduranceSample {
  requests: number;
  memMB: number;
}

export interface EnduranceResult {
  requests: number;
  samples: EnduranceSample[];
  /** Memory after the first chunk, the most seen, after the last. */
  firstMB: number;
  maxMB: number;
  lastMB: number;
  /** The last sample against the one halfway: what the second half of the run added. */
  secondHalfGrowthMB: number;
  ghost_ms_p50: number;
}

/** Lines typed per chunk; each chunk starts at another place in the file, keys 40 ms apart (pauses scale with it). */
const CHUNK_LINES = 3;
const KEY_MS = 40;
/** The app's wait after a key (250 ms at 150 ms a key), scaled like the replay's pauses. */
export const ENDURANCE_DEBOUNCE_MS = Math.round((250 * KEY_MS) / 150);

/** The replay of chunk `i`: consecutive blocks of the file, round and round. */
function enduranceChunk(i: number, fileLines: number, seed = 101): ReplayOptions {
  const span = Math.max(1, fileLines - CHUNK_LINES);
  return { seed: seed + i, fromLine: (i * CHUNK_LINES) % span, lines: CHUNK_LINES, keyMedianMs: KEY_MS };
}

/**
 * Runs chunks until `total` requests were answered: `runChunk` replays one
 * chunk on the loaded model (at most the requests still wanted) and
 * `memoryMB` reads the memory after it.
 */
export async function runEndurance(
  total: number,
  fileLines: number,
  runChunk: (opts: ReplayOptions, maxRequests: number) => Promise<ReplayRequest[]>,
  memoryMB: () => number | Promise<number>,
  onProgress?: (done: number) => void,
): Promise<EnduranceResult> {
  const samples: EnduranceSample[] = [];
  const ghost: number[] = [];
  for (let i = 0; ghost.length < total; i++) {
    const rs = await runChunk(enduranceChunk(i, fileLines), total - ghost.length);
    for (const r of rs) ghost.push(r.ghostMs);
    samples.push({ requests: ghost.length, memMB: await memoryMB() });
    onProgress?.(ghost.length);
    if (i > 4 * total) throw new Error(`endurance: ${ghost.length} requests after ${i + 1} chunks (the replay makes too few pauses)`);
  }
  const mid = samples[Math.floor((samples.length - 1) / 2)];
  return {
    requests: ghost.length,
    samples,
    firstMB: samples[0].memMB,
    maxMB: Math.max(...samples.map((s) => s.memMB)),
    lastMB: samples.at(-1)!.memMB,
    secondHalfGrowthMB: samples.at(-1)!.memMB - mid.memMB,
    ghost_ms_p50: Math.round(median(ghost)),
  };
}
