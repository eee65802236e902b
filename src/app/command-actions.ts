// What each command (commands.ts) does in this shell: the table the keys and
// the palette run, built from the shell's pieces as plain functions.
import type { CommandActions } from './commands';

export interface CommandDeps {
  openPicker(which: 'quickOpen' | 'palette'): void;
  save(): void;
  openSearch(): void;
  openHelp(): void;
  openSettings(): void;
  startDemo(): void;
  exportZip(): void;
  /** The active file's language; none without an open file. */
  language: string | undefined;
  /** The languages completions are switched off for. */
  completionsOff: readonly string[];
  setCompletionsOn(language: string, on: boolean): void;
  setView(view: 'editor' | 'review'): void;
  togglePanel(panel: 'tree' | 'side'): void;
}

export function commandActions(d: CommandDeps): CommandActions {
  return {
    quickOpen: () => d.openPicker('quickOpen'),
    palette: () => d.openPicker('palette'),
    save: () => d.save(),
    search: () => d.openSearch(),
    help: () => d.openHelp(),
    settings: () => d.openSettings(),
    demo: () => d.startDemo(),
    exportZip: () => d.exportZip(),
    toggleCompletions: () => {
      if (d.language) d.setCompletionsOn(d.language, d.completionsOff.includes(d.language));
    },
    viewEditor: () => d.setView('editor'),
    viewReview: () => d.setView('review'),
    toggleTree: () => d.togglePanel('tree'),
    toggleSidePanel: () => d.togglePanel('side'),
  };
}
