// The app: the shell's state (hooks/use-app-shell.ts, one hook per job) in one
// context, and its feature contributions rendered slot by slot from one list
// (features.ts). Layout (app.css): toolbar on top, file tree | editor | side
// panel (both collapsible and resizable, Workbench.tsx), status bar at the
// bottom; messages sit in a bar under the editor, so they never cover its
// text, and what appears while loading never moves the editor's top.
import { countRender } from '../platform/test-seams';
import type { OpenedWorkspace } from '../workspace/open';
import { useAppShell } from './hooks/use-app-shell';
import type { LoadedConfig } from './settings-store';
import { ShellContext } from './shell';
import { Slot } from './Slot';
import { Workbench } from './Workbench';

export function App({ loaded, opened }: { loaded: LoadedConfig; opened: OpenedWorkspace }) {
  countRender('App');
  const shell = useAppShell(loaded, opened);
  return (
    <ShellContext.Provider value={shell}>
      <div className="app" data-theme={shell.scheme}>
        <Slot name="toolbar" />
        <Workbench />
        <Slot name="status" />
        <Slot name="overlays" />
      </div>
    </ShellContext.Provider>
  );
}
