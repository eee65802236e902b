// What the editor's completions tell the app, wired once outside any
// component: each result, error and pending request goes to the completion
// store (the badge, the details, the status bar and the route announcement
// each subscribe to it), and each result, suggestion shown or accepted and
// prediction outcome to the stats.
import type { CompletionReportHooks } from '../completion/browser/completion-feature';
import type { StatRoute } from '../workspace/stats';
import type { CompletionStore } from './completion-state';
import { statBytes } from './delivery';
import type { StatsStore } from './hooks/use-stats';

/** What the completion feature is told to report (its CompletionReportHooks), wired to the store and the stats. */
export type CompletionReports = CompletionReportHooks;

export function completionReports(
  completion: CompletionStore,
  stats: Pick<StatsStore, 'add'>,
  now: () => number = Date.now,
): CompletionReports {
  return {
    onAlternative: (r) => completion.resulted(r),
    onResult: (r) => {
      completion.resulted(r);
      stats.add({ k: 'result', t: now(), route: r.route as StatRoute, ms: r.latencyMs, ...statBytes(r) });
    },
    onShown: (r) => stats.add({ k: 'shown', t: now(), route: r.route as StatRoute }),
    onAccepted: (r, partial) => stats.add({ k: 'accepted', t: now(), route: r.route as StatRoute, partial }),
    onPrediction: (o) => stats.add({ k: 'prediction', t: now(), ...o }),
    onError: (m, ms) => {
      completion.setError(m);
      // A request that got no answer at all (a timeout, a restarted worker) is a failure in the stats too.
      stats.add({ k: 'result', t: now(), route: 'failed', ms, bytes: 0, delivery: 'not-delivered' });
    },
    onPending: (p) => completion.setPending(p),
  };
}
