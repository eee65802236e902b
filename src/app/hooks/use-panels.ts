// The two collapsible panels around the editor: their handles, their starting
// sizes (saved, or the default for this window), toggling, and saving what
// the user chose (drag, double-click, keys, the badge), never the default.
import { useCallback, useMemo, useRef, useState } from 'react';
import { usePanelRef, type PanelImperativeHandle, type PanelSize } from 'react-resizable-panels';
import { readPanelLayout, writePanelLayout, type PanelId, type PanelLayout } from '../panel-layout';

export interface Panels {
  refs: Record<PanelId, React.RefObject<PanelImperativeHandle | null>>;
  /** What the panels start as. */
  initial: PanelLayout;
  toggle: (panel: PanelId) => void;
  /** Opens the panel (at its last width) when collapsed. */
  open: (panel: PanelId) => void;
  /** For the group's onLayoutChanged: saves a resize the user made. */
  onLayoutChanged: (userMade: boolean) => void;
  /** Which panels are collapsed now (for `inert` and `aria-expanded`). */
  collapsed: Record<PanelId, boolean>;
  /** For each panel's onResize. */
  onResize: Record<PanelId, (size: PanelSize) => void>;
}

export function usePanels(): Panels {
  const initial = useMemo(() => readPanelLayout(window.innerWidth), []);
  const tree = usePanelRef();
  const side = usePanelRef();
  const refs = useMemo(() => ({ tree, side }), [tree, side]);
  // The last open width of each, so a panel opens at the width it was closed at, also one that started collapsed.
  const widths = useRef({ tree: initial.tree.px, side: initial.side.px });

  const save = useCallback(() => {
    const state = (id: PanelId) => {
      const p = refs[id].current;
      const collapsed = p?.isCollapsed() ?? true;
      const px = p?.getSize().inPixels ?? 0;
      if (!collapsed && px > 0) widths.current[id] = Math.round(px);
      return { collapsed, px: widths.current[id] };
    };
    writePanelLayout({ tree: state('tree'), side: state('side') });
  }, [refs]);

  const open = useCallback(
    (id: PanelId) => {
      const p = refs[id].current;
      if (!p?.isCollapsed()) return;
      p.resize(widths.current[id]);
      save();
    },
    [refs, save],
  );

  const toggle = useCallback(
    (id: PanelId) => {
      const p = refs[id].current;
      if (!p) return;
      if (p.isCollapsed()) {
        open(id);
        return;
      }
      widths.current[id] = Math.round(p.getSize().inPixels);
      p.collapse();
      save();
    },
    [refs, open, save],
  );

  const onLayoutChanged = useCallback(
    (userMade: boolean) => {
      if (userMade) save();
    },
    [save],
  );
  const [collapsed, setCollapsed] = useState({ tree: initial.tree.collapsed, side: initial.side.collapsed });
  // Called on every pointer move of a drag: the state changes (and the app renders) only when a panel opens or closes.
  const onResize = useMemo(() => {
    const follow = (id: PanelId) => (size: PanelSize) => {
      const now = size.inPixels < 1;
      setCollapsed((c) => (c[id] === now ? c : { ...c, [id]: now }));
    };
    return { tree: follow('tree'), side: follow('side') };
  }, []);
  return { refs, initial, toggle, open, onLayoutChanged, collapsed, onResize };
}
