// The messages under the editor (never over its text): the last completion
// error, the model while it loads or after it failed, the settings' problems,
// the last import's report, the update notice and the engine's notices.
import { useEffect, useState, type ReactNode } from 'react';
import { watchForUpdate } from '../platform/offline';
import type { CompletionStore } from './completion-state';
import { CompletionError } from './CompletionNotices';
import { Icon } from './Icon';
import { ModelStatus, type ModelPerf, type ModelState } from './ModelStatus';
import type { Store } from './store';

interface Props {
  completion: CompletionStore;
  modelState: ModelState;
  perf: Store<ModelPerf | undefined>;
  onUseDemo: () => void;
  modelLabel: (id: string) => string;
  /** The config's problems (config.json, the saved settings). */
  problems: readonly string[];
  importReport: { text: string; error: boolean } | null;
  dismissImportReport: () => void;
  notice: string | null;
  dismissNotice: () => void;
}

/** A card with a Dismiss button after its text. */
function Dismissible({
  className,
  testId,
  onDismiss,
  children,
}: {
  className: string;
  testId: string;
  onDismiss: () => void;
  children: ReactNode;
}) {
  return (
    <div className={className} role="status" data-testid={testId}>
      {children}{' '}
      <button type="button" className="icon-button" onClick={onDismiss} aria-label="Dismiss" title="Dismiss">
        <Icon name="close" />
      </button>
    </div>
  );
}

export function Messages(p: Props) {
  // The service worker took a new version: said once, until dismissed.
  const [updated, setUpdated] = useState(false);
  useEffect(() => watchForUpdate(() => setUpdated(true)), []);
  return (
    <div className="messages" role="region" aria-label="Messages" data-testid="messages">
      <CompletionError completion={p.completion} />
      {p.modelState.status !== 'ready' && <ModelStatus state={p.modelState} perf={p.perf} onUseDemo={p.onUseDemo} label={p.modelLabel} />}
      {p.problems.length > 0 && (
        <div className="card card-error" role="alert">
          {p.problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      {p.importReport && (
        <Dismissible
          className={`card ${p.importReport.error ? 'card-warn' : 'card-ok'}`}
          testId="import-report"
          onDismiss={p.dismissImportReport}
        >
          {p.importReport.text}
        </Dismissible>
      )}
      {updated && (
        <Dismissible className="card" testId="update-notice" onDismiss={() => setUpdated(false)}>
          Updated to the new version.
        </Dismissible>
      )}
      {p.notice && (
        <Dismissible className="card card-warn" testId="engine-notice" onDismiss={p.dismissNotice}>
          {p.notice}
        </Dismissible>
      )}
    </div>
  );
}
