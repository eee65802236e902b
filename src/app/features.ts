// The shell's feature contributions, in the order they appear in their slot.
// Each is a component that reads the shell (shell.ts) for what it needs; its
// state is a hook (hooks/) and its logic a plain module tested in Node. App
// and the workbench render each slot from this list (Slot.tsx). A new panel
// is one more entry here.
import { RouteAnnouncerFeature, StatusBarFeature, ToolbarFeature } from './contributions/chrome';
import { EditorFeature, MessagesFeature, ReviewFeature, ViewTabsFeature } from './contributions/editor';
import { HelpFeature, PaletteFeature, QuickOpenFeature, SettingsFeature } from './contributions/overlays';
import { CompletionDetailsFeature, LedgerFeature, PrivacyBadgeFeature, SearchFeature, StatsFeature } from './contributions/side';
import { DiskFolderFeature, FileTreeFeature, GitFeature, ImportExportFeature } from './contributions/tree';
import { when, type Feature } from './feature-slots';

export const FEATURES: readonly Feature[] = [
  { id: 'toolbar', slot: 'toolbar', Component: ToolbarFeature },
  { id: 'file-tree', slot: 'tree', Component: FileTreeFeature },
  { id: 'import-export', slot: 'tree', Component: ImportExportFeature },
  { id: 'disk-folder', slot: 'tree', Component: DiskFolderFeature },
  { id: 'git', slot: 'tree', Component: GitFeature },
  { id: 'views', slot: 'editor', Component: ViewTabsFeature },
  { id: 'review', slot: 'editor', Component: ReviewFeature, shown: when.reviewing },
  { id: 'editor', slot: 'editor', Component: EditorFeature },
  { id: 'messages', slot: 'editor', Component: MessagesFeature },
  { id: 'search', slot: 'side', Component: SearchFeature, shown: when.searching },
  { id: 'privacy-badge', slot: 'side', Component: PrivacyBadgeFeature, shown: when.notSearching },
  { id: 'completion-details', slot: 'side', Component: CompletionDetailsFeature, shown: when.notSearching },
  { id: 'ledger', slot: 'side', Component: LedgerFeature, shown: when.notSearching },
  { id: 'stats', slot: 'side', Component: StatsFeature, shown: when.notSearching },
  // Outside the side panel: a collapsed (inert) panel would silence it.
  { id: 'route-announcer', slot: 'status', Component: RouteAnnouncerFeature },
  { id: 'status-bar', slot: 'status', Component: StatusBarFeature },
  { id: 'quick-open', slot: 'overlays', Component: QuickOpenFeature, shown: when.quickOpen },
  { id: 'palette', slot: 'overlays', Component: PaletteFeature, shown: when.palette },
  { id: 'help', slot: 'overlays', Component: HelpFeature, shown: when.help },
  { id: 'settings', slot: 'overlays', Component: SettingsFeature, shown: when.settings },
];
