import type { LedgerEntry } from '../privacy/ledger';

function download(name: string, json: string): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const RESULT: Record<LedgerEntry['outcome'], string> = { pending: 'pending', ok: 'ok', error: 'error' };

/** The outcome in words: an error that never reached the server says so. */
const resultOf = (e: LedgerEntry) => (e.delivered === false ? 'not delivered' : RESULT[e.outcome]);

/**
 * Everything that left (or tried to leave) the machine, newest first. A row
 * shows what fits a narrow panel (time, where, bytes, result); the rest
 * (protocol, file, why, the hash, the error) opens on demand.
 */
export function LedgerPanel({ entries, onClear, exportJson, notSaved }: {
  entries: readonly LedgerEntry[]; onClear: () => void; exportJson: () => string;
  /** The browser refused to store the ledger (a full quota): entries live in memory until exported. */
  notSaved: boolean;
}) {
  const sent = entries.reduce((a, e) => a + (e.delivered === false ? 0 : e.bytes), 0);
  const notDelivered = entries.reduce((a, e) => a + (e.delivered === false ? e.bytes : 0), 0);
  return (
    <section className="ledger" aria-label="Egress ledger" data-testid="ledger">
      <h2>Ledger: <span data-testid="ledger-count">{entries.length}</span> {entries.length === 1 ? 'request' : 'requests'}, <span data-testid="ledger-bytes">{sent}</span> bytes sent
        {notDelivered > 0 && <>, <span data-testid="ledger-not-delivered">{notDelivered}</span> bytes attempted, not delivered</>}</h2>
      {notSaved && <p className="warn" role="alert" data-testid="ledger-not-saved">This browser refused to store the ledger (storage full?): it is kept for this session only. Export JSON keeps a copy.</p>}
      {entries.length === 0 ? <p>Nothing has been sent.</p> : (
        <ol className="ledger-list" reversed>
          {[...entries].reverse().map((e, i) => (
            <li key={entries.length - i} data-testid="ledger-entry" data-outcome={e.outcome} data-delivered={e.delivered === false ? 'false' : undefined}>
              <details>
                <summary>
                  <span className="time">{e.at.slice(11, 19)}</span>
                  <span className="to" title={e.destination}>{e.destination}</span>
                  <span className="bytes">{e.bytes} B</span>
                  <span className={`result result-${e.delivered === false ? 'not-delivered' : e.outcome}`}>{resultOf(e)}</span>
                </summary>
                <dl>
                  <dt>protocol</dt><dd>{e.protocol}</dd>
                  <dt>file</dt><dd>{e.file}</dd>
                  <dt>why</dt><dd>{e.reason}{e.redactions ? ` (${e.redactions} redacted)` : ''}</dd>
                  {e.detail && <><dt>error</dt><dd>{e.detail}</dd></>}
                  <dt>sha-256</dt><dd><code>{e.sha256 ?? '…'}</code></dd>
                </dl>
              </details>
            </li>
          ))}
        </ol>
      )}
      <div className="buttons">
        <button type="button" onClick={() => download('ledger.json', exportJson())} disabled={!entries.length} data-testid="ledger-export">Export JSON</button>
        <button type="button" onClick={onClear} disabled={!entries.length}>Clear ledger</button>
      </div>
    </section>
  );
}
