import type { LedgerEntry } from '../privacy/ledger';

function download(name: string, json: string): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Everything that left the machine, newest first. */
export function LedgerPanel({ entries, onClear, exportJson }: { entries: readonly LedgerEntry[]; onClear: () => void; exportJson: () => string }) {
  const total = entries.reduce((a, e) => a + e.bytes, 0);
  return (
    <section className="ledger" aria-label="Egress ledger">
      <h2>Ledger: <span data-testid="ledger-count">{entries.length}</span> requests, <span data-testid="ledger-bytes">{total}</span> bytes sent</h2>
      {entries.length === 0 ? <p>Nothing has been sent.</p> : (
        <table>
          <thead><tr><th>time</th><th>to</th><th>protocol</th><th>bytes</th><th>file</th><th>why</th><th>result</th><th>sha-256</th></tr></thead>
          <tbody>
            {[...entries].reverse().map((e, i) => (
              <tr key={i}>
                <td>{e.at.slice(11, 19)}</td><td>{e.destination}</td><td>{e.protocol}</td><td>{e.bytes}</td><td>{e.file}</td>
                <td>{e.reason}{e.redactions ? ` (${e.redactions} redacted)` : ''}</td>
                <td title={e.detail}>{e.outcome}</td><td title={e.sha256}><code>{e.sha256?.slice(0, 12)}</code></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="buttons">
        <button type="button" onClick={() => download('ledger.json', exportJson())} disabled={!entries.length} data-testid="ledger-export">Export JSON</button>
        <button type="button" onClick={onClear} disabled={!entries.length}>Clear ledger</button>
      </div>
    </section>
  );
}
