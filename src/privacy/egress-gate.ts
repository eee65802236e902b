// The one gate every escalation body passes on its way to the network. The
// escalation client (src/endpoint/wire-client.ts) runs it before it builds a
// body, whoever called it (the editor's pipeline, the evaluation harness):
// the text around the cursor and every snippet of another file are judged
// here, under the same rules, and only what comes out may be serialised.
//
// A snippet is judged on the whole file it was cut from, never alone: a
// credential is found on the whole text (a private key's last lines carry no
// BEGIN marker, a YAML value sits on the line after its key), and no byte of
// a found credential may go out, whatever part of it the snippet holds.
import type { SecretAction } from '../vocabulary/config';
import { lineStartsOf } from '../syntax/window';
import { neverSendRuleFor } from './never-send';
import { findSecrets, guardOutgoing, redactSecrets, type SecretFinding } from './secret-guard';

/** What the policy says about the content of a request (where it may go is decided before: policy.ts). */
export interface EgressRules {
  /** `privacy.neverSend`: path globs whose files never leave, not even as a snippet. */
  neverSend: readonly string[];
  /** `privacy.secrets`: a credential keeps the request local (`block`) or is replaced (`redact`). */
  secrets: SecretAction;
}

/** A snippet of another workspace file, with the whole text it was cut from. */
export interface DraftSnippet {
  filename: string;
  text: string;
  /** The whole text of `filename` the snippet was cut from: credentials are found on it, not on the snippet. */
  source: string;
  /** 0-based line of `text` in `source`; absent: found by searching. */
  startLine?: number;
}

/** What a caller asks to send: the text around the cursor, snippets of other files, and the rules to send it under. */
export interface EscalationDraft {
  prefix: string;
  suffix: string;
  /**
   * The file's text just outside prefix and suffix, when they are a window
   * of it (src/completion/text-window.ts): judged with them, never sent.
   */
  around?: { before: string; after: string };
  /** Workspace path of the file being completed. */
  file?: string;
  extra?: readonly DraftSnippet[];
  rules: EgressRules;
}

/** What may be serialised: the output of the gate, and nothing else. */
export interface GuardedRequest {
  readonly prefix: string;
  readonly suffix: string;
  readonly file?: string;
  /** Other files as context, as they may leave (cut, redacted, or left out per the rules). */
  readonly extra?: readonly GuardedSnippet[];
}

/** A snippet as it may leave; `startLine` (0-based, in its file) where its one place in the file is known, so a file's snippets go out in line order. */
interface GuardedSnippet {
  filename: string;
  text: string;
  startLine?: number;
}

export interface GateReport {
  /** Credentials replaced (redact mode), in the file and in snippets. */
  redactions: number;
  /** Files whose snippets go with the request. */
  contextFiles: string[];
  /** Snippets kept back, and why (for the details view). */
  withheld: { file: string; why: string }[];
}

/** The gate refused the whole request: nothing was serialised, nothing left. */
export class EgressRefused extends Error {
  constructor(
    readonly block: 'never-send' | 'secret',
    message: string,
    readonly finding?: SecretFinding,
  ) {
    super(message);
    this.name = 'EgressRefused';
  }
}

/** Requests the gate produced: the client refuses any other (a test of identity, not of shape). */
const passed = new WeakSet<GuardedRequest>();

export function hasPassedGate(req: GuardedRequest): boolean {
  return passed.has(req);
}

/**
 * Judge a draft under its rules. Throws EgressRefused when the file being
 * edited may not leave (a never-send rule, or a credential in block mode);
 * otherwise returns the request as it may leave, and what was changed.
 */
