import type { ModelState } from '../completion/browser/model-state';
import type { DownloadProgress, InferenceLoadResult } from '../completion/worker/worker-api';
import { downloadLine } from './byte-size';
import { Icon } from './Icon';
import { deviceName, readyTooltip, speedText, threadsText, type ModelPerf } from './model-status-text';
import { type Store, useStore } from './store';

export type { ModelPerf } from './model-status-text';
// The model's state is the completion feature's (it keeps it in a store); the app shows it.
export type { ModelState };

/**
 * Ready: one status-bar item (model, device, measured speed; the full text in
 * its tooltip). Loading and failed: a card over the editor's corner, so its
 * rows and its error never push the editor down (no layout shift).
 */
interface Props {
  state: ModelState;
  onUseDemo: () => void;
  perf: Store<ModelPerf | undefined>;
  /** The name a user knows a model by (its catalog label), from its id. */
  label: (id: string) => string;
}

export function ModelStatus({ state, onUseDemo, perf: perfStore, label }: Props) {
  const perf = useStore(perfStore);
  if (state.status === 'ready') return <ReadyStatus info={state.info} perf={perf} label={label} />;
  if (state.status === 'error') return <LoadError state={state} onUseDemo={onUseDemo} label={label} />;
  return <Loading state={state} label={label} />;
}

function ReadyStatus({ info, perf, label }: { info: InferenceLoadResult; perf: ModelPerf | undefined; label: Props['label'] }) {
  const device = deviceName(info);
  return (
    <div
      className="model-status sb-item"
      data-testid="model-status"
      data-state="ready"
      data-device={info.device}
      data-model={info.model}
      title={readyTooltip(info, perf, label(info.model))}
    >
      <Icon name="chip" /> <b data-testid="model-name">{label(info.model)}</b> on <b data-testid="device">{device}</b>
      {info.device === 'wasm' && <span data-testid="threads"> ({threadsText(info.threads)})</span>}
      {info.fallbackReason && (
        <span className="warn" data-testid="device-fallback">
          {' '}
          (WASM because {info.fallbackReason})
        </span>
      )}
      {perf && (
        <span className="model-perf" data-testid="model-perf">
          {' · '}
          {perf.speed ? `${speedText(perf.speed)} · ` : ''}
          window <span data-testid="prompt-budget">{perf.budgets.promptBudget}</span> tokens, up to {perf.budgets.maxNewTokens} new
        </span>
      )}
      {info.device === 'wasm' && info.threadsNote && (
        <span className="warn" data-testid="threads-note">
          {' '}
          · {info.threadsNote}
        </span>
      )}
    </div>
  );
}

function LoadError({
  state,
  onUseDemo,
  label,
}: {
  state: Extract<ModelState, { status: 'error' }>;
  onUseDemo: () => void;
  label: Props['label'];
}) {
  return (
    <div className="model-status card card-error" data-testid="model-status" data-state="error" data-model={state.model} role="alert">
      <h2>
        <Icon name="error" /> The local model did not load
      </h2>
      <p>
        Could not load <b>{label(state.model)}</b>: {state.message}
      </p>
      <p>
        The model host may be unreachable from here (offline, firewall, or the organisation's URL is wrong). Typing still works; completions
        need a model.
      </p>
      <button type="button" className="primary" onClick={onUseDemo} data-testid="use-demo-model">
        Use the bundled demo model
      </button>
    </div>
  );
}

function Loading({ state, label }: { state: Extract<ModelState, { status: 'loading' }>; label: Props['label'] }) {
  const files = Object.values(state.files);
  return (
    <div className="model-status card" data-testid="model-status" data-state="loading" data-model={state.model} aria-busy="true">
      <h2>
        <Icon name="chip" /> Loading <b data-testid="model-name">{label(state.model)}</b>…
      </h2>
      {files.length === 0 && <p className="hint">Looking for the model's files…</p>}
      {files.map((f) => (
        <DownloadRow key={f.file} progress={f} />
      ))}
    </div>
  );
}

/** One file of the model being downloaded. */
function DownloadRow({ progress: f }: { progress: DownloadProgress }) {
  const line = downloadLine(f.loaded, f.total, f.done);
  return (
    <div className="progress-row" data-testid="download-row" data-loaded={f.loaded} data-total={f.total} data-done={f.done}>
      <span className="file" title={f.file}>
        {f.file}
      </span>
      {/* Without a known total the bar is indeterminate: no value is better than a false one. */}
      <progress max={100} value={line.percent} aria-label={`download of ${f.file}`} />
      <span data-testid="download-bytes">{line.text}</span>
    </div>
  );
}
