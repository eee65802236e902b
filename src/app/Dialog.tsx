// The frame the keyboard overlays share (quick open, the command palette):
// a labelled modal dialog that closes on Escape or a click outside it, and
// gives focus back to where it was when it closes.
import { useEffect, useRef, type ReactNode } from 'react';

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
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <h2 id={titleId} className="picker-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
