// Which side panels are open and how wide: the user's choice, kept in this
// browser (best effort, like the other preferences). Before any choice, the
// right-hand panel starts collapsed on a window too narrow to give the editor
// most of its width.
import { readStored, writeStored } from './local-store';

const PANEL_LAYOUT_KEY = 'router-ide.panels';

/** One collapsible panel: whether it is collapsed, and its width in px when open. */
interface PanelState {
  collapsed: boolean;
  px: number;
}

export interface PanelLayout {
  /** The file tree, left. */
  tree: PanelState;
  /** Badge details, ledger, stats: right. */
  side: PanelState;
}

export type PanelId = keyof PanelLayout;

/** Below this window width the side panel starts collapsed: with the tree and the panel open, the editor would get under 60% of it. */
const SIDE_OPEN_MIN_WINDOW = 1280;
const DEFAULT_TREE_PX = 250;
const DEFAULT_SIDE_PX = 380;

function defaultPanelLayout(windowWidth: number): PanelLayout {
  return {
    tree: { collapsed: false, px: DEFAULT_TREE_PX },
    side: { collapsed: windowWidth < SIDE_OPEN_MIN_WINDOW, px: DEFAULT_SIDE_PX },
  };
}

const isPanelState = (v: unknown): v is PanelState =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as PanelState).collapsed === 'boolean' &&
  typeof (v as PanelState).px === 'number' &&
  Number.isFinite((v as PanelState).px) &&
  (v as PanelState).px > 0;

const isPanelLayout = (v: unknown): v is PanelLayout =>
  !!v && typeof v === 'object' && isPanelState((v as PanelLayout).tree) && isPanelState((v as PanelLayout).side);

/** The saved layout, or the default for this window when none was saved (or it is unreadable). */
export function readPanelLayout(windowWidth: number): PanelLayout {
  return readStored(PANEL_LAYOUT_KEY, defaultPanelLayout(windowWidth), isPanelLayout);
}

export function writePanelLayout(layout: PanelLayout): void {
  writeStored(PANEL_LAYOUT_KEY, layout);
}
