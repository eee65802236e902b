// Scans text that is about to leave the machine for credentials. The base is
// secretlint's recommended preset (its maintainers add providers as they
// appear); our own detectors in secret-rules.ts add only what the preset
// misses, each justified by a corpus case. Both read the text as written and
// as it reads with its escapes undone and its base64 and hex decoded
// (secret-encodings.ts). Figures per kind: docs/privacy.md.
import { lintSource } from '@secretlint/core';
import { secretLintProfiler } from '@secretlint/profiler';
import { rules as presetRules } from '@secretlint/secretlint-rule-preset-recommend';
import { BoundedCache } from '../platform/bounded-cache';
import { lineStartsOf, pointOf } from '../syntax/window';
import { chunkSpans, seamSpans, type Span } from './chunks';
import { deriveText, type Derived } from './secret-encodings';
import { keysCutByEdges, widenKeys } from './pem-extent';
import { PLACEHOLDER } from './value-shapes';
import { awsSecretsBeside, awsSecretsAnywhere, OWN_DETECTORS, type Detector } from './secret-rules';

/**
 * What was found, for the badge and the redaction marker: a provider and
 * what it issues (`github-token`, `aws-secret-key`), or a generic kind
 * (`password-assignment`, `high-entropy-assignment`). A rule the preset adds
 * later shows up as `secretlint-<rule>` until it gets a name here.
 */
type SecretKind = string;

export interface SecretFinding {
  kind: SecretKind;
  /** Offsets of the secret value itself (what redaction replaces). */
  start: number;
  end: number;
  /** 1-based line of the finding, for the badge. */
  line: number;
}

/** secretlint message ids -> our kinds (the rest: `secretlint-<rule>`). */
const KIND_OF_MESSAGE: Record<string, SecretKind> = {
  AWSAccessKeyID: 'aws-access-key',
  AWSSecretAccessKey: 'aws-secret-key',
  AWSAccountID: 'aws-account-id',
  PrivateKey: 'private-key',
  PrivateKeyP12: 'private-key',
  PrivateKeyJSON: 'gcp-service-account-key',
  PackageJSON_xOauthToken: 'github-token',
  GITHUB_TOKEN: 'github-token',
  Npmrc_authToken: 'npm-token',
  NPM_ACCESS_TOKEN: 'npm-token',
  SLACK_TOKEN: 'slack-token',
  IncomingWebhook: 'slack-webhook',
  BasicAuth: 'url-credentials',
  OPENAI_TOKEN: 'openai-key',
  ANTHROPIC_API_KEY: 'anthropic-key',
  GROQ_API_KEY: 'groq-key',
  HUGGINGFACE_USER_ACCESS_TOKEN: 'huggingface-token',
  LINEAR_API_TOKEN: 'linear-token',
  NOTION_INTEGRATION_TOKEN: 'notion-token',
  SENDGRID_KEY: 'sendgrid-key',
  SHOPIFY_KEY: 'shopify-token',
  GITLAB_PERSONAL_ACCESS_TOKEN: 'gitlab-token',
  GRAFANA_CLOUD_API_TOKEN: 'grafana-token',
  GRAFANA_SERVICE_ACCOUNT_TOKEN: 'grafana-token',
  OPS_TOKEN: '1password-token',
  MongoDBConnection: 'connection-string-password',
  MySQLConnection: 'connection-string-password',
  PostgreSQLConnection: 'connection-string-password',
  DATABRICKS_PERSONAL_ACCESS_TOKEN: 'databricks-token',
  DOCKER_PERSONAL_ACCESS_TOKEN: 'docker-token',
  FIGMA_PERSONAL_ACCESS_TOKEN: 'figma-token',
};

