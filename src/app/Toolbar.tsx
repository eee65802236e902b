// The top bar: the app's name, the demo, the privacy switch with what it
// means right now, and the dialogs. Fixed height: nothing in it wraps onto a
// second line, so the editor below never moves.
import type { AppConfig } from '../vocabulary/config';
import type { Ledger } from '../privacy/ledger';
import type { EgressVerdict } from '../privacy/policy';
import { useLedgerEntries } from './hooks/use-ledger';
import { Icon } from './Icon';

interface Props {
  config: AppConfig;
  egress: EgressVerdict;
  /** The organisation locks the privacy mode. */
  modeLocked: boolean;
  setLocalOnly: (on: boolean) => void;
  ledger: Ledger;
  /** The ledger's length when the demo started; null before it. */
  demoFrom: number | null;
  startDemo: () => void;
  openHelp: () => void;
  openSettings: () => void;
}

/** Bytes sent since the demo started, live: subscribed to the ledger here, so a request re-renders this line only. */
function DemoBytes({ ledger, from }: { ledger: Ledger; from: number }) {
  const bytes = useLedgerEntries(ledger)
    .slice(from)
    .reduce((a, e) => a + (e.delivery === 'not-delivered' ? 0 : e.bytes), 0);
  return (
    <span className="demo-live" data-testid="demo-bytes" role="status" aria-live="polite">
      <Icon name="shield" /> Demo: <b>{bytes}</b> bytes have left this machine
    </span>
  );
}

export function Toolbar({ config, egress, modeLocked, setLocalOnly, ledger, demoFrom, startDemo, openHelp, openSettings }: Props) {
  // With no endpoint nothing can leave whatever the mode says: the switch shows that, and Settings is where it changes.
  const noEndpoint = !config.endpoint;
  const localOnly = config.privacy.mode === 'local-only' || noEndpoint;
  const switchTip = noEndpoint
    ? 'No escalation endpoint is configured, so nothing can leave this machine: add one in Settings'
    : modeLocked
      ? 'Set by your organisation'
      : 'While on, nothing leaves this machine';
  return (
    <header className="toolbar">
      <h1>
        <Icon name="fileCode" /> Router IDE
      </h1>
      {demoFrom === null ? (
        <button
          type="button"
          className="tool"
          onClick={startDemo}
          data-testid="start-demo"
          title="Opens the sample Python, Java and C++ files (added under demo/ when the workspace holds other files; never a second copy) and switches to the local model only"
        >
          <Icon name="beaker" /> Demo
        </button>
      ) : (
        <DemoBytes ledger={ledger} from={demoFrom} />
      )}
      <span className="spacer" />
      <span
        className={`egress ${egress.allowed ? 'egress-on' : 'egress-off'}`}
        data-testid="egress-mode"
        title={egress.allowed ? `Code may be sent to ${egress.destination} when the router asks` : egress.reason}
      >
        <Icon name={egress.allowed ? 'unlock' : 'lock'} />
        {egress.allowed ? `Escalation to ${egress.destination} allowed when the router asks` : `Local only: ${egress.reason}`}
      </span>
      <label className="switch" title={switchTip}>
        <input
          type="checkbox"
          role="switch"
          checked={localOnly}
          disabled={modeLocked || noEndpoint}
          onChange={(e) => setLocalOnly(e.target.checked)}
          data-testid="local-only-switch"
        />
        Local only
      </label>
      <button
        type="button"
        className="tool icon-only"
        onClick={openHelp}
        data-testid="open-help"
        aria-haspopup="dialog"
        aria-label="Keys"
        title="Keyboard shortcuts (?)"
      >
        <Icon name="recordKeys" />
      </button>
      <button
        type="button"
        className="tool icon-only"
        onClick={openSettings}
        data-testid="open-settings"
        aria-haspopup="dialog"
        aria-label="Settings"
        title="Settings: endpoint, model, routing, privacy"
      >
        <Icon name="settingsGear" />
      </button>
    </header>
  );
}
