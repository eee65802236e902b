// Completion stats: this session's events on top of the history kept in this
// browser (bounded), written best effort: stats are not code. Kept in a store
// the stats panel subscribes to, so a new event re-renders the panel only.
import { useMemo } from 'react';
import { capEvents, type StatEvent } from '../../workspace/stats';
import { isArray, readStored, writeStored } from '../local-store';
import { Store } from '../store';

const STATS_KEY = 'router-ide.stats';

export interface StatsState {
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

  clear = (): void => this.put({ history: [], sessionFrom: 0 });

  private put(next: StatsState): void {
    this.set(next);
    writeStored(STATS_KEY, next.history);
  }
}

export function useStats(): StatsStore {
  return useMemo(() => new StatsStore(), []);
}
