import { describe, expect, it } from 'vitest';
import type { CompletionResult } from '../completion/common/pipeline';
import { CompletionStore } from './completion-state';
import { completionReports } from './completion-reports';
import { StatsStore } from './hooks/use-stats';

const result = (r: Pick<CompletionResult, 'route' | 'bytesSent' | 'latencyMs'> & Partial<CompletionResult>) => r as CompletionResult;

function reporting() {
  const completion = new CompletionStore();
  const stats = new StatsStore();
  // Only this test's events (a global localStorage may hold another test's).
  stats.clear();
  let t = 0;
  const reports = completionReports(completion, stats, () => ++t);
  return { completion, reports, events: () => stats.get().history };
}

describe('completionReports', () => {
  it('puts each result in the completion store and in the stats, with the bytes that left and their delivery', () => {
    const { completion, reports, events } = reporting();
    reports.onResult(result({ route: 'local', bytesSent: 0, latencyMs: 40 }));
    reports.onResult(result({ route: 'escalated', bytesSent: 120, latencyMs: 300 }));
    expect(completion.get()).toMatchObject({ seq: 2, result: { route: 'escalated' }, error: null });
    expect(events()).toEqual([
      { k: 'result', t: 1, route: 'local', ms: 40, bytes: 0 },
      { k: 'result', t: 2, route: 'escalated', ms: 300, bytes: 120, delivery: 'delivered' },
    ]);
  });

  it('counts shown, accepted and prediction outcomes in the stats only; an alternative on screen moves the badge, not the stats', () => {
    const { completion, reports, events } = reporting();
    const local = result({ route: 'local', bytesSent: 0, latencyMs: 40 });
    reports.onShown(local);
    reports.onAccepted(local, true);
    reports.onPrediction({ outcome: 'served', ms: 25 });
    expect(completion.get().seq).toBe(0);
    reports.onAlternative(local);
    expect(completion.get()).toMatchObject({ seq: 1, result: local });
    expect(events()).toEqual([
      { k: 'shown', t: 1, route: 'local' },
      { k: 'accepted', t: 2, route: 'local', partial: true },
      { k: 'prediction', t: 3, outcome: 'served', ms: 25 },
    ]);
  });

  it('shows an error and counts it as a failed request that sent nothing; pending follows the request', () => {
    const { completion, reports, events } = reporting();
    reports.onPending(true);
    expect(completion.get().pending).toBe(true);
    reports.onError('the local model did not answer', 900);
    reports.onPending(false);
    expect(completion.get()).toMatchObject({ pending: false, error: 'the local model did not answer' });
    expect(events()).toEqual([{ k: 'result', t: 1, route: 'failed', ms: 900, bytes: 0, delivery: 'not-delivered' }]);
  });
});
