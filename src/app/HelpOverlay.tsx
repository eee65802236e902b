import { useEffect, useRef } from 'react';
import { COMPLETION_KEYS } from '../editor/keys';
import { commandKeys } from './commands';
import { closeOnEscape } from './Dialog';
import { TREE_KEYS } from './FileTree';
import { TAB_KEYS } from './OpenTabs';

export function HelpOverlay({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const prev = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    return () => prev?.focus();
  }, []);
  return (
    <div
      className="overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby="help-title"
      data-testid="help"
      onKeyDown={closeOnEscape(onClose)}
    >
      <div className="overlay-body">
        {/* The close button first: it takes focus on opening, and focus at the bottom would scroll the title away. */}
        <div className="overlay-head">
          <h2 id="help-title">Keyboard shortcuts</h2>
          <button type="button" ref={ref} onClick={onClose} data-testid="close-help">
            Close (Escape)
          </button>
        </div>
        <KeyTable caption="Anywhere (the editor too)" keys={commandKeys()} />
        <KeyTable caption="In the editor" keys={COMPLETION_KEYS} />
        <KeyTable caption="In the file tree" keys={TREE_KEYS} />
        <KeyTable caption="On the open-file tabs" keys={TAB_KEYS} />
        <p>Completions can be switched off per language with the checkbox in the status bar.</p>
      </div>
    </div>
  );
}

function KeyTable({ caption, keys }: { caption: string; keys: readonly { keys: string; what: string }[] }) {
  return (
    <table>
      <caption>{caption}</caption>
      <tbody>
        {keys.map((k) => (
          <tr key={k.keys}>
            <th scope="row">
              <kbd>{k.keys}</kbd>
            </th>
            <td>{k.what}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
