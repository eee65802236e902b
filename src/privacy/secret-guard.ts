// Scans text that is about to leave the machine for credentials. Detectors
// are specific patterns (key formats with fixed prefixes) plus two generic
// ones (secret-named assignments and high-entropy literals), each tuned
// against a corpus of real-looking secrets and innocent look-alikes
// (secret-corpus.ts; figures in the README).

export type SecretKind =
  | 'private-key'
  | 'aws-access-key'
  | 'aws-secret-key'
  | 'gcp-api-key'
  | 'github-token'
  | 'slack-token'
  | 'stripe-key'
  | 'openai-key'
  | 'jwt'
  | 'bearer-token'
  | 'connection-string-password'
  | 'password-assignment'
  | 'high-entropy-assignment';

export interface SecretFinding {
  kind: SecretKind;
  /** Offsets of the secret value itself (what redaction replaces). */
  start: number;
  end: number;
  /** 1-based line of the finding, for the badge. */
  line: number;
}

interface Detector {
  kind: SecretKind;
  re: RegExp;
  /** Index of the capture group holding the secret value; 0 = whole match. */
  group?: number;
  accept?: (value: string) => boolean;
}

/** Placeholders and indirections that look like secrets but are not. */
const PLACEHOLDER = /^(?:x+|\*+|\.+|<[^>]*>|\$\{[^}]*\}|\$[A-Z_]+|%\(?[a-z_]*\)?s?|\{\{[^}]*\}\}|changeme|password|passwd|secret|example\w*|your[_-]?\w*|dummy\w*|test\w*|fake\w*|placeholder|redacted\w*|none|null|todo)$/i;

function shannonEntropy(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

const hasClasses = (s: string) => /[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s);
const isHexDigest = (s: string) => /^[0-9a-f]+$/i.test(s) && [32, 40, 56, 64, 96, 128].includes(s.length);
const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

const SECRET_NAME = String.raw`(?:password|passwd|pwd|pass|secret|client[_-]?secret|api[_-]?key|apikey|access[_-]?key|private[_-]?key|auth[_-]?token|access[_-]?token|token|credentials?)`;

const DETECTORS: Detector[] = [
  { kind: 'private-key', re: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|$)/g },
  { kind: 'aws-access-key', re: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}\b/g, accept: (v) => !/EXAMPLE$/.test(v) },
  { kind: 'aws-secret-key', re: /aws_?secret_?(?:access_?)?key\W{0,4}[:=]\s*["']?([A-Za-z0-9/+=]{40})\b/gi, group: 1, accept: (v) => !/EXAMPLEKEY$/.test(v) },
  { kind: 'gcp-api-key', re: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { kind: 'github-token', re: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g },
  { kind: 'slack-token', re: /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g },
  { kind: 'stripe-key', re: /\b(?:sk|rk)_live_[0-9A-Za-z]{20,}\b/g },
  { kind: 'openai-key', re: /\bsk-(?:proj-|ant-(?:api\d\d-)?)?[A-Za-z0-9_-]{32,}\b/g, accept: hasClasses },
  { kind: 'jwt', re: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{16,}\b/g },
  { kind: 'bearer-token', re: /\bBearer\s+([A-Za-z0-9._~+/-]{20,}=*)/g, group: 1, accept: (v) => shannonEntropy(v) >= 3.5 },
  {
    kind: 'connection-string-password',
    re: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@'"]*:([^\s@/'"]{3,})@[^\s'"]+/gi,
    group: 1,
    accept: (v) => !PLACEHOLDER.test(v),
  },
  // Azure storage and similar `Key=value;` connection strings.
  { kind: 'connection-string-password', re: /\b(?:AccountKey|SharedAccessKey|Password|Pwd)=([^;\s'"]{8,})/g, group: 1, accept: (v) => !PLACEHOLDER.test(v) },
  {
    kind: 'password-assignment',
    // An optional type annotation (`val secret: String = ...`) may sit between name and value.
    re: new RegExp(String.raw`\b\w*${SECRET_NAME}\w*["']?(?:\s*:\s*[A-Za-z_][\w.<>?\[\]]{0,40})?\s*(?::=|=|:)\s*(?:[rbuf]?)["'\`]([^"'\`\s]{6,})["'\`]`, 'gi'),
    group: 1,
    // A word such as "X-Auth-Token" is a name, not a password: ask for a digit or a symbol.
    accept: (v) => !PLACEHOLDER.test(v) && !/^(?:https?:|\/|\.\/)/.test(v) && /[\d!#$%&*+,.;<>?@^_|~]/.test(v) && shannonEntropy(v) >= 2.5,
  },
  {
    kind: 'high-entropy-assignment',
    re: /[\w"'\])]\s*(?::=|=|:)\s*["'`]([A-Za-z0-9+/_=-]{32,})["'`]/g,
    group: 1,
    // Long, mixed-case, digit-bearing and random: digests and UUIDs are common innocents.
    accept: (v) => hasClasses(v) && !isHexDigest(v) && !isUuid(v) && shannonEntropy(v) >= 4.2,
  },
];

function lineOf(text: string, offset: number): number {
  let n = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

/** All credentials found in `text`, earliest first, overlapping findings merged into the first. */
export function findSecrets(text: string): SecretFinding[] {
  const found: SecretFinding[] = [];
  for (const d of DETECTORS) {
    d.re.lastIndex = 0;
    for (let m = d.re.exec(text); m; m = d.re.exec(text)) {
      const value = m[d.group ?? 0];
      if (value === undefined || (d.accept && !d.accept(value))) continue;
      const start = m.index + (d.group ? m[0].indexOf(value) : 0);
      const end = start + value.length;
      if (found.some((f) => start < f.end && end > f.start)) continue;
      found.push({ kind: d.kind, start, end, line: lineOf(text, start) });
    }
  }
  return found.sort((a, b) => a.start - b.start);
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

export interface GuardedText {
  prefix: string;
  suffix: string;
  findings: { where: 'prefix' | 'suffix'; finding: SecretFinding }[];
}

/** Scan both sides of the cursor; with `redact`, return the text with each secret replaced. */
export function guardOutgoing(prefix: string, suffix: string, action: 'block' | 'redact'): GuardedText {
  const p = findSecrets(prefix);
  const s = findSecrets(suffix);
  const findings = [...p.map((finding) => ({ where: 'prefix' as const, finding })), ...s.map((finding) => ({ where: 'suffix' as const, finding }))];
  if (action === 'block' || !findings.length) return { prefix, suffix, findings };
  return { prefix: redactSecrets(prefix, p), suffix: redactSecrets(suffix, s), findings };
}
