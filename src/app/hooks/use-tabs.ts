// The open-file tabs and the active one: restored after a reload, following
// renames and deletes in the workspace.
import { useCallback, useEffect, useState } from 'react';
import type { Workspace } from '../../workspace/workspace';
import { readTabs, writeTabs } from '../files';

interface TabsState {
  open: string[];
  active?: string;
}

export function useTabs(workspace: Workspace) {
  const [tabs, setTabs] = useState<TabsState>(() => {
    const saved = readTabs();
    const open = (saved?.open ?? []).filter((p) => workspace.has(p));
    const first = workspace.paths()[0];
    if (!open.length && first) open.push(first);
    const active = saved?.active && workspace.has(saved.active) ? saved.active : open[0];
    return { open, active };
  });
  useEffect(() => writeTabs(tabs), [tabs]);
  // Opening a file is a request to work in it: the editor takes focus. A tab that changes because
  // a file was deleted or renamed does not pull focus away from where the user is (the file tree).
  const [focusRequest, setFocusRequest] = useState(0);
  const openFile = useCallback((path: string) => {
    setTabs((t) => ({ open: t.open.includes(path) ? t.open : [...t.open, path], active: path }));
    setFocusRequest((n) => n + 1);
  }, []);
  const closeTab = useCallback(
    (path: string) =>
      setTabs((t) => {
        const i = t.open.indexOf(path);
        const open = t.open.filter((p) => p !== path);
        return { open, active: t.active === path ? open[Math.min(i, open.length - 1)] : t.active };
      }),
    [],
  );
  useEffect(
    () =>
      workspace.subscribe((c) => {
        if (c.kind === 'moved') {
          const to = new Map(c.moves);
          setTabs((t) => ({ open: t.open.map((p) => to.get(p) ?? p), active: t.active && (to.get(t.active) ?? t.active) }));
        } else if (c.kind === 'deleted' || c.kind === 'reset') {
          setTabs((t) => {
            const open = t.open.filter((p) => workspace.has(p));
            return { open, active: t.active && workspace.has(t.active) ? t.active : open[0] };
          });
        }
      }),
    [workspace],
  );
  return { open: tabs.open, active: tabs.active, openFile, closeTab, focusRequest };
}
