// What a secret value looks like, and the shape of a detector: the helpers
// the secret guard's rules share (secret-rules.ts, tool-credentials.ts), so
// that each rule file holds rules only.
export interface Detector {
  kind: string;
  re: RegExp;
  /** Index of the capture group holding the secret value; 0 = whole match. */
  group?: number;
  /**
   * `before`: the text just before the match (up to 80 characters of its
   * line), for context checks kept out of the regex for speed; `match`: the
   * whole match, for checks on its other groups.
   */
  accept?: (value: string, before: string, match: RegExpExecArray) => boolean;
  /** A cheap test on the whole text; the detector runs only when it passes. */
  when?: (text: string) => boolean;
  /** Where in the text to look: the detector runs only over these spans. */
  regions?: (text: string) => [number, number][];
  /**
   * A fast scan for the words the detector starts with: `re` (sticky) is
   * then tried only where one occurs, not at every offset of a megabyte.
   */
  keyword?: RegExp;
}

/** Placeholders and indirections that look like secrets but are not. */
export const PLACEHOLDER =
  /^(?:x+|\*+|\.+|<[^>]*>|\$\{[^}]*\}|\$[A-Z_]+|%\(?[a-z_]*\)?s?|\{\{[^}]*\}\}|changeme|password|passwd|secret|example\w*|your[_-]?\w*|dummy\w*|test\w*|fake\w*|placeholder|redacted\w*|none|null|todo|true|false|foo|bar|baz|qux|pass|pwd|pw|key_?\d*)$/i;

export function shannonEntropy(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

export const hasClasses = (s: string) => /[a-z]/.test(s) && /[A-Z]/.test(s) && /\d/.test(s);
export const isHexDigest = (s: string) => /^[0-9a-f]+$/i.test(s) && [32, 40, 56, 64, 96, 128].includes(s.length);
export const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
/** `DJANGO_SECRET_KEY`, `db.password`, `config.auth.token`: names of secrets, not secrets. */
export const isName = (s: string) => /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(s) || /^[A-Za-z_$][\w$]*(?:\??[.:][A-Za-z_$][\w$]*)+$/.test(s);
/** `ABCDEFGH...`, `0123456789abc...`: encoding alphabets, not keys (8 characters in a row). */
export function hasAlphabetRun(v: string): boolean {
  let run = 1;
  for (let i = 1; i < v.length; i++) {
    run = v.charCodeAt(i) === v.charCodeAt(i - 1) + 1 ? run + 1 : 1;
    if (run >= 8) return true;
  }
  return false;
}
/** WebAssembly modules inlined as base64 start with `\0asm`. */
export const isWasm = (s: string) => s.startsWith('AGFzbQ');
/** Subresource-integrity and lock-file digests (`sha512-...`). */
export const isIntegrity = (s: string) => /^sha(?:1|256|384|512)-/.test(s);

/**
 * `embed_tokens`, `keyword.tag-while`, `@rematch`, `Unexpected_token_1179`:
 * identifiers, dotted names and tokenizer states, made of plain words.
 */
export function isWordy(v: string): boolean {
  const core = v.replace(/^[@.?$#[]+/, '').replace(/[\].]$/, '');
  const segments = core.split(/[._\-/:]/);
  const prefixed = core.length < v.length;
  // Tokenizer states (`.freemarker2`, `@brackets`) may end in a digit or two; bare words may not (`hunter2-Prod`).
  const word = prefixed ? /^(?:[A-Za-z]+\d{0,2}|\d+|\$\d+)$/ : /^(?:[A-Za-z]+|\d+|\$\d+)$/;
  return (segments.length >= 2 || prefixed) && segments.every((s) => word.test(s));
}

/** 32 or more characters, none repeated: an encoding alphabet (random keys repeat characters). */
export function isAlphabet(v: string): boolean {
  return v.length >= 32 && new Set(v).size === v.length;
}

/** A value that could be a password: not a placeholder, not a name, not a path, some variety. */
export function passwordLike(v: string): boolean {
  return (
    !PLACEHOLDER.test(v) &&
    !isName(v) &&
    !isWordy(v) &&
    !isIntegrity(v) &&
    /^[\x21-\x7e]+$/.test(v) &&
    !/^(?:[a-z][a-z0-9+.-]*:\/\/|https?:|\/|\.\/|\.\.\/|~\/)/.test(v) &&
    !hasAlphabetRun(v) &&
    !/example/i.test(v) &&
    !/^\^.*\$$|\(\?[=!:]/.test(v) &&
    /[\d!#$%&*+,.;<>?@^_|~]/.test(v) &&
    shannonEntropy(v) >= 2.5
  );
}

/** Does the base64 value decode to text matching `re`? (atob: browser and Node alike.) */
export function decodesTo(v: string, re: RegExp): boolean {
  try {
    return re.test(atob(v.slice(0, v.length - (v.length % 4))));
  } catch {
    return false;
  }
}
