// The side panel: search while it is open, otherwise the privacy badge, the suggestion's details, the ledger and the stats.
import { applyEditsAsOne, applyFileEdits } from '../apply-edits';
import { CompletionDetails } from '../CompletionDetails';
import { LedgerPanel } from '../LedgerPanel';
import { PrivacyBadge } from '../PrivacyBadge';
import { SearchPanel } from '../SearchPanel';
import { useShell } from '../shell';
import { StatsPanel } from '../StatsPanel';

export function SearchFeature() {
  const { workspace, models, search, setView, tabs, setReveal } = useShell();
  return (
    <SearchPanel
      workspace={workspace}
      focusRequest={search.request}
      onClose={search.close}
      apply={(path, edits) => applyFileEdits(models, workspace, path, edits)}
      applyAll={(changes) => applyEditsAsOne(models, changes)}
      openAt={(path, m) => {
        setView('editor');
        tabs.openFile(path);
        setReveal({ path, offset: m.offset, length: m.length });
      }}
    />
  );
}

export function PrivacyBadgeFeature() {
  return <PrivacyBadge completion={useShell().completion} />;
}

export function CompletionDetailsFeature() {
  const { completion, labelOf } = useShell();
  return <CompletionDetails completion={completion} modelLabel={labelOf} />;
}

export function LedgerFeature() {
  const { ledger, ledgerNotSaved } = useShell();
  return <LedgerPanel ledger={ledger} notSavedStore={ledgerNotSaved} />;
}

export function StatsFeature() {
  return <StatsPanel stats={useShell().stats} />;
}
