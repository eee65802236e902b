// The keys that show and hide the side panels, as in VS Code: Ctrl/Cmd+B the
// file tree, Ctrl/Cmd+Alt+B the right-hand panel. One listener on the window
// in the capture phase, so they work with focus in Monaco too (it sees the
// key after us) and anywhere else; the one place to move them into a command
// registry.
import { useEffect } from 'react';
import type { KeyHelp } from '../editor/keys';
import type { PanelId } from './panel-layout';

const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = mac ? '⌘' : 'Ctrl';

export const PANEL_KEYS: KeyHelp[] = [
  { keys: `${MOD} + B`, what: 'show or hide the file tree' },
  { keys: `${MOD} + Alt + B`, what: 'show or hide the side panel (suggestion details, ledger, stats)' },
];

/** The panel a key event toggles, if any. `code` as well as `key`: Alt changes the character on some layouts (⌥B is ∫ on a Mac). */
export function panelForKey(e: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>, isMac = mac): PanelId | undefined {
  const mod = isMac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  if (!mod || e.shiftKey || (e.key.toLowerCase() !== 'b' && e.code !== 'KeyB')) return undefined;
  return e.altKey ? 'side' : 'tree';
}

export function usePanelKeys(toggle: (panel: PanelId) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const panel = panelForKey(e);
      if (!panel) return;
      e.preventDefault();
      e.stopPropagation();
      toggle(panel);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [toggle]);
}