function kindOf(ruleId: string, messageId: string): SecretKind {
  if (KIND_OF_MESSAGE[messageId]) return KIND_OF_MESSAGE[messageId];
  if (/^HASHICORP_VAULT/.test(messageId)) return 'vault-token';
  if (/^VERCEL/.test(messageId)) return 'vercel-token';
  return `secretlint-${ruleId.replace(/^.*secretlint-rule-/, '')}`;
}

/** Rules of the preset that must not run before an escalation. */
const SKIPPED_RULES = new Set([
  // `secretlint-disable` comments in a file must not let a key leave. (Listed
  // one by one because core ignores `disabled` on a preset's own rules.)
  '@secretlint/secretlint-rule-filter-comments',
]);

/**
 * Per-rule options; the rest run with the preset's defaults. The aws rule's
 * `enableIDScanRule` stays off: it adds account ids (not secrets) through a
 * regex with no literal start, tried at every offset of the text; the key
 * ids it would add come from our `aws-access-key` detector far more cheaply.
 */
const RULE_OPTIONS: Record<string, object> = {};

/**
 * secretlint's profiler puts two `performance.mark`s per rule per scan on the
 * page's timeline and keeps every one in an array it searches on each new
 * mark: memory that grows with every escalation and a search that grows with
 * it. Nothing reads them here.
 */
secretLintProfiler.mark = () => undefined;

const SECRETLINT_CONFIG = {
  rules: presetRules
    .filter((r) => !SKIPPED_RULES.has(r.meta.id))
    .map((rule) => ({ id: rule.meta.id, rule, options: RULE_OPTIONS[rule.meta.id] ?? {} })),
};

