// The frames the app's dialogs share, and the one way they close on Escape:
// the pickers (quick open, the command palette), a labelled modal dialog that
// also closes on a click outside it and gives focus back to where it was; and
// the full overlays (the Git review, the on-disk compare), a heading with a
// close button that takes focus when the overlay opens.
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from './Icon';

/**
 * A dialog's key handler: Escape closes it, and goes no further, so the
 * editor or a panel behind the dialog does not act on the same key.
 */
export function closeOnEscape(onClose: () => void): (e: KeyboardEvent) => void {
  return (e) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    onClose();
  };
}

interface Props {
  title: string;
  titleId: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}

export function PickerDialog({ title, titleId, testId, onClose, children }: Props) {
  const prev = useRef<HTMLElement | null>(null);
  useEffect(() => {
    prev.current = document.activeElement as HTMLElement | null;
    return () => {
      if (prev.current?.isConnected) prev.current.focus();
    };
  }, []);
  return (
    <div
      className="overlay picker-overlay"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        className="overlay-body picker"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        onKeyDown={closeOnEscape(onClose)}
      >
        <h2 id={titleId} className="picker-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

interface OverlayProps {
  /** The dialog's accessible name. */
  label: string;
  testId: string;
  heading: ReactNode;
  /** The close button's tooltip: what closing keeps or drops. */
  closeTitle: string;
  /** The class of the overlay's body, beside `overlay-body`. */
  bodyClass: string;
  onClose: () => void;
  children: ReactNode;
}

/** A modal overlay over the page; its close button takes focus on opening, so Escape closes it without a click first. */
export function ModalOverlay({ label, testId, heading, closeTitle, bodyClass, onClose, children }: OverlayProps) {
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), []);
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-label={label} data-testid={testId} onKeyDown={closeOnEscape(onClose)}>
      <div className={`overlay-body ${bodyClass}`}>
        <div className="overlay-head">
          <h2>{heading}</h2>
          <button type="button" ref={close} className="icon-button" onClick={onClose} aria-label="Close" title={closeTitle}>
            <Icon name="close" />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
