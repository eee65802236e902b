// The slots feature contributions (features.ts) go to, and when the ones that
// come and go show: plain rules over the shell's state, tested in Node.
import type { ComponentType } from 'react';
import type { Shell } from './shell';

/**
 * Where a contribution goes: the toolbar on top; the file tree's sidebar, the editor area and the side panel
 * (the workbench's three panels); the status bar at the bottom; the overlays over the page.
 */
export type SlotName = 'toolbar' | 'tree' | 'editor' | 'side' | 'status' | 'overlays';

type ShellState = Pick<Shell, 'view' | 'search' | 'overlays'>;

export interface Feature {
  id: string;
  slot: SlotName;
  Component: ComponentType;
  /** When it shows (always without). */
  shown?: (shell: ShellState) => boolean;
}

/** Search takes the side panel's place while open: beside the editor, never over its text. */
const searchOpen = (s: ShellState) => s.search.request > 0;

export const when = {
  reviewing: (s: ShellState) => s.view === 'review',
  searching: searchOpen,
  notSearching: (s: ShellState) => !searchOpen(s),
  quickOpen: (s: ShellState) => s.overlays.picker === 'quickOpen',
  palette: (s: ShellState) => s.overlays.picker === 'palette',
  help: (s: ShellState) => s.overlays.helpOpen,
  settings: (s: ShellState) => s.overlays.settingsOpen,
};

/** The contributions to a slot that show now, in the list's order. */
export function featuresIn(features: readonly Feature[], slot: SlotName, shell: ShellState): Feature[] {
  return features.filter((f) => f.slot === slot && (f.shown?.(shell) ?? true));
}