/** Preset findings that real code showed to be names, not secrets (docs/privacy.md). */
const PRESET_FALSE_ALARM = /^npm_config_\w+$/;
/** The preset's URL rule reports `http://user:pass@...` in tests and docs: a placeholder password is no credential. */
const placeholderUrl = (found: string) => {
  const password = /^[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:([^\s@/]*)@/i.exec(found)?.[1];
  return password !== undefined && PLACEHOLDER.test(password);
};

/**
 * The part of a file's path the preset's rules read: the name where a rule
 * keys on it (`.npmrc`, package.json), else the extension (`.json` for a
 * service-account key); '' for every other file, which all read alike.
 */
export function nameKeyOf(path: string | undefined): string {
  if (!path) return '';
  const name = path.replace(/\\/g, '/').replace(/^.*\//, '');
  if (/\.npmrc$|^package(?:-lock)?\.json$/.test(name)) return name;
  const ext = /\.(json|p12)$/i.exec(name)?.[0].toLowerCase();
  return ext ?? '';
}

export async function secretlintFindings(text: string, path?: string): Promise<Omit<SecretFinding, 'line'>[]> {
  // The file's real path, so that rules keyed to a name run (`.npmrc`, a service-account `.json`); without one the
  // preset reads the text as a package file. Every format those rules guard is also found by content in any file
  // (tool-credentials.ts). A `.p12` is binary and never-send: the rule that would read it from disk finds no file.
  const ext = path ? (/\.[^./\\]+$/.exec(path)?.[0] ?? '') : '.txt';
  const result = await lintSource({
    source: { content: text, filePath: path ?? 'outgoing.txt', ext, contentType: 'text' },
    options: { config: SECRETLINT_CONFIG, noPhysicFilePath: !path, maskSecrets: true },
  });
  return result.messages
    .map((m) => ({ kind: kindOf(m.ruleId, m.messageId), start: m.range[0], end: m.range[1] }))
    .filter((f) => !PRESET_FALSE_ALARM.test(text.slice(f.start, f.end)))
    .filter((f) => f.kind !== 'url-credentials' || !placeholderUrl(text.slice(f.start, f.end)));
}

export function ownFindings(text: string): Omit<SecretFinding, 'line'>[] {
  const found: Omit<SecretFinding, 'line'>[] = [];
  const keywordHits = new Map<RegExp, number[]>();
  const hitsOf = (k: RegExp) => {
    let hits = keywordHits.get(k);
    if (!hits) {
      hits = [];
      k.lastIndex = 0;
      for (let m = k.exec(text); m; m = k.exec(text)) hits.push(m.index);
      keywordHits.set(k, hits);
    }
    return hits;
  };
  const take = (d: Detector, m: RegExpExecArray) => {
    const value = m[d.group ?? 0];
    if (!value) return;
    if (d.accept) {
      const lineStart = text.lastIndexOf('\n', m.index - 1) + 1;
      if (!d.accept(value, text.slice(Math.max(lineStart, m.index - 80), m.index), m)) return;
    }
    const start = m.index + (d.group ? m[0].lastIndexOf(value) : 0);
    found.push({ kind: d.kind, start, end: start + value.length });
  };
  for (const d of OWN_DETECTORS) {
    if (d.when && !d.when(text)) continue;
    if (d.keyword) {
      // Sticky regex tried at each keyword occurrence only.
      for (const at of hitsOf(d.keyword)) {
        d.re.lastIndex = at;
        const m = d.re.exec(text);
        if (m) take(d, m);
      }
      continue;
    }
    for (const [from, to] of d.regions ? d.regions(text) : [[0, text.length] as [number, number]]) {
      d.re.lastIndex = from;
      for (let m = d.re.exec(text); m && m.index < to; m = d.re.exec(text)) {
        if (m[0] === '') d.re.lastIndex++;
        take(d, m);
      }
    }
  }
  return found;
}

type Found = Omit<SecretFinding, 'line'>;

/**
 * How many times a derived text is derived again: base64 inside base64, or
 * escapes inside a decoded string, is seen; deeper nesting is not.
 */
const DERIVE_DEPTH = 2;

/** A text the rules read: the text itself, or one derived from the layer before (secret-encodings.ts). */
interface Layer {
  text: string;
  /** Maps a range of this layer to the layer before; undefined for the text itself. */
  toParent?: Derived['toSource'];
}

/** `text`, and what it spells encoded (string escapes, base64, base64url, hex), layer by layer, DERIVE_DEPTH deep. */
function layersOf(text: string): Layer[] {
  const layers: Layer[] = [{ text }];
  for (let depth = 0; depth < DERIVE_DEPTH; depth++) {
    const derived = deriveText(layers[layers.length - 1].text);
    if (!derived) break;
    layers.push({ text: derived.text, toParent: derived.toSource });
  }
  return layers;
}

const LAYER_SEPARATOR = '\n\n';

/**
 * The preset and our detectors over every layer, in the first layer's
 * offsets: a decoded string's finding covers the whole encoded string, an
 * escaped one the escapes it spans. The preset reads all layers in one run
 * (each run has a fixed cost of about half a millisecond); its findings are
 * split by layer, cut at the layer's end.
 */
async function scanLayers(layers: readonly Layer[], path?: string): Promise<Found[]> {
  const starts: number[] = [];
  let joined = '';
  for (const layer of layers) {
    if (starts.length) joined += LAYER_SEPARATOR;
    starts.push(joined.length);
    joined += layer.text;
  }
  // The preset's first: on a tie its kind is the one reported (findSecrets keeps the first).
  const found: Found[][] = layers.map(() => []);
  for (const f of await secretlintFindings(joined, path)) {
    let i = starts.length - 1;
    while (starts[i] > f.start) i--;
    const length = layers[i].text.length;
    const start = f.start - starts[i];
    if (start < length) found[i].push({ kind: f.kind, start, end: Math.min(f.end - starts[i], length) });
  }
  layers.forEach((layer, i) => found[i].push(...ownFindings(layer.text)));
  for (let i = layers.length - 1; i > 0; i--) {
    for (const f of found[i]) {
      const range = layers[i].toParent!(f.start, f.end);
      if (range) found[i - 1].push({ kind: f.kind, start: range[0], end: range[1] });
    }
  }
  return found[0];
}

/**
 * What the encoded layers of `text` add, scanned on their own (the bench
 * times this part apart; a scan reads them with the text in one run).
 */
export async function encodedFindings(text: string): Promise<Found[]> {
  const layers = layersOf(text);
  return layers.length > 1 ? scanLayers([{ text: '' }, ...layers.slice(1)]) : [];
}

/** Everything found in one text: the rules on it as written and on what it spells encoded, then the AWS secrets beside the key ids found. */
async function scanText(text: string, path?: string): Promise<Found[]> {
  const found = await scanLayers(layersOf(text), path);
  const keyIds = found.filter((f) => f.kind === 'aws-access-key');
  if (keyIds.length) found.push(...awsSecretsBeside(text, keyIds));
  return found;
}

/**
 * Findings per piece of text scanned or being scanned, by content: an edit
 * rescans only its own chunk, and an escalation arriving while a prescan is
 * on a piece waits for that scan instead of starting a second.
 */
const cache = new BoundedCache<string, Promise<Found[]>>(512);

function scanPiece(piece: string, path?: string): Promise<Found[]> {
  // Findings depend on the content and on the part of the name the preset reads.
  const nameKey = nameKeyOf(path);
  const key = nameKey ? `${nameKey}\0${piece}` : piece;
  const hit = cache.get(key);
  if (hit) return hit;
  const found = scanText(piece, nameKey ? path : undefined);
  found.catch(() => cache.delete(key));
  cache.set(key, found);
  return found;
}

/** Characters a token is made of: a finding that stops next to one is widened over them, so no tail of a token is left. */
const TOKEN_CHAR = /[A-Za-z0-9+/_~-]/;

/** `f` widened over the token characters that touch it on either side (a rule's range that stops short of the token's end). */
function wholeToken(text: string, f: Found): Found {
  let { start, end } = f;
  if (TOKEN_CHAR.test(text[end - 1] ?? '')) {
    while (end < text.length && TOKEN_CHAR.test(text[end])) end++;
    while (text[end] === '=') end++;
  }
  // Backwards not over `+` and `/`: a path or a URL before a token is not part of it.
  if (TOKEN_CHAR.test(text[start] ?? '')) while (start > 0 && /[A-Za-z0-9_~-]/.test(text[start - 1])) start--;
  return start === f.start && end === f.end ? f : { ...f, start, end };
}

/**
 * All credentials found in `text`, earliest first. Long texts are scanned in
 * content-defined chunks plus a window across each seam (a credential under
 * 4 KB is seen whole in one of them), each cached by content. Overlapping
 * findings are merged into one span covering both (redaction then removes
 * all of it); the kind is the one that starts first, the preset's on a tie.
 */
export async function findSecrets(text: string, path?: string): Promise<SecretFinding[]> {
  if (!text) return [];
  let raw: Found[] = [];
  for (const span of piecesOf(text)) {
    for (const f of await scanPiece(text.slice(span.start, span.end), path))
      raw.push({ kind: f.kind, start: f.start + span.start, end: f.end + span.start });
  }
  // Across pieces: a key is one credential from BEGIN to END whatever its size, and an AWS key id's secret is
  // looked for in the whole text (a pair with innocent names may sit far apart).
  raw.push(...keysCutByEdges(text));
  const keyIds = raw.filter((f) => f.kind === 'aws-access-key');
  if (keyIds.length) raw.push(...awsSecretsAnywhere(text, keyIds));
  raw = widenKeys(text, raw).map((f) => wholeToken(text, f));
  raw.sort((a, b) => a.start - b.start);
  const out: Found[] = [];
  for (const f of raw) {
    const last = out[out.length - 1];
    if (last && (f.start < last.end || (f.start === last.end && f.kind === 'private-key' && last.kind === 'private-key')))
      last.end = Math.max(last.end, f.end);
    else out.push(f);
  }
  const starts = lineStartsOf(text);
  return out.map((f) => ({ ...f, line: pointOf(f.start, starts).row + 1 }));
}

/** The chunks and the seams between them: what is scanned and cached. */
function piecesOf(text: string): Span[] {
  const chunks = chunkSpans(text);
  return [...chunks, ...seamSpans(text, chunks)];
}

/**
 * Scan `text` ahead of need, one piece at a time with `pause()` between
 * pieces, so the next escalation from this text finds every unchanged piece
 * in the cache. A cold megabyte is tens of milliseconds of work: done this way it is
 * many slices of a few, in time the user spends typing, instead of one
 * block on the escalation path. Returns false when aborted before the end.
 */
export async function prescanSecrets(
  text: string,
  { signal, pause = nextTask, path }: { signal?: AbortSignal; pause?: () => Promise<void>; path?: string } = {},
): Promise<boolean> {
  for (const span of piecesOf(text)) {
    if (signal?.aborted) return false;
    await scanPiece(text.slice(span.start, span.end), path);
    await pause();
  }
  return !signal?.aborted;
}

/**
 * Let input events and rendering run before the next piece: `scheduler.yield()`
 * where the browser has it (no 4 ms clamp on nested timeouts), else a timeout.
 */
const nextTask = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/** Forget cached scans (tests and benchmarks measuring a cold scan). */
export function clearSecretScanCache(): void {
  cache.clear();
}

export function redactSecrets(text: string, findings: readonly SecretFinding[]): string {
  let out = '';
  let at = 0;
  for (const f of findings) {
    out += text.slice(at, f.start) + `REDACTED_${f.kind.toUpperCase().replace(/-/g, '_')}`;
    at = f.end;
  }
  return out + text.slice(at);
}

interface GuardedText {
  prefix: string;
  suffix: string;
  findings: { where: 'prefix' | 'suffix'; finding: SecretFinding }[];
}

/**
 * Scan both sides of the cursor as the one text they are, so a key split by
 * the cursor is still seen; a finding across the cursor is reported (and
 * redacted) on both sides. `around`: the text just outside prefix and suffix
 * (a window's margins), read so that a credential cut by the window's edge is
 * still recognised; it is not sent, so only the part of a finding inside
 * prefix and suffix counts. With `redact`, the text comes back with each
 * secret replaced.
 */
export async function guardOutgoing(
  prefix: string,
  suffix: string,
  action: 'block' | 'redact',
  around?: { before: string; after: string },
  path?: string,
): Promise<GuardedText> {
  const lead = around?.before.length ?? 0;
  const found = await findSecrets(around ? around.before + prefix + suffix + around.after : prefix + suffix, path);
  const sent = prefix.length + suffix.length;
  const leadLines = lead ? around!.before.split('\n').length - 1 : 0;
  const all = found
    .filter((f) => f.end > lead && f.start < lead + sent)
    .map((f) => ({
      ...f,
      start: Math.max(f.start, lead) - lead,
      end: Math.min(f.end, lead + sent) - lead,
      line: Math.max(1, f.line - leadLines),
    }));
  const cut = prefix.length;
  const p: SecretFinding[] = [];
  const s: SecretFinding[] = [];
  const prefixLines = prefix.split('\n').length - 1;
  for (const f of all) {
    if (f.start < cut) p.push({ ...f, end: Math.min(f.end, cut) });
    if (f.end > cut) {
      const start = Math.max(f.start, cut) - cut;
      s.push({ ...f, start, end: f.end - cut, line: f.start < cut ? 1 : f.line - prefixLines });
    }
  }
  const findings = [
    ...p.map((finding) => ({ where: 'prefix' as const, finding })),
    ...s.map((finding) => ({ where: 'suffix' as const, finding })),
  ];
  if (action === 'block' || !findings.length) return { prefix, suffix, findings };
  return { prefix: redactSecrets(prefix, p), suffix: redactSecrets(suffix, s), findings };
}
