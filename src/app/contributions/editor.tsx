// The editor area: the view tabs, the diff review, the editor with its tabs, the messages bar.
import { EditorPane } from '../EditorPane';
import { Icon } from '../Icon';
import { Messages } from '../Messages';
import { OpenTabs } from '../OpenTabs';
import { ReviewPanel } from '../ReviewPanel';
import { useShell } from '../shell';

export function ViewTabsFeature() {
  const { view, setView } = useShell();
  return (
    <div className="views" role="tablist" aria-label="View">
      <button type="button" role="tab" aria-selected={view === 'editor'} onClick={() => setView('editor')} data-testid="view-editor">
        <Icon name="fileCode" /> Editor
      </button>
      <button type="button" role="tab" aria-selected={view === 'review'} onClick={() => setView('review')} data-testid="view-review">
        <Icon name="diff" /> Review a diff
      </button>
    </div>
  );
}

export function ReviewFeature() {
  const { workspace, models, egress } = useShell();
  return (
    <ReviewPanel
      workspace={workspace}
      models={models}
      localOnly={!egress.allowed}
      egressText={egress.allowed ? `to ${egress.destination}` : egress.reason}
    />
  );
}

export function EditorFeature() {
  const s = useShell();
  const { tabs, active, models } = s;
  return (
    <div className="editor-view" hidden={s.view !== 'editor'}>
      <OpenTabs open={tabs.open} active={active} onOpen={tabs.openFile} onClose={tabs.closeTab} />
      {!active && (
        <p className="empty-editor" data-testid="no-file">
          No file open. Pick one in the file tree, or create one with + File.
        </p>
      )}
      <EditorPane
        models={models}
        active={active}
        version={s.treeVersion}
        focusRequest={tabs.focusRequest}
        theme={s.scheme}
        largeFile={s.largeFile}
        reveal={s.reveal}
        completion={s.completionFeature}
      />
    </div>
  );
}

export function MessagesFeature() {
  const s = useShell();
  return (
    <Messages
      completion={s.completion}
      modelState={s.modelState}
      perf={s.perf}
      onUseDemo={s.switchToDemoModel}
      modelLabel={s.labelOf}
      problems={s.problems}
      importReport={s.imports.report}
      dismissImportReport={s.imports.dismissReport}
      notice={s.notice}
      dismissNotice={s.dismissNotice}
    />
  );
}
