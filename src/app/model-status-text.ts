// What the status bar says about the local model once it is ready: device, threads, measured
// speed and the budgets chosen from it. Kept apart from the markup so that it is tested in Node.
import type { ModelPerf } from '../completion/browser/model-state';
import type { InferenceLoadResult } from '../completion/worker/worker-api';
import type { ModelSpeed } from '../vocabulary/types';

export type { ModelPerf };

/** Tokens per second from milliseconds per token; "?" before anything was timed. */
export const perSecond = (msPerToken: number) => `${msPerToken > 0 ? Math.round(1000 / msPerToken) : '?'} tok/s`;

export const deviceName = (info: Pick<InferenceLoadResult, 'device'>) => (info.device === 'webgpu' ? 'WebGPU' : 'WASM');

export const threadsText = (threads: number) => `${threads} ${threads === 1 ? 'thread' : 'threads'}`;

/** How fast the model reads the prompt and writes tokens. */
export const speedText = (speed: ModelSpeed) => `reads ${perSecond(speed.prefillMsPerToken)}, writes ${perSecond(speed.decodeMsPerToken)}`;

/** The status bar item's tooltip: everything the item shows, and what it cuts, one fact a line. */
export function readyTooltip(info: InferenceLoadResult, perf: ModelPerf | undefined, modelName: string): string {
  const wasm = info.device === 'wasm';
  return [
    `Local model ${modelName} on ${deviceName(info)}${wasm ? ` (${threadsText(info.threads)})` : ''}`,
    info.fallbackReason && `WASM because ${info.fallbackReason}`,
    perf?.speed && `${speedText(perf.speed)} (measured)`,
    perf &&
      `window ${perf.budgets.promptBudget} tokens, up to ${perf.budgets.maxNewTokens} new (follows the speed to meet model.latencyTargetMs)`,
    wasm && info.threadsNote,
  ]
    .filter(Boolean)
    .join('\n');
}
