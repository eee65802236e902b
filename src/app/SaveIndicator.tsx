import { useSyncExternalStore } from 'react';
import type { AutoSaver } from '../workspace/persistence';

/** "Saved" / "Saving…" / the storage error, always visible. */
export function SaveIndicator({ saver }: { saver: AutoSaver }) {
  const s = useSyncExternalStore((fn) => saver.subscribe(fn), () => saver.state);
  return (
    <span className={`save-state save-${s.state}`} data-testid="save-state" data-state={s.state} role={s.state === 'error' ? 'alert' : undefined}>
      {s.state === 'saved' ? '✓ Saved in this browser' : s.state === 'saving' ? 'Saving…' : `Not saved: ${s.message}`}
    </span>
  );
}
