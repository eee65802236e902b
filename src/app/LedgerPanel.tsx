import { deliveryTotals, type Ledger, type LedgerEntry } from '../privacy/ledger';
import { DELIVERY_MEANING, DELIVERY_WORDS } from './delivery';
import { useLedgerEntries } from './hooks/use-ledger';
import { deliveryDescription, entryTime, resultOf } from './ledger-view';
import { type Store, useStore } from './store';

function download(name: string, json: string): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
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
  return (
    <section className="ledger" aria-label="Egress ledger" data-testid="ledger">
      <LedgerHeading entries={entries} />
      {notSaved && (
        <p className="warn" role="alert" data-testid="ledger-not-saved">
          This browser refused to store the ledger (storage full?): it is kept for this session only. Export JSON keeps a copy.
        </p>
      )}
      {entries.length === 0 ? (
        <p>Nothing has been sent.</p>
      ) : (
        <ol className="ledger-list" reversed>
          {[...entries].reverse().map((e, i) => (
            <LedgerRow key={entries.length - i} entry={e} />
          ))}
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

/** How many requests, and their bytes by where they are known to be. */
function LedgerHeading({ entries }: { entries: readonly LedgerEntry[] }) {
  const t = deliveryTotals(entries);
  return (
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
  );
}

/** One request: what fits a narrow panel in the row, the rest on demand. */
function LedgerRow({ entry: e }: { entry: LedgerEntry }) {
  const result = resultOf(e);
  return (
    <li data-testid="ledger-entry" data-outcome={e.outcome} data-delivery={e.delivery ?? 'pending'}>
      <details>
        <summary>
          <span className="time">{entryTime(e)}</span>
          <span className="to" title={e.destination}>
            {e.destination}
          </span>
          <span className="bytes">{e.bytes} B</span>
          <span className={`result ${result.className}`} title={deliveryDescription(e) ?? 'waiting for the answer'}>
            {result.text}
          </span>
        </summary>
        <dl>
          <dt>delivery</dt>
          <dd data-testid="ledger-delivery">{deliveryDescription(e) ?? 'pending: the body is with the browser'}</dd>
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
}
