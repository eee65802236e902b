// The open files as tabs (WAI-ARIA tabs, manual activation): one Tab stop;
// Left/Right/Home/End move between tabs, Enter or Space opens one, Delete
// closes it. Opening moves focus to the editor, so arrows only move focus:
// activating on every arrow would leave the tab list at the first press.
// The close mark is for the mouse (and a middle click closes too); from the
// keyboard Delete does it, so the tab list holds nothing but tabs.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { tabLabels } from './tab-labels';

/** What the tabs' keys do, for the help overlay. */
export const TAB_KEYS = [
  { keys: '← / →, Home / End', what: 'move between open files' },
  { keys: 'Enter', what: 'show that file in the editor' },
  { keys: 'Delete', what: 'close it (a middle click too)' },
] as const;

interface Props {
  open: readonly string[];
  active: string | undefined;
  onOpen: (path: string) => void;
  onClose: (path: string) => void;
}

export function OpenTabs({ open, active, onOpen, onClose }: Props) {
  const refs = useRef(new Map<string, HTMLDivElement>());
  /** After a close from the keyboard: the tab that takes focus once the list has re-rendered. */
  const focusNext = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (focusNext.current === undefined) return;
    refs.current.get(focusNext.current)?.focus();
    focusNext.current = undefined;
  });
  const stop = active && open.includes(active) ? active : open[0];
  const labels = tabLabels(open);

  const onKey = (e: KeyboardEvent, path: string) => {
    const i = open.indexOf(path);
    const move = (to: string | undefined) => {
      if (to) refs.current.get(to)?.focus();
    };
    if (e.key === 'ArrowRight') move(open[(i + 1) % open.length]);
    else if (e.key === 'ArrowLeft') move(open[(i - 1 + open.length) % open.length]);
    else if (e.key === 'Home') move(open[0]);
    else if (e.key === 'End') move(open.at(-1));
    else if (e.key === 'Enter' || e.key === ' ') onOpen(path);
    else if (e.key === 'Delete') {
      focusNext.current = open[i + 1] ?? open[i - 1];
      onClose(path);
    } else return;
    e.preventDefault();
  };

  return (
    <div className="tabs" role="tablist" aria-label="Open files">
      {open.map((p) => (
        <div
          key={p}
          role="tab"
          className="tab"
          aria-selected={p === active}
          tabIndex={p === stop ? 0 : -1}
          aria-keyshortcuts="Delete"
          title={`${p} (Delete closes)`}
          data-testid={`tab-${p}`}
          ref={(el) => {
            if (el) refs.current.set(p, el);
            else refs.current.delete(p);
          }}
          onClick={() => onOpen(p)}
          onKeyDown={(e) => onKey(e, p)}
          onAuxClick={(e) => {
            if (e.button === 1) {
              e.preventDefault();
              onClose(p);
            }
          }}
        >
          <span className="name">{labels.get(p)?.name}</span>
          {labels.get(p)?.folder && (
            <span className="folder" data-testid={`tab-folder-${p}`}>
              {labels.get(p)?.folder}
            </span>
          )}
          <span
            className="close"
            aria-hidden="true"
            data-testid={`close-tab-${p}`}
            onClick={(e) => {
              e.stopPropagation();
              onClose(p);
            }}
          >
            ×
          </span>
        </div>
      ))}
    </div>
  );
}
