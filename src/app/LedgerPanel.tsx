import { deliveryOfEntry, deliveryTotals, type Ledger, type LedgerEntry } from '../privacy/ledger';
import { DELIVERY_MEANING, DELIVERY_WORDS } from './delivery';
import { useLedgerEntries } from './hooks/use-ledger';
import { type Store, useStore } from './store';

function download(name: string, json: string): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The row's result: the outcome, and for a failure where the body is (an ok request was delivered). */
function resultOf(e: LedgerEntry): { text: string; className: string } {
  if (e.outcome === 'pending') return { text: 'pending', className: 'result-pending' };
  if (e.outcome === 'ok') return { text: 'ok', className: 'result-ok' };
  const d = deliveryOfEntry(e);
  return {
    text: d === 'delivered' ? 'error' : DELIVERY_WORDS[d],
    className: d === 'not-delivered' ? 'result-not-delivered' : 'result-error',
  };
}

/**
 * Every request body handed to the browser, newest first, and where it is
 * known to be (delivered, not delivered, delivery unknown). A row shows what
 * fits a narrow panel (time, where, bytes, result); the rest (delivery,
 * protocol, file, why, the hash, the error) opens on demand.
 */
export function LedgerPanel({
  ledger,
  notSavedStore,
}: {
  ledger: Ledger;
  /** The browser refused to store the ledger (a full quota): entries live in memory until exported. */
  notSavedStore: Store<boolean>;
}) {
  const entries = useLedgerEntries(ledger);
  const notSaved = useStore(notSavedStore);
  const t = deliveryTotals(entries);
  return (
    <section className="ledger" aria-label="Egress ledger" data-testid="ledger">
      <h2>
        Ledger: <span data-testid="ledger-count">{entries.length}</span> {entries.length === 1 ? 'request' : 'requests'},{' '}
        <span data-testid="ledger-bytes" title={`bytes ${DELIVERY_WORDS.delivered}: ${DELIVERY_MEANING.delivered}`}>
          {t.delivered.bytes}
        </span>{' '}
        bytes delivered
        {t.unknown.bytes > 0 && (
          <>
            ,{' '}
            <span data-testid="ledger-unknown" title={DELIVERY_MEANING.unknown}>
              {t.unknown.bytes}
            </span>{' '}
            bytes delivery unknown
          </>
        )}
        {t['not-delivered'].bytes > 0 && (
          <>
            ,{' '}
            <span data-testid="ledger-not-delivered" title={DELIVERY_MEANING['not-delivered']}>
              {t['not-delivered'].bytes}
            </span>{' '}
            bytes attempted, not delivered
          </>
        )}
      </h2>
      {notSaved && (
        <p className="warn" role="alert" data-testid="ledger-not-saved">
          This browser refused to store the ledger (storage full?): it is kept for this session only. Export JSON keeps a copy.
        </p>
      )}
      {entries.length === 0 ? (
        <p>Nothing has been sent.</p>
      ) : (
        <ol className="ledger-list" reversed>
          {[...entries].reverse().map((e, i) => {
            const result = resultOf(e);
            const d = deliveryOfEntry(e);
            return (
              <li key={entries.length - i} data-testid="ledger-entry" data-outcome={e.outcome} data-delivery={e.delivery ?? 'pending'}>
                <details>
                  <summary>
                    <span className="time">{e.at.slice(11, 19)}</span>
                    <span className="to" title={e.destination}>
                      {e.destination}
                    </span>
                    <span className="bytes">{e.bytes} B</span>
                    <span
                      className={`result ${result.className}`}
                      title={e.delivery ? `${DELIVERY_WORDS[d]}: ${DELIVERY_MEANING[d]}` : 'waiting for the answer'}
                    >
                      {result.text}
                    </span>
                  </summary>
                  <dl>
                    <dt>delivery</dt>
                    <dd data-testid="ledger-delivery">
                      {e.delivery ? `${DELIVERY_WORDS[d]}: ${DELIVERY_MEANING[d]}` : 'pending: the body is with the browser'}
                    </dd>
                    <dt>protocol</dt>
                    <dd>{e.protocol}</dd>
                    <dt>file</dt>
                    <dd>{e.file}</dd>
                    <dt>why</dt>
                    <dd>
                      {e.reason}
                      {e.redactions ? ` (${e.redactions} redacted)` : ''}
                    </dd>
                    {e.detail && (
                      <>
                        <dt>error</dt>
                        <dd>{e.detail}</dd>
                      </>
                    )}
                    <dt>sha-256</dt>
                    <dd>
                      <code>{e.sha256 ?? '…'}</code>
                    </dd>
                  </dl>
                </details>
              </li>
            );
          })}
        </ol>
      )}
      <div className="buttons">
        <button
          type="button"
          onClick={() => download('ledger.json', ledger.exportJson())}
          disabled={!entries.length}
          data-testid="ledger-export"
        >
          Export JSON
        </button>
        <button type="button" onClick={() => ledger.clear()} disabled={!entries.length}>
          Clear ledger
        </button>
      </div>
    </section>
  );
}
