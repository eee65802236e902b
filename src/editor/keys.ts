// Completion keys people already know. Tab (accept), Ctrl/Cmd+Right (accept
// the next word) and Escape (dismiss) are Monaco's own inline-suggest
// bindings; Alt+\\ (ask now) is added here, as in VS Code. Part of the Monaco
// adapter (monaco-adapter.ts): it takes the host's `monaco` namespace, and
// @router-ide/monaco exports it as the IDE runs it.
import type * as Monaco from 'monaco-editor';

/** What the keys use of the host's namespace. */
type MonacoKeys = Pick<typeof Monaco, 'KeyMod' | 'KeyCode'>;

interface KeyHelp {
  keys: string;
  what: string;
}

const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export const COMPLETION_KEYS: KeyHelp[] = [
  { keys: 'Tab', what: 'accept the suggestion' },
  { keys: mac ? '⌘ →' : 'Ctrl + →', what: 'accept the next word of the suggestion' },
  { keys: 'Shift + Tab', what: 'accept the next line of the suggestion (while one is shown)' },
  { keys: 'Escape', what: 'dismiss the suggestion' },
  {
    keys: 'Alt + ] / Alt + [',
    what: "the next or previous alternative: the large and the local model's, or the local model's second-best start",
  },
  { keys: 'Alt + \\', what: 'ask for a completion now (no debounce)' },
  // Monaco's own binding (toggleTabFocusMode contrib): without it Tab never leaves the editor.
  { keys: mac ? 'Ctrl + Shift + M' : 'Ctrl + M', what: 'Tab moves focus out of the editor instead of indenting (press again to undo)' },
  { keys: '?', what: 'this help (outside the editor)' },
];

const TRIGGER_ACTION = 'editor.action.inlineSuggest.trigger';
const ACCEPT_LINE_ACTION = 'editor.action.inlineSuggest.acceptNextLine';

const NEXT_ACTION = 'editor.action.inlineSuggest.showNext';
const PREVIOUS_ACTION = 'editor.action.inlineSuggest.showPrevious';

/** `onCycled`: told after Alt+] / Alt+[ moved to another alternative (Monaco's own commands, run here so the badge can follow). */
export function registerCompletionKeys(
  monaco: MonacoKeys,
  editor: Monaco.editor.IStandaloneCodeEditor,
  onCycled: () => void = () => {},
): Monaco.IDisposable {
  const cycle = (id: string, action: string, label: string, key: number) =>
    editor.addAction({
      id,
      label,
      keybindings: [monaco.KeyMod.Alt | key],
      precondition: 'inlineSuggestionVisible',
      run: async (ed) => {
        await ed.getAction(action)?.run();
        // Monaco's command returns before it has fetched and moved (it asks the provider first): look again as it settles.
        for (const ms of [0, 30, 100, 250]) setTimeout(onCycled, ms);
      },
    });
  const next = cycle('router-ide.nextAlternative', NEXT_ACTION, 'Show the next alternative suggestion', monaco.KeyCode.BracketRight);
  const previous = cycle(
    'router-ide.previousAlternative',
    PREVIOUS_ACTION,
    'Show the previous alternative suggestion',
    monaco.KeyCode.BracketLeft,
  );
  const now = editor.addAction({
    id: 'router-ide.completeNow',
    label: 'Complete now (local model first)',
    keybindings: [monaco.KeyMod.Alt | monaco.KeyCode.Backslash],
    run: (ed) => ed.getAction(TRIGGER_ACTION)?.run(),
  });
  // Shift+Tab, as llama.vscode has it; only while a suggestion is shown, so outdenting still works otherwise.
  const line = editor.addAction({
    id: 'router-ide.acceptLine',
    label: 'Accept the next line of the suggestion',
    keybindings: [monaco.KeyMod.Shift | monaco.KeyCode.Tab],
    precondition: 'inlineSuggestionVisible',
    run: (ed) => ed.getAction(ACCEPT_LINE_ACTION)?.run(),
  });
  return {
    dispose: () => {
      now.dispose();
      line.dispose();
      next.dispose();
      previous.dispose();
    },
  };
}
