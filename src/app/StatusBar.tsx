// The bottom bar, as in the editors people use: the model, its device and
// measured speed; the privacy badge of the last suggestion in short; the file
// and its language (with completions on or off for it); the save state last.
import { describeLargeFile, type LargeFileProfile } from '../editor/large-file';
import type { CompletionStore } from './completion-state';
import { egressOf, egressShort } from './delivery';
import { Icon } from './Icon';
import { ModelStatus, type ModelPerf, type ModelState } from './ModelStatus';
import { ROUTE_ICON, ROUTE_LABEL } from './PrivacyBadge';
import type { ReactNode } from 'react';
import { type Store, useStore } from './store';

interface Props {
  modelState: ModelState;
  perf: Store<ModelPerf | undefined>;
  onUseDemo: () => void;
  /** The name a user knows a model by (its catalog label), from its id. */
  modelLabel: (id: string) => string;
  completion: CompletionStore;
  /** The shown file's size class (EditorPane decides it per model). */
  largeFile: Store<LargeFileProfile>;
  active: string | undefined;
  language: string | undefined;
  completionsOn: boolean;
  setCompletionsOn: (on: boolean) => void;
  save: ReactNode;
  /** Opens the side panel at the full badge and the suggestion's details. */
  showDetails: () => void;
  detailsShown: boolean;
}

/** The badge in short, always on screen (also with the side panel collapsed); a click shows the full badge and the details. */
function PrivacyShort({
  completion,
  showDetails,
  detailsShown,
}: {
  completion: CompletionStore;
  showDetails: () => void;
  detailsShown: boolean;
}) {
  const { result } = useStore(completion);
  const common = { type: 'button', onClick: showDetails, 'aria-expanded': detailsShown, 'data-testid': 'status-privacy' } as const;
  if (!result)
    return (
      <button {...common} className="sb-item sb-button" data-route="none" title="No code has left this machine. Show the privacy details">
        <Icon name="shield" /> No code has left
      </button>
    );
  return (
    <button
      {...common}
      className={`sb-item sb-button route-${result.route}`}
      data-route={result.route}
      data-delivery={egressOf(result).state}
      title={`${result.summary}\nShow the privacy details`}
    >
      <Icon name={ROUTE_ICON[result.route]} /> {ROUTE_LABEL[result.route]}: {egressShort(result)}
    </button>
  );
}

/** Where other tabs run on this tab's copy of the model (the origin's shared worker): how many tabs use it now. */
function SharedModelItem({ state }: { state: ModelState }) {
  const shared = state.status === 'ready' ? state.info.shared : undefined;
  // Alone on it, the tab has nothing to share: the bar keeps its room.
  if (!shared || shared.tabs < 2) return null;
  const tabs = `${shared.tabs} tabs`;
  const text = `One copy of the model for every tab of this site (model.sharedWorker): ${tabs} use it now.`;
  return (
    <span className="sb-item" data-testid="shared-model" data-tabs={shared.tabs} title={text} aria-label={text} role="note">
      <Icon name="chip" /> <span className="sb-long">Shared model: </span>
      {tabs}
    </span>
  );
}

/** For a large file only: what is off in the editor and what completions use, in its tooltip and accessible name. */
function LargeFileItem({ largeFile }: { largeFile: Store<LargeFileProfile> }) {
  const p = useStore(largeFile);
  if (!p.large) return null;
  const text = describeLargeFile(p);
  return (
    <span className="sb-item large-file" data-testid="large-file" data-off={p.off.join(' ')} title={text} aria-label={text} role="note">
      <Icon name="info" /> Large file
    </span>
  );
}

export function StatusBar({
  modelState,
  perf,
  onUseDemo,
  modelLabel,
  completion,
  largeFile,
  active,
  language,
  completionsOn,
  setCompletionsOn,
  save,
  showDetails,
  detailsShown,
}: Props) {
  return (
    <footer className="status-bar" aria-label="Status">
      {modelState.status === 'ready' ? (
        <ModelStatus state={modelState} perf={perf} onUseDemo={onUseDemo} label={modelLabel} />
      ) : (
        <span className="sb-item" data-testid="status-model-pending" data-model={modelState.model}>
          <Icon name="chip" />{' '}
          {modelState.status === 'loading'
            ? `Loading ${modelLabel(modelState.model)}…`
            : `No model (${modelLabel(modelState.model)} did not load)`}
        </span>
      )}
      <SharedModelItem state={modelState} />
      <PrivacyShort completion={completion} showDetails={showDetails} detailsShown={detailsShown} />
      <span className="spacer" />
      {active && language && (
        <>
          <span className="sb-item path" data-testid="active-path" title={active}>
            {active}
          </span>
          <span className="sb-item" title={`Language: ${language}`}>
            {language}
          </span>
          <label className="sb-item" title={`Completions for ${language} ${completionsOn ? 'on' : 'off'}`}>
            <input
              type="checkbox"
              checked={completionsOn}
              onChange={(e) => setCompletionsOn(e.target.checked)}
              data-testid="lang-toggle"
              data-language={language}
              aria-label={`Completions for ${language}`}
            />
            Completions<span className="sb-long"> for {language}</span>
          </label>
          <LargeFileItem largeFile={largeFile} />
        </>
      )}
      {save}
    </footer>
  );
}
