// Stats for this session and all sessions in this browser, with a small chart.
// The rows about suggestions predicted ahead of an accept appear once one ended.
import { useState } from 'react';
import { STAT_ROUTES, summarize, type StatRoute } from '../workspace/stats';
import { DELIVERY_MEANING } from './delivery';
import type { StatsStore } from './hooks/use-stats';
import { useStore } from './store';
import { latencyBars, ms, pct, ROUTE_COLOUR, ROUTE_NAME, savedTitle, shareBars, shareLabel, type StatsSummary } from './stats-view';

export function StatsPanel({ stats }: { stats: StatsStore }) {
  const { history, sessionFrom } = useStore(stats);
  const [scope, setScope] = useState<'session' | 'all'>('session');
  const s = summarize(scope === 'session' ? history.slice(sessionFrom) : history);
  return (
    <section className="stats" aria-label="Completion statistics" data-testid="stats-panel" data-scope={scope}>
      <h2>Stats</h2>
      <div className="segmented" role="radiogroup" aria-label="Period">
        <label>
          <input
            type="radio"
            name="stats-scope"
            checked={scope === 'session'}
            onChange={() => setScope('session')}
            data-testid="stats-session"
          />{' '}
          This session
        </label>
        <label>
          <input type="radio" name="stats-scope" checked={scope === 'all'} onChange={() => setScope('all')} data-testid="stats-all" /> All
          time (this browser)
        </label>
      </div>
      <StatGrid s={s} />
      <ShareChart s={s} />
      <RouteTable s={s} />
      <button type="button" onClick={stats.clear} data-testid="stats-clear">
        Clear history
      </button>
    </section>
  );
}

/** The counts: shown, accepted, bytes, time saved, and predictions once there are some. */
function StatGrid({ s }: { s: StatsSummary }) {
  return (
    <dl className="stat-grid">
      <dt>Shown (≥ 750 ms on screen)</dt>
      <dd data-testid="stats-shown">{s.shown}</dd>
      <dt>Accepted</dt>
      <dd data-testid="stats-accepted">{s.accepted}</dd>
      <dt>Acceptance rate</dt>
      <dd data-testid="stats-rate">{pct(s.acceptanceRate)}</dd>
      <dt>Completions</dt>
      <dd data-testid="stats-results">{s.results}</dd>
      <dt title={DELIVERY_MEANING.delivered}>Bytes delivered</dt>
      <dd data-testid="stats-bytes">{s.bytesDelivered}</dd>
      {s.bytesUnknown > 0 && (
        <>
          <dt title={DELIVERY_MEANING.unknown}>Bytes, delivery unknown</dt>
          <dd data-testid="stats-unknown">{s.bytesUnknown}</dd>
        </>
      )}
      {s.bytesNotDelivered > 0 && (
        <>
          <dt title={DELIVERY_MEANING['not-delivered']}>Bytes attempted, not delivered</dt>
          <dd data-testid="stats-not-delivered">{s.bytesNotDelivered}</dd>
        </>
      )}
      <dt>Large-model time saved (est.)</dt>
      <dd data-testid="stats-saved" title={savedTitle(s.saved)}>
        {(s.saved.totalMs / 1000).toFixed(1)} s{' '}
        <small>
          ({s.saved.requests} × {Math.round(s.saved.perRequestMs)} ms, {s.saved.basis})
        </small>
      </dd>
      {s.predictions.computed > 0 && <PredictionRows predictions={s.predictions} />}
    </dl>
  );
}

/** Suggestions predicted ahead of an accept, once one has ended. */
function PredictionRows({ predictions }: { predictions: StatsSummary['predictions'] }) {
  return (
    <>
      <dt title="Suggestions computed while one was on screen, for the text as it will be once it is accepted (they ended: served, cancelled or not kept)">
        Predicted ahead of an accept
      </dt>
      <dd data-testid="stats-predictions">{predictions.computed}</dd>
      <dt>Served on Tab</dt>
      <dd data-testid="stats-predictions-served">{predictions.served}</dd>
      <dt title="Cancelled (typing elsewhere, a dismissal) or nothing to keep (it would escalate)">Thrown away</dt>
      <dd data-testid="stats-predictions-discarded">{predictions.discarded}</dd>
      <dt>Compute thrown away</dt>
      <dd data-testid="stats-predictions-discarded-ms">{ms(predictions.discardedMs)}</dd>
    </>
  );
}

/** Each route's share of completions as one bar; grey before any completion. */
function ShareChart({ s }: { s: StatsSummary }) {
  return (
    <svg
      className="share-chart"
      width="100%"
      height="18"
      viewBox="0 0 100 6"
      preserveAspectRatio="none"
      role="img"
      aria-label={shareLabel(s.share)}
      data-testid="stats-share-chart"
    >
      {s.results === 0 ? (
        <rect x="0" y="0" width="100" height="6" fill="#ddd" />
      ) : (
        shareBars(s.share).map(({ route, x, width }) => (
          <rect key={route} x={x} y="0" width={width} height="6" fill={ROUTE_COLOUR[route]} />
        ))
      )}
    </svg>
  );
}

/** Per route: share, count and latency, with a small bar chart of the latencies. */
function RouteTable({ s }: { s: StatsSummary }) {
  return (
    <table className="stat-table">
      <thead>
        <tr>
          <th scope="col">route</th>
          <th scope="col">share</th>
          <th scope="col">n</th>
          <th scope="col">p50</th>
          <th scope="col">p95</th>
          <th scope="col" aria-hidden="true"></th>
        </tr>
      </thead>
      <tbody>
        {STAT_ROUTES.map((r) => (
          <tr key={r} data-testid={`stats-route-${r}`}>
            <th scope="row">
              <span className="swatch" style={{ background: ROUTE_COLOUR[r] }} aria-hidden="true" />
              {ROUTE_NAME[r]}
            </th>
            <td data-testid={`stats-share-${r}`}>{pct(s.share[r])}</td>
            <td>{s.latency[r].n}</td>
            <td>{ms(s.latency[r].p50)}</td>
            <td>{ms(s.latency[r].p95)}</td>
            <td aria-hidden="true">
              <LatencyBars s={s} route={r} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One route's p50 (solid) and p95 (faint), scaled to the slowest p95 of any route. */
function LatencyBars({ s, route }: { s: StatsSummary; route: StatRoute }) {
  const bars = latencyBars(s.latency, route, 44);
  return (
    <svg width="44" height="10" viewBox="0 0 44 10">
      <rect x="0" y="1" width={bars.p95} height="8" fill={ROUTE_COLOUR[route]} opacity="0.35" />
      <rect x="0" y="1" width={bars.p50} height="8" fill={ROUTE_COLOUR[route]} />
    </svg>
  );
}
