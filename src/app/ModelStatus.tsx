import type { Budgets, ModelSpeed } from '../completion/budget';
import type { DownloadProgress, InferenceLoadResult } from '../inference/worker-api';

/** The model's measured speed and the budgets chosen from it (CompletionEngine.onSpeed). */
export interface ModelPerf { speed?: ModelSpeed; budgets: Budgets }

const perSecond = (msPerToken: number) => `${msPerToken > 0 ? Math.round(1000 / msPerToken) : '?'} tok/s`;

export type ModelState =
  | { status: 'loading'; model: string; files: Record<string, DownloadProgress> }
  | { status: 'ready'; info: InferenceLoadResult }
  | { status: 'error'; model: string; message: string };

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

export function ModelStatus({ state, onUseDemo, perf }: { state: ModelState; onUseDemo: () => void; perf?: ModelPerf }) {
  if (state.status === 'ready') {
    const { info } = state;
    return (
      <div className="model-status" data-testid="model-status" data-state="ready" data-device={info.device}>
        Model <b>{info.model}</b> on <b data-testid="device">{info.device === 'webgpu' ? 'WebGPU' : 'WASM'}</b>
        {info.device === 'wasm' && <span data-testid="threads"> ({info.threads} {info.threads === 1 ? 'thread' : 'threads'})</span>}
        {info.fallbackReason && <span className="warn" data-testid="device-fallback"> (WASM because {info.fallbackReason})</span>}
        {perf && (
          <span className="model-perf" data-testid="model-perf"
            title="Measured after loading and from each completion; the context window and the tokens asked for follow it to meet the latency target (model.latencyTargetMs).">
            {' · '}{perf.speed ? `reads ${perSecond(perf.speed.prefillMsPerToken)}, writes ${perSecond(perf.speed.decodeMsPerToken)} · ` : ''}
            window <span data-testid="prompt-budget">{perf.budgets.promptBudget}</span> tokens, up to {perf.budgets.maxNewTokens} new
          </span>
        )}
        {info.device === 'wasm' && info.threadsNote && <span className="warn" data-testid="threads-note"> · {info.threadsNote}</span>}
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="model-status error" data-testid="model-status" data-state="error" role="alert">
        <p>Could not load the local model <b>{state.model}</b>: {state.message}</p>
        <p>The model host may be unreachable from here (offline, firewall, or the organisation's URL is wrong). Typing still works; completions need a model.</p>
        <button type="button" onClick={onUseDemo} data-testid="use-demo-model">Use the bundled demo model</button>
      </div>
    );
  }
  const files = Object.values(state.files);
  return (
    <div className="model-status" data-testid="model-status" data-state="loading" aria-busy="true">
      Loading <b>{state.model}</b>…
      {files.map((f) => {
        const pct = f.total ? Math.round((100 * f.loaded) / f.total) : 0;
        return (
          <div key={f.file} className="progress-row">
            <span>{f.file}</span>
            <progress max={100} value={pct} aria-label={`download of ${f.file}`} />
            <span>{mb(f.loaded)} / {mb(f.total)} ({pct}%)</span>
          </div>
        );
      })}
    </div>
  );
}
