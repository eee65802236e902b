// Completion stats: this session's events on top of the history kept in this
// browser (bounded), written best effort: stats are not code.
import { useCallback, useRef, useState } from 'react';
import { capEvents, type StatEvent } from '../../workspace/stats';
import { isArray, readStored, writeStored } from '../local-store';

const STATS_KEY = 'router-ide.stats';

export interface StatsState { history: StatEvent[]; sessionFrom: number }

export function useStats() {
  const [stats, setStats] = useState<StatsState>(() => {
    const history = readStored(STATS_KEY, [], isArray) as StatEvent[];
    return { history, sessionFrom: history.length };
  });
  // Events arrive faster than React renders (result, shown, accepted in a row): build on the last one set.
  const latest = useRef(stats);
  const put = useCallback((next: StatsState) => {
    latest.current = next;
    setStats(next);
    writeStored(STATS_KEY, next.history);
  }, []);
  const addStat = useCallback((e: StatEvent) => {
    const cur = latest.current;
    const all = [...cur.history, e];
    const history = capEvents(all);
    put({ history, sessionFrom: Math.max(0, cur.sessionFrom - (all.length - history.length)) });
  }, [put]);
  const clearStats = useCallback(() => put({ history: [], sessionFrom: 0 }), [put]);
  return { session: stats.history.slice(stats.sessionFrom), history: stats.history, addStat, clearStats };
}
