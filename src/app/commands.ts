// The app's commands, written once: the command palette lists them, the key
// handler runs them, and the keys overlay shows their keys. App.tsx supplies
// what each one does (CommandActions); everything else reads this list.

/** A key with Ctrl (Cmd on a Mac) and, optionally, Shift or Alt. */
interface KeyChord {
  /** KeyboardEvent.key, lower case. */
  key: string;
  shift?: boolean;
  alt?: boolean;
}

interface CommandDef {
  id: string;
  title: string;
  keys?: KeyChord;
}

export const COMMANDS = [
  { id: 'quickOpen', title: 'Go to file…', keys: { key: 'p' } },
  { id: 'palette', title: 'Show all commands', keys: { key: 'p', shift: true } },
  { id: 'save', title: 'Save now', keys: { key: 's' } },
  { id: 'search', title: 'Search and replace in files', keys: { key: 'f', shift: true } },
  { id: 'toggleTree', title: 'Show or hide the file tree', keys: { key: 'b' } },
  { id: 'toggleSidePanel', title: 'Show or hide the side panel (suggestion details, ledger, stats)', keys: { key: 'b', alt: true } },
  { id: 'help', title: 'Keyboard shortcuts' },
  { id: 'settings', title: 'Open settings' },
  { id: 'demo', title: 'Start the demo' },
  { id: 'exportZip', title: 'Export the workspace as a zip' },
  { id: 'toggleCompletions', title: 'Switch completions on or off for this language' },
  { id: 'viewEditor', title: 'Show the editor' },
  { id: 'viewReview', title: 'Review a diff' },
] as const satisfies readonly CommandDef[];

export type CommandId = (typeof COMMANDS)[number]['id'];

/** What each command does; a command whose action answers false is not available right now. */
export type CommandActions = Record<CommandId, () => void>;

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The key as the overlays show it: `Ctrl + Shift + P`, or `⌘ ⇧ P` on a Mac. */
export function chordLabel(c: KeyChord, mac = isMac): string {
  const k = c.key.toUpperCase();
  return mac ? `⌘ ${c.alt ? '⌥ ' : ''}${c.shift ? '⇧ ' : ''}${k}` : `Ctrl + ${c.alt ? 'Alt + ' : ''}${c.shift ? 'Shift + ' : ''}${k}`;
}

type ChordEvent = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'> & { code?: string };

/**
 * Whether a key event is this chord: Ctrl on Windows and Linux, Cmd on a Mac,
 * and exactly the Shift and Alt it asks for. A letter also matches by its
 * physical key (`code`): Alt changes the character on some layouts (⌥B types ∫ on a Mac).
 */
function matchesChord(e: ChordEvent, c: KeyChord, mac = isMac): boolean {
  const mod = mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  const letter = e.key.toLowerCase() === c.key || (/^[a-z]$/.test(c.key) && e.code === `Key${c.key.toUpperCase()}`);
  return mod && e.altKey === !!c.alt && e.shiftKey === !!c.shift && letter;
}

/** The command a key event runs, if any. */
export function commandForKey(e: ChordEvent, mac = isMac): CommandId | undefined {
  for (const c of COMMANDS) if ('keys' in c && matchesChord(e, c.keys, mac)) return c.id;
  return undefined;
}

/** The commands that have keys, for the keys overlay. */
export function commandKeys(mac = isMac): { keys: string; what: string }[] {
  return COMMANDS.flatMap((c) => ('keys' in c ? [{ keys: chordLabel(c.keys, mac), what: c.title }] : []));
}
