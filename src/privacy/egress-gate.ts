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
import { lineStartsOf } from '../syntax/window';
import { neverSendContentRuleFor, neverSendRuleFor } from './never-send';
import { onlyMarkers } from './last-scan';
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
   * of it (src/completion/common/text-window.ts): judged with them, never sent.
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
  const ownSpans = (where: 'prefix' | 'suffix') => own.findings.filter((f) => f.where === where).map((f) => f.finding);

  const snippets = draft.extra ?? [];
  const judged: Judged[] = [];
  for (const s of snippets) judged.push(await judgeSnippet(s, rules));

  // The parts as they were written, read together: what each part's own judgment found is known; what only the
  // joined text shows is a credential split between parts.
  const pieces: Piece[] = [
    ...snippets.map((s, i): Piece => {
      const j = judged[i];
      return {
        what: `a snippet of ${s.filename}`,
        index: i,
        text: s.text,
        known: 'why' in j ? [{ start: 0, end: s.text.length }] : j.inside,
      };
    }),
    { what: BEFORE, text: draft.prefix, known: ownSpans('prefix') },
    { what: AFTER, text: draft.suffix, known: ownSpans('suffix') },
  ];
  const seams = await judgeSeams(pieces, rules.secrets);
  if ('refused' in seams) throw new EgressRefused('secret', seams.refused, seams.finding);

  const side = (text: string, spans: SecretFinding[]) => (spans.length ? redactSecrets(text, mergeSpans(spans)) : text);
  const report: GateReport = { redactions: own.findings.length + seams.redactions, contextFiles: [], withheld: [] };
  const extra: GuardedSnippet[] = [];
  snippets.forEach((s, i) => {
    const j = judged[i];
    const split = seams.leave.get(i);
    if ('why' in j || split) {
      report.withheld.push({ file: s.filename, why: 'why' in j ? j.why : split! });
      return;
    }
    extra.push({ filename: s.filename, text: j.text, ...(j.startLine !== undefined && { startLine: j.startLine }) });
    report.redactions += j.redactions;
    if (!report.contextFiles.includes(s.filename)) report.contextFiles.push(s.filename);
  });

  const request: GuardedRequest = Object.freeze({
    prefix: side(draft.prefix, [...ownSpans('prefix'), ...seams.cut.prefix]),
    suffix: side(draft.suffix, [...ownSpans('suffix'), ...seams.cut.suffix]),
    ...(draft.file !== undefined && { file: draft.file }),
    ...(extra.length && { extra: Object.freeze(extra.map((e) => Object.freeze(e))) }),
  });
  passed.add(request);
  return { request, report };
}

/** A snippet as it may leave, and the spans of credentials its own judgment found in it (its text's offsets). */
type Judged = { text: string; redactions: number; startLine?: number; inside: SecretFinding[] } | { why: string };

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
  if (!inside.length) return { text: s.text, redactions: 0, inside, ...placed };
  if (rules.secrets === 'block') {
    const f = inside[0];
    return { why: `holds part of a credential (${f.kind} on line ${f.line} of ${s.filename})` };
  }
  return { text: redactSecrets(s.text, mergeSpans(inside)), redactions: inside.length, inside, ...placed };
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

/** In the server's order, the joined text is read this far either side of each seam between two parts. */
const SEAM_REACH = 1024;
/** Any two parts, in either order: the end of one and the start of the other, this long each (a token is shorter). */
const PAIR_REACH = 512;
/** A finding this close to a seam may owe its recognition to the other side (a name there, the value here). */
const NEAR_SEAM = 96;

/** What the joined reading adds: snippets to leave out (by index, with the reason) and spans of the file's own text to replace. */
type SeamVerdict =
  | { leave: Map<number, string>; cut: { prefix: SecretFinding[]; suffix: SecretFinding[] }; redactions: number }
  | { refused: string; finding: SecretFinding };

/** A part of the outgoing text as written: a snippet (its index in the draft), or a side of the cursor. */
interface Piece {
  what: string;
  index?: number;
  text: string;
  /** Spans its own judgment found (or all of it, for a snippet left out): not news when the joined text shows them. */
  known: readonly { start: number; end: number }[];
}

/** Does `span` of `text` hold a character that is not a space and that no known span covers? */
function news(text: string, span: { start: number; end: number }, known: Piece['known']): boolean {
  for (let i = span.start; i < span.end; i++) {
    if (/\s/.test(text[i])) continue;
    if (!known.some((k) => k.start <= i && i < k.end)) return true;
  }
  return false;
}

/**
 * The parts read together as a server may read them: in the draft's order
 * (the snippets, then the text before the cursor and after it), and every
 * two parts end to start, in either order (templates differ, and a reader
 * can put any two together). A finding there that holds something no part's
 * own judgment found is a credential split between parts: every snippet it
 * touches is left out; in block mode one that touches the file's own text
 * refuses the request, in redact mode its part there is replaced.
 */
