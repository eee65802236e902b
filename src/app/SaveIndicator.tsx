import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AutoSaver } from '../workspace/persistence';
import { Icon } from './Icon';
import { useStore, type Store } from './store';

/** How long a save on request (Ctrl/Cmd+S) is marked: long enough to notice, short enough not to linger. */
const CONFIRM_MS = 2000;

/** True for a moment after each change of `savedAt` (a save on request that succeeded). */
function useConfirmed(savedAt: Store<number>): boolean {
  const at = useStore(savedAt);
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!at) return;
    setOn(true);
    const t = setTimeout(() => setOn(false), CONFIRM_MS);
    return () => clearTimeout(t);
  }, [at]);
  return on;
}

/** "Saved" / "Saving…" / the storage error (marked for a moment after Ctrl/Cmd+S), always visible (the status bar's last item, so its width moves nothing). */
export function SaveIndicator({ saver, savedAt }: { saver: AutoSaver; savedAt: Store<number> }) {
  const s = useSyncExternalStore(
    (fn) => saver.subscribe(fn),
    () => saver.state,
  );
  const confirmed = useConfirmed(savedAt) && s.state === 'saved';
  const text = s.state === 'saved' ? 'Saved in this browser' : s.state === 'saving' ? 'Saving…' : `Not saved: ${s.message}`;
  return (
    <span
      className={`save-state sb-item save-${s.state}${confirmed ? ' save-confirmed' : ''}`}
      data-testid="save-state"
      data-state={s.state}
      data-confirmed={confirmed}
      role={s.state === 'error' ? 'alert' : undefined}
      title={text}
    >
      <Icon name={s.state === 'error' ? 'error' : 'check'} /> {text}
    </span>
  );
}
