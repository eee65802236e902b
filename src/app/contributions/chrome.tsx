// Around the workbench: the toolbar on top, the status bar at the bottom.
import { RouteAnnouncer } from '../CompletionNotices';
import { SaveIndicator } from '../SaveIndicator';
import { useShell } from '../shell';
import { StatusBar } from '../StatusBar';
import { Toolbar } from '../Toolbar';

export function ToolbarFeature() {
  const { config, egress, loaded, applyOverrides, ledger, demoFrom, startDemo, overlays } = useShell();
  return (
    <Toolbar
      config={config}
      egress={egress}
      modeLocked={loaded.orgConfig.privacy.lockMode}
      setLocalOnly={(on) => applyOverrides({ privacy: { mode: on ? 'local-only' : 'escalate' } }, false)}
      ledger={ledger}
      demoFrom={demoFrom}
      startDemo={startDemo}
      openHelp={overlays.openHelp}
      openSettings={() => overlays.setSettingsOpen(true)}
    />
  );
}

/** Outside the side panel: a collapsed (inert) panel would silence it. */
export function RouteAnnouncerFeature() {
  return <RouteAnnouncer completion={useShell().completion} />;
}

export function StatusBarFeature() {
  const s = useShell();
  const { activeLanguage, completionsOff } = s;
  return (
    <StatusBar
      modelState={s.modelState}
      perf={s.perf}
      onUseDemo={s.switchToDemoModel}
      modelLabel={s.labelOf}
      completion={s.completion}
      largeFile={s.largeFile}
      active={s.active}
      language={activeLanguage}
      completionsOn={!!activeLanguage && !completionsOff.off.includes(activeLanguage)}
      setCompletionsOn={(on) => activeLanguage && completionsOff.setOn(activeLanguage, on)}
      save={<SaveIndicator saver={s.saver} savedAt={s.savedAt} />}
      showDetails={s.showDetails}
      detailsShown={!s.panels.collapsed.side}
    />
  );
}