export async function passGate(draft: EscalationDraft): Promise<{ request: GuardedRequest; report: GateReport }> {
  const { rules } = draft;
  const rule = draft.file ? neverSendRuleFor(draft.file, rules.neverSend) : undefined;
  if (rule) throw new EgressRefused('never-send', `blocked by policy: ${draft.file} matches never-send rule "${rule}"`);

  const own = await guardOutgoing(draft.prefix, draft.suffix, rules.secrets, draft.around);
  if (own.findings.length && rules.secrets === 'block') {
    const first = own.findings[0];
    const where = `${first.finding.kind} on line ${first.finding.line} of the ${first.where === 'prefix' ? 'text before' : 'text after'} the cursor`;
    throw new EgressRefused('secret', `the file holds a credential (${where})`, first.finding);
  }

  const report: GateReport = { redactions: own.findings.length, contextFiles: [], withheld: [] };
  const extra: GuardedSnippet[] = [];
  for (const s of draft.extra ?? []) {
    const judged = await judgeSnippet(s, rules);
    if ('why' in judged) {
      report.withheld.push({ file: s.filename, why: judged.why });
      continue;
    }
    extra.push({ filename: s.filename, text: judged.text, ...(judged.startLine !== undefined && { startLine: judged.startLine }) });
    report.redactions += judged.redactions;
    if (!report.contextFiles.includes(s.filename)) report.contextFiles.push(s.filename);
  }

  const request: GuardedRequest = Object.freeze({
    prefix: own.prefix,
    suffix: own.suffix,
    ...(draft.file !== undefined && { file: draft.file }),
    ...(extra.length && { extra: Object.freeze(extra.map((e) => Object.freeze(e))) }),
  });
  passed.add(request);
  return { request, report };
}

type Judged = { text: string; redactions: number; startLine?: number } | { why: string };

async function judgeSnippet(s: DraftSnippet, rules: EgressRules): Promise<Judged> {
  const rule = neverSendRuleFor(s.filename, rules.neverSend);
  if (rule) return { why: `matches never-send rule "${rule}"` };
  const copies = placesOf(s);
  if (!copies) return { why: `its text occurs more than ${MAX_COPIES} times in its file` };
  if (!copies.length) return { why: 'its file changed since the snippet was chosen' };
  // Redaction changes what is inside the text, not where it starts in its file.
  const startLine = copies.length === 1 ? lineOf(s.source, copies[0]) : undefined;
  const placed = startLine !== undefined ? { startLine } : {};
  const findings = await findSecrets(s.source);
  // Each finding that overlaps a copy, clipped to it and made relative to the snippet: the part outside is not sent anyway.
  const inside: SecretFinding[] = [];
  for (const at of copies) {
    const end = at + s.text.length;
    for (const f of findings)
      if (f.start < end && f.end > at) inside.push({ ...f, start: Math.max(f.start, at) - at, end: Math.min(f.end, end) - at });
  }
  if (!inside.length) return { text: s.text, redactions: 0, ...placed };
  if (rules.secrets === 'block') {
    const f = inside[0];
    return { why: `holds part of a credential (${f.kind} on line ${f.line} of ${s.filename})` };
  }
  return { text: redactSecrets(s.text, mergeSpans(inside)), redactions: inside.length, ...placed };
}

/** 0-based line of offset `at` in `text`. */
function lineOf(text: string, at: number): number {
  let line = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Most copies of one snippet text judged in its file; past this it is left out rather than judged. */
const MAX_COPIES = 64;

/**
 * Where the snippet's text lies in its source: at its line when it is there;
 * else every place it occurs (the caller's copy is unknown, so all of them
 * are judged and the strictest wins); none when the file no longer holds
 * it; undefined when it occurs too often to judge.
 */
function placesOf(s: DraftSnippet): number[] | undefined {
  if (s.startLine !== undefined) {
    const at = lineStartsOf(s.source)[s.startLine];
    if (at !== undefined && s.source.startsWith(s.text, at)) return [at];
  }
  const out: number[] = [];
  for (let at = s.source.indexOf(s.text); at >= 0; at = s.source.indexOf(s.text, at + 1)) {
    if (out.length === MAX_COPIES) return undefined;
    out.push(at);
  }
  return out;
}

/** Sorted, overlapping spans joined: redaction replaces each span once. */
function mergeSpans(spans: SecretFinding[]): SecretFinding[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  const out: SecretFinding[] = [];
  for (const f of sorted) {
    const last = out[out.length - 1];
    if (last && f.start <= last.end) last.end = Math.max(last.end, f.end);
    else out.push({ ...f });
  }
  return out;
}
