// The privacy room's entry point: what may leave the machine (the egress
// policy and gate, the secret scan), the ledger of what did, and the page's CSP.
export { egressVerdict } from './policy';
export type { EgressRules, EscalationDraft, GateReport } from './egress-gate';
export { Ledger } from './ledger';
export { buildCsp } from './csp';
export {
  clearSecretScanCache,
  encodedFindings,
  findSecrets,
  guardOutgoing,
  ownFindings,
  prescanSecrets,
  secretlintFindings,
} from './secret-guard';
