import type { LedgerEntry } from '../privacy/ledger';

/** Everything that left the machine, newest first. */
export function LedgerPanel({ entries, onClear }: { entries: readonly LedgerEntry[]; onClear: () => void }) {
  const total = entries.reduce((a, e) => a + e.bytes, 0);
  return (
    <section className="ledger" aria-label="Egress ledger">
      <h2>Ledger <span data-testid="ledger-count">{entries.length}</span> requests, <span data-testid="ledger-bytes">{total}</span> bytes sent</h2>
      {entries.length === 0 ? <p>Nothing has been sent.</p> : (
        <table>
          <thead><tr><th>time</th><th>to</th><th>bytes</th><th>file</th><th>why</th><th>result</th></tr></thead>
          <tbody>
            {[...entries].reverse().map((e, i) => (
              <tr key={i}><td>{e.at.slice(11, 19)}</td><td>{e.destination}</td><td>{e.bytes}</td><td>{e.file}</td><td>{e.reason}</td><td title={e.detail}>{e.outcome}</td></tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" onClick={onClear} disabled={!entries.length}>Clear ledger</button>
    </section>
  );
}