async function judgeSeams(pieces: readonly Piece[], action: SecretAction): Promise<SeamVerdict> {
  const leave = new Map<number, string>();
  const cut = { prefix: [] as SecretFinding[], suffix: [] as SecretFinding[] };
  const counted: { what: string; start: number; end: number }[] = [];
  for (const { finding, touched } of await joinedFindings(pieces)) {
    const parts = touched.filter((t) => /\S/.test(t.piece.text.slice(t.span.start, t.span.end)));
    if (!parts.some((t) => news(t.piece.text, t.span, t.piece.known))) continue;
    const own = parts.filter((t) => t.piece.index === undefined);
    const where = parts.map((t) => t.piece.what).join(' and ');
    if (own.length && action === 'block') {
      return { refused: `a credential (${finding.kind}) is split across ${where}: together they spell it`, finding };
    }
    for (const t of parts) {
      if (t.piece.index !== undefined) leave.set(t.piece.index, `holds part of a credential (${finding.kind}) split across ${where}`);
      else (t.piece.what === BEFORE ? cut.prefix : cut.suffix).push(t.span);
    }
    // One credential is seen in several joins (in the draft's order and as a pair): counted once.
    const first = own[0];
    if (first && !counted.some((c) => c.what === first.piece.what && c.start < first.span.end && first.span.start < c.end)) {
      counted.push({ what: first.piece.what, start: first.span.start, end: first.span.end });
    }
  }
  return { leave, cut, redactions: counted.length };
}

interface Touch {
  piece: Piece;
  /** The finding's part inside this piece, in the piece's offsets. */
  span: SecretFinding;
}

/** A stretch of one piece, as it sits in a join. */
interface Segment {
  piece: Piece;
  from: number;
  to: number;
}

/** The stretches read together: around each seam of the server's order, and each two parts end to start. */
function joinsOf(pieces: readonly Piece[]): Segment[][] {
  const joins: Segment[][] = [];
  const starts: number[] = [];
  let length = 0;
  for (const p of pieces) {
    starts.push(length);
    length += p.text.length;
  }
  const windows: [number, number][] = [];
  for (let i = 1; i < pieces.length; i++) {
    const at = starts[i];
    if (at === 0 || at === length) continue;
    const w: [number, number] = [Math.max(0, at - SEAM_REACH), Math.min(length, at + SEAM_REACH)];
    const last = windows[windows.length - 1];
    if (last && w[0] <= last[1]) last[1] = w[1];
    else windows.push(w);
  }
  for (const [from, to] of windows) {
    const join: Segment[] = [];
    pieces.forEach((piece, i) => {
      const s = Math.max(from, starts[i]);
      const e = Math.min(to, starts[i] + piece.text.length);
      if (s < e) join.push({ piece, from: s - starts[i], to: e - starts[i] });
    });
    if (join.length > 1) joins.push(join);
  }
  for (const a of pieces) {
    for (const b of pieces) {
      if (a === b || !a.text || !b.text) continue;
      joins.push([
        { piece: a, from: Math.max(0, a.text.length - PAIR_REACH), to: a.text.length },
        { piece: b, from: 0, to: Math.min(b.text.length, PAIR_REACH) },
      ]);
    }
  }
  return joins;
}

const JOIN_SEPARATOR = '\n\n';

/** Findings on or beside a seam of any join, with the part of each in every piece it touches; all joins read in one scan. */
async function joinedFindings(pieces: readonly Piece[]): Promise<{ finding: SecretFinding; touched: Touch[] }[]> {
  // The end of the text before the cursor changes with every keystroke; the other joins stay as they were and are
  // read as one text of their own, which the scan cache then answers.
  const typing = (seg: Segment) => seg.piece.what === BEFORE && seg.to === seg.piece.text.length;
  const joins = joinsOf(pieces);
  const steady = joins.filter((j) => !j.some(typing));
  const moving = joins.filter((j) => j.some(typing));
  return [...(await findingsInJoins(steady)), ...(await findingsInJoins(moving))];
}

/** Findings on or beside a seam of `joins`, read as one text. */
async function findingsInJoins(joins: readonly Segment[][]): Promise<{ finding: SecretFinding; touched: Touch[] }[]> {
  if (!joins.length) return [];
  const placed: { at: number; end: number; segments: (Segment & { at: number })[] }[] = [];
  let text = '';
  for (const join of joins) {
    if (text) text += JOIN_SEPARATOR;
    const at = text.length;
    const segments = join.map((seg) => {
      const s = { ...seg, at: text.length };
      text += seg.piece.text.slice(seg.from, seg.to);
      return s;
    });
    placed.push({ at, end: text.length, segments });
  }
  const out: { finding: SecretFinding; touched: Touch[] }[] = [];
  let j = 0;
  for (const f of await findSecrets(text)) {
    while (j < placed.length - 1 && placed[j].end <= f.start) j++;
    const join = placed[j];
    const start = Math.max(f.start, join.at);
    const end = Math.min(f.end, join.end);
    if (start >= end || onlyMarkers(text.slice(start, end))) continue;
    const seams = join.segments.slice(1).map((s) => s.at);
    if (!seams.some((at) => start < at + NEAR_SEAM && end > at - NEAR_SEAM)) continue;
    const touched: Touch[] = [];
    for (const seg of join.segments) {
      const segEnd = seg.at + seg.to - seg.from;
      if (start < segEnd && end > seg.at) {
        const from = seg.from + Math.max(start, seg.at) - seg.at;
        const to = seg.from + Math.min(end, segEnd) - seg.at;
        touched.push({ piece: seg.piece, span: { ...f, start: from, end: to } });
      }
    }
    out.push({ finding: f, touched });
  }
  return out;
}
