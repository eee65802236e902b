import { useSyncExternalStore } from 'react';
import type { AutoSaver } from '../workspace/persistence';
import { Icon } from './Icon';

/** "Saved" / "Saving…" / the storage error, always visible (the status bar's last item, so its width moves nothing). */
export function SaveIndicator({ saver }: { saver: AutoSaver }) {
  const s = useSyncExternalStore((fn) => saver.subscribe(fn), () => saver.state);
  const text = s.state === 'saved' ? 'Saved in this browser' : s.state === 'saving' ? 'Saving…' : `Not saved: ${s.message}`;
  return (
    <span className={`save-state sb-item save-${s.state}`} data-testid="save-state" data-state={s.state} role={s.state === 'error' ? 'alert' : undefined} title={text}>
      <Icon name={s.state === 'error' ? 'error' : 'check'} /> {text}
    </span>
  );
}
