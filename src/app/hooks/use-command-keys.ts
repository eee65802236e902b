// The commands' keys, anywhere on the page: at the window's capture phase, so
// they run before Monaco (which would otherwise take Ctrl+Shift+F and friends
// for itself) and before the browser's own (save page, print).
import { useEffect } from 'react';
import { commandForKey, type CommandActions } from '../commands';

export function useCommandKeys(actions: { readonly current: CommandActions }): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const id = commandForKey(e);
      if (!id) return;
      e.preventDefault();
      e.stopPropagation();
      actions.current[id]();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [actions]);
}
