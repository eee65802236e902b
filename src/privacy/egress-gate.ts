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
//
// Then the parts are read once more joined as the server reads them (the
// other files' snippets, the text before the cursor, the text after it), so
// that a credential split across two of them (half at the end of one file's
// snippet, half at the start of the next) is one credential too.
import type { SecretAction } from '../vocabulary/config';
import { snippetsByFile } from '../prompt/snippets-by-file';
import { lineStartsOf } from '../syntax/window';
import { neverSendContentRuleFor, neverSendRuleFor } from './never-send';
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
  const whole = draft.around ? draft.around.before + draft.prefix + draft.suffix + draft.around.after : draft.prefix + draft.suffix;
  const held = neverSendContentRuleFor(whole);
  if (held) throw new EgressRefused('never-send', `blocked by policy: ${draft.file ?? 'the file'} holds ${held}`);

  const own = await guardOutgoing(draft.prefix, draft.suffix, rules.secrets, draft.around, draft.file);
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

  const joined = await judgeJoined({ prefix: own.prefix, suffix: own.suffix, extra }, rules.secrets);
  if ('refused' in joined) throw new EgressRefused('secret', joined.refused, joined.finding);
  report.redactions += joined.redactions;
  for (const w of joined.withheld) report.withheld.push(w);
  report.contextFiles = report.contextFiles.filter((f) => joined.extra.some((e) => e.filename === f));

  const request: GuardedRequest = Object.freeze({
    prefix: joined.prefix,
    suffix: joined.suffix,
    ...(draft.file !== undefined && { file: draft.file }),
    ...(joined.extra.length && { extra: Object.freeze(joined.extra.map((e) => Object.freeze(e))) }),
  });
  passed.add(request);
  return { request, report };
}

type Judged = { text: string; redactions: number; startLine?: number } | { why: string };

