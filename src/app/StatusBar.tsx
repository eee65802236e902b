// The bottom bar, as in the editors people use: the model, its device and
// measured speed; the privacy badge of the last suggestion in short; the file
// and its language (with completions on or off for it); the save state last.
import type { CompletionResult } from '../completion/pipeline';
import { egressOf, egressShort } from './delivery';
import { Icon } from './Icon';
import { ModelStatus, type ModelPerf, type ModelState } from './ModelStatus';
import { ROUTE_ICON, ROUTE_LABEL } from './PrivacyBadge';
import type { ReactNode } from 'react';

interface Props {
  modelState: ModelState;
  perf: ModelPerf | undefined;
  onUseDemo: () => void;
  result: CompletionResult | null;
  active: string | undefined;
  language: string | undefined;
  completionsOn: boolean;
  setCompletionsOn: (on: boolean) => void;
  save: ReactNode;
}

function PrivacyShort({ result }: { result: CompletionResult | null }) {
  if (!result) return <span className="sb-item" data-testid="status-privacy" data-route="none"><Icon name="shield" /> No code has left</span>;
  return (
    <span className={`sb-item route-${result.route}`} data-testid="status-privacy" data-route={result.route} data-delivery={egressOf(result).state} title={result.summary}>
      <Icon name={ROUTE_ICON[result.route]} /> {ROUTE_LABEL[result.route]}: {egressShort(result)}
    </span>
  );
}

export function StatusBar({ modelState, perf, onUseDemo, result, active, language, completionsOn, setCompletionsOn, save }: Props) {
  return (
    <footer className="status-bar" aria-label="Status">
      {modelState.status === 'ready'
        ? <ModelStatus state={modelState} perf={perf} onUseDemo={onUseDemo} />
        : <span className="sb-item" data-testid="status-model-pending"><Icon name="chip" /> {modelState.status === 'loading' ? `Loading ${modelState.model}…` : `No model (${modelState.model} did not load)`}</span>}
      <PrivacyShort result={result} />
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
        </>
      )}
      {save}
    </footer>
  );
}
