// Completion stats: this session's events on top of the history kept in this
// browser (bounded), written best effort: stats are not code. Kept in a store
// the stats panel subscribes to, so a new event re-renders the panel only.
// Events come inside keystrokes (a suggestion typed over ends its life, a
// prediction is thrown away, a result comes), so the panel hears of them once
// typing pauses, all at once: no keystroke's frame waits for the panel.
// The history is written when the browser is idle (or the page is hidden),
// not per event: each write serialises all of it on the main thread, and
// events come while the user types.
import { useMemo } from 'react';
import { capEvents, type StatEvent } from '../../workspace/stats';
import { isArray, readStored, writeStored } from '../local-store';
import { Store } from '../store';
import { afterTypingPause } from '../typing-pause';

const STATS_KEY = 'router-ide.stats';

interface StatsState {
  history: StatEvent[];
  sessionFrom: number;
}

export class StatsStore extends Store<StatsState> {
  constructor() {
    const history = readStored(STATS_KEY, [], isArray) as StatEvent[];
    super({ history, sessionFrom: history.length });
  }

  add(e: StatEvent): void {
    const cur = this.get();
    const all = [...cur.history, e];
    const history = capEvents(all);
    this.put({ history, sessionFrom: Math.max(0, cur.sessionFrom - (all.length - history.length)) });
  }

  /** The user's own action: shown at once. */
  clear = (): void => {
    this.put({ history: [], sessionFrom: 0 });
    this.tellNow();
  };

  private pending = false;
  private cancelTell: (() => void) | undefined;

  protected override changed(): void {
    this.cancelTell ??= afterTypingPause(() => this.tellNow());
  }

  private tellNow(): void {
    this.cancelTell?.();
    this.cancelTell = undefined;
    super.changed();
  }

  private put(next: StatsState): void {
    this.set(next);
    if (this.pending) return;
    this.pending = true;
    whenIdle(() => {
      this.pending = false;
      writeStored(STATS_KEY, this.get().history);
    });
  }
}

/** Runs `write` once, when the browser is idle (at most `maxWaitMs` later) or the page is hidden, whichever comes first. */
function whenIdle(write: () => void, maxWaitMs = 5000): void {
  let done = false;
  // Outside a page (the unit tests' Node) there is no pagehide and no idle callback: the next task will do.
  const page = typeof globalThis.addEventListener === 'function' ? globalThis : undefined;
  const once = () => {
    if (done) return;
    done = true;
    page?.removeEventListener('pagehide', once);
    write();
  };
  page?.addEventListener('pagehide', once);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(once, { timeout: maxWaitMs });
  else setTimeout(once, 0);
}

export function useStats(): StatsStore {
  return useMemo(() => new StatsStore(), []);
}