async function judgeSnippet(s: DraftSnippet, rules: EgressRules): Promise<Judged> {
  const rule = neverSendRuleFor(s.filename, rules.neverSend);
  if (rule) return { why: `matches never-send rule "${rule}"` };
  const held = neverSendContentRuleFor(s.source);
  if (held) return { why: `never-send: its file holds ${held}` };
  const copies = placesOf(s);
  if (!copies) return { why: `its text occurs more than ${MAX_COPIES} times in its file` };
  if (!copies.length) return { why: 'its file changed since the snippet was chosen' };
  // Redaction changes what is inside the text, not where it starts in its file.
  const startLine = copies.length === 1 ? lineOf(s.source, copies[0]) : undefined;
  const placed = startLine !== undefined ? { startLine } : {};
  const findings = await findSecrets(s.source, s.filename);
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

const BEFORE = 'the text before the cursor';
const AFTER = 'the text after the cursor';

/** How far either side of a seam between two parts the joined text is read again: more than a token is long. */
const JOIN_REACH = 4 * 1024;

interface Parts {
  prefix: string;
  suffix: string;
  extra: GuardedSnippet[];
}

type JoinedVerdict =
  (Parts & { redactions: number; withheld: { file: string; why: string }[] }) | { refused: string; finding: SecretFinding };

/** A part of the outgoing text: a file's snippets as the server gets them (one entry per file), or a side of the cursor. */
interface Piece {
  what: string;
  file?: string;
  text: string;
}

/**
 * The parts read as the server reads them: each file's snippets (one entry,
 * in line order), then the text before the cursor and after it; and the
 * text after the cursor before the text before it, for templates that put
 * the suffix first. Only a finding across a seam counts here (each part was
 * judged on its own before). A file's snippets holding part of one are
 * left out; in block mode a finding in the file's own text refuses the
 * request, in redact mode its part there is replaced.
 */
async function judgeJoined(parts: Parts, action: SecretAction): Promise<JoinedVerdict> {
  let { prefix, suffix, extra } = parts;
  const withheld: { file: string; why: string }[] = [];
  let redactions = 0;
  // Each round leaves out at least one file or redacts at least one span; a few rounds settle any draft.
  for (let round = 0; round < 8; round++) {
    const files = snippetsByFile(
      extra.map((e) => ({ file: e.filename, text: e.text, ...(e.startLine !== undefined && { startLine: e.startLine }) })),
    );
    const pieces: Piece[] = [
      ...files.map((f) => ({ what: `a snippet of ${f.file}`, file: f.file, text: f.text })),
      { what: BEFORE, text: prefix },
      { what: AFTER, text: suffix },
    ];
    const found = [...(await acrossSeams(pieces)), ...(await acrossSeams([pieces[pieces.length - 1], pieces[pieces.length - 2]]))];
    if (!found.length) return { prefix, suffix, extra, redactions, withheld };
    const leave = new Set<string>();
    const cutPrefix: SecretFinding[] = [];
    const cutSuffix: SecretFinding[] = [];
    for (const { finding, touched } of found) {
      const own = touched.filter((t) => !t.piece.file);
      if (own.length && action === 'block') {
        const where = touched.map((t) => t.piece.what).join(' and ');
        return { refused: `a credential (${finding.kind}) is split across ${where}: together they spell it`, finding };
      }
      for (const t of touched) {
        if (t.piece.file) {
          leave.add(t.piece.file);
          const other = touched.find((o) => o !== t)?.piece.what ?? 'another part';
          withheld.push({ file: t.piece.file, why: `holds part of a credential (${finding.kind}) that continues in ${other}` });
        } else if (t.piece.what === BEFORE) cutPrefix.push(t.span);
        else cutSuffix.push(t.span);
      }
      if (own.length) redactions++;
    }
    extra = extra.filter((e) => !leave.has(e.filename));
    if (cutPrefix.length) prefix = redactSecrets(prefix, mergeSpans(cutPrefix));
    if (cutSuffix.length) suffix = redactSecrets(suffix, mergeSpans(cutSuffix));
  }
  return {
    refused: 'a credential split across the parts of the request could not be removed',
    finding: { kind: 'split', start: 0, end: 0, line: 1 },
  };
}

interface Touch {
  piece: Piece;
  /** The finding's part inside this piece, in the piece's offsets. */
  span: SecretFinding;
}

/**
 * Findings across a seam of `pieces` joined in order: the text around each
 * seam (JOIN_REACH either side, windows that overlap read as one) is
 * scanned, and a finding that crosses a seam is reported with the part of
 * it in each piece it touches.
 */
async function acrossSeams(pieces: readonly Piece[]): Promise<{ finding: SecretFinding; touched: Touch[] }[]> {
  const starts: number[] = [];
  let joined = '';
  for (const p of pieces) {
    starts.push(joined.length);
    joined += p.text;
  }
  const seams = starts.slice(1).filter((at, i) => at > 0 && at < joined.length && pieces[i].text.length > 0);
  if (!seams.length) return [];
  const windows: [number, number][] = [];
  for (const at of seams) {
    const w: [number, number] = [Math.max(0, at - JOIN_REACH), Math.min(joined.length, at + JOIN_REACH)];
    const last = windows[windows.length - 1];
    if (last && w[0] <= last[1]) last[1] = w[1];
    else windows.push(w);
  }
  const out: { finding: SecretFinding; touched: Touch[] }[] = [];
  for (const [from, to] of windows) {
    for (const f of await findSecrets(joined.slice(from, to))) {
      const start = f.start + from;
      const end = f.end + from;
      if (!seams.some((at) => start < at && end > at)) continue;
      const touched: Touch[] = [];
      pieces.forEach((piece, i) => {
        const s = starts[i];
        const e = s + piece.text.length;
        if (start < e && end > s) touched.push({ piece, span: { ...f, start: Math.max(start, s) - s, end: Math.min(end, e) - s } });
      });
      out.push({ finding: { ...f, start, end }, touched });
    }
  }
  return out;
}
