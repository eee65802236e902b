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
}

function PrivacyShort({ completion }: { completion: CompletionStore }) {
  const { result } = useStore(completion);
  if (!result) return <span className="sb-item" data-testid="status-privacy" data-route="none"><Icon name="shield" /> No code has left</span>;
  return (
    <span className={`sb-item route-${result.route}`} data-testid="status-privacy" data-route={result.route} data-delivery={egressOf(result).state} title={result.summary}>
      <Icon name={ROUTE_ICON[result.route]} /> {ROUTE_LABEL[result.route]}: {egressShort(result)}
    </span>
  );
}

/** For a large file only: what is off in the editor and what completions use, in its tooltip and accessible name. */
function LargeFileItem({ largeFile }: { largeFile: Store<LargeFileProfile> }) {
  const p = useStore(largeFile);
  if (!p.large) return null;
  const text = describeLargeFile(p);
  return <span className="sb-item large-file" data-testid="large-file" data-off={p.off.join(' ')} title={text} aria-label={text} role="note"><Icon name="info" /> Large file</span>;
}

export function StatusBar({ modelState, perf, onUseDemo, modelLabel, completion, largeFile, active, language, completionsOn, setCompletionsOn, save }: Props) {
  return (
    <footer className="status-bar" aria-label="Status">
      {modelState.status === 'ready'
        ? <ModelStatus state={modelState} perf={perf} onUseDemo={onUseDemo} label={modelLabel} />
        : <span className="sb-item" data-testid="status-model-pending" data-model={modelState.model}><Icon name="chip" /> {modelState.status === 'loading' ? `Loading ${modelLabel(modelState.model)}…` : `No model (${modelLabel(modelState.model)} did not load)`}</span>}
      <PrivacyShort completion={completion} />
      <span className="spacer" />
      {active && language && (
        <>
          <span className="sb-item path" data-testid="active-path" title={active}>{active}</span>
          <span className="sb-item">{language}</span>
          <label className="sb-item">
            <input type="checkbox" checked={completionsOn} onChange={(e) => setCompletionsOn(e.target.checked)}
              data-testid="lang-toggle" data-language={language} />
            Completions for {language}
          </label>
          <LargeFileItem largeFile={largeFile} />
        </>
      )}
      {save}
    </footer>
  );
}
