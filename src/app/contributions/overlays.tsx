// Over the page: go to file, the command palette, the key list, the settings.
import { reloadsModel } from '../../config/schema';
import { CommandPalette } from '../CommandPalette';
import { HelpOverlay } from '../HelpOverlay';
import { settingsWith } from '../overrides';
import { QuickOpen } from '../QuickOpen';
import { SettingsPanel } from '../SettingsPanel';
import { readUserSettings } from '../settings-store';
import { useShell } from '../shell';

export function QuickOpenFeature() {
  const { workspace, setView, tabs, overlays, focusEditor } = useShell();
  return (
    <QuickOpen
      paths={workspace.paths()}
      onOpen={(p) => {
        setView('editor');
        tabs.openFile(p);
      }}
      onClose={() => {
        overlays.setPicker(null);
        focusEditor();
      }}
    />
  );
}

export function PaletteFeature() {
  const { actionsRef, overlays } = useShell();
  return <CommandPalette run={(id) => actionsRef.current[id]()} onClose={() => overlays.setPicker(null)} />;
}

export function HelpFeature() {
  return <HelpOverlay onClose={useShell().overlays.closeHelp} />;
}

export function SettingsFeature() {
  const { config, modelState, loaded, applyOverrides, overlays } = useShell();
  const org = loaded.orgConfig;
  const close = () => overlays.setSettingsOpen(false);
  return (
    <SettingsPanel
      config={config}
      device={modelState.status === 'ready' ? modelState.info.device : undefined}
      locks={org.privacy}
      preview={(o) => settingsWith(org, readUserSettings(org), o).config}
      // A setting of the loaded model (prompt lookup): a change reloads it.
      onSave={(o) => {
        applyOverrides(o, reloadsModel(o, config));
        close();
      }}
      onClose={close}
      onPickModel={(m) => {
        // A reference, not a copy: the entry's fields (config.json's overrides included) are resolved at every load.
        applyOverrides({ model: { catalogId: m.id } }, true);
        close();
      }}
    />
  );
}
