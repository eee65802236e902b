// Stats for this session and all sessions in this browser, with a small chart.
// The rows about suggestions predicted ahead of an accept appear once one ended.
import { useState } from 'react';
import { STAT_ROUTES, summarize, type StatRoute } from '../workspace/stats';
import { DELIVERY_MEANING } from './delivery';
import type { StatsStore } from './hooks/use-stats';
import { useStore } from './store';

const COLOUR: Record<StatRoute, string> = { local: '#1e6b2e', escalated: '#8a4b00', blocked: '#0b57d0', failed: '#b3261e' };
const NAME: Record<StatRoute, string> = { local: 'local', escalated: 'escalated', blocked: 'kept local (blocked)', failed: 'failed' };
const pct = (x: number | undefined) => (x === undefined ? '–' : `${Math.round(x * 100)}%`);
const ms = (x: number | undefined) => (x === undefined ? '–' : `${Math.round(x)} ms`);

export function StatsPanel({ stats }: { stats: StatsStore }) {
  const { history, sessionFrom } = useStore(stats);
  const [scope, setScope] = useState<'session' | 'all'>('session');
  const s = summarize(scope === 'session' ? history.slice(sessionFrom) : history);
  const maxLat = Math.max(1, ...STAT_ROUTES.map((r) => s.latency[r].p95 ?? 0));
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
        <dd
          data-testid="stats-saved"
          title={`${s.saved.requests} requests not sent × ${Math.round(s.saved.perRequestMs)} ms each (${s.saved.basis === 'measured' ? 'median of your escalations' : 'assumed: no escalation timed yet'})`}
        >
          {(s.saved.totalMs / 1000).toFixed(1)} s{' '}
          <small>
            ({s.saved.requests} × {Math.round(s.saved.perRequestMs)} ms, {s.saved.basis})
          </small>
        </dd>
        {s.predictions.computed > 0 && (
          <>
            <dt title="Suggestions computed while one was on screen, for the text as it will be once it is accepted (they ended: served, cancelled or not kept)">
              Predicted ahead of an accept
            </dt>
            <dd data-testid="stats-predictions">{s.predictions.computed}</dd>
            <dt>Served on Tab</dt>
            <dd data-testid="stats-predictions-served">{s.predictions.served}</dd>
            <dt title="Cancelled (typing elsewhere, a dismissal) or nothing to keep (it would escalate)">Thrown away</dt>
            <dd data-testid="stats-predictions-discarded">{s.predictions.discarded}</dd>
            <dt>Compute thrown away</dt>
            <dd data-testid="stats-predictions-discarded-ms">{ms(s.predictions.discardedMs)}</dd>
          </>
        )}
      </dl>
      <svg
        className="share-chart"
        width="100%"
        height="18"
        viewBox="0 0 100 6"
        preserveAspectRatio="none"
        role="img"
        aria-label={`Share of completions: ${STAT_ROUTES.map((r) => `${NAME[r]} ${pct(s.share[r])}`).join(', ')}`}
        data-testid="stats-share-chart"
      >
        {s.results === 0 ? (
          <rect x="0" y="0" width="100" height="6" fill="#ddd" />
        ) : (
          (() => {
            let x = 0;
            return STAT_ROUTES.map((r) => {
              const w = s.share[r] * 100;
              const el = <rect key={r} x={x} y="0" width={w} height="6" fill={COLOUR[r]} />;
              x += w;
              return el;
            });
          })()
        )}
      </svg>
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
                <span className="swatch" style={{ background: COLOUR[r] }} aria-hidden="true" />
                {NAME[r]}
              </th>
              <td data-testid={`stats-share-${r}`}>{pct(s.share[r])}</td>
              <td>{s.latency[r].n}</td>
              <td>{ms(s.latency[r].p50)}</td>
              <td>{ms(s.latency[r].p95)}</td>
              <td aria-hidden="true">
                <svg width="44" height="10" viewBox="0 0 44 10">
                  <rect x="0" y="1" width={((s.latency[r].p95 ?? 0) / maxLat) * 44} height="8" fill={COLOUR[r]} opacity="0.35" />
                  <rect x="0" y="1" width={((s.latency[r].p50 ?? 0) / maxLat) * 44} height="8" fill={COLOUR[r]} />
                </svg>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={stats.clear} data-testid="stats-clear">
        Clear history
      </button>
    </section>
  );
}
