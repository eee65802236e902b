// Early escalation (beyond the published method): stop local generation as
// soon as it is certain that the router will escalate, and escalate at once.
// Two certainties are cheap to see while decoding:
//  - confidence: even if every remaining token had probability 1, the
//    aggregated confidence could not reach the threshold;
//  - syntax: the partial text closes a bracket with the wrong kind, an error
//    that appending text can never repair.
import { aggregateConfidence } from './confidence';
import type { RouterConfig } from './router';
import type { LanguageId, TokenProb } from './types';

export type EarlyStopKind = 'confidence' | 'syntax' | 'policy';

export interface EarlyStopInput {
  router: RouterConfig;
  language: LanguageId;
  /** The prefix the model sees (possibly windowed). */
  prefix: string;
  maxNewTokens: number;
}

/** Reasons are written `kind: message` so they survive the worker boundary as plain strings. */
export function parseEarlyReason(reason: string): { kind: EarlyStopKind; message: string } {
  const m = /^(confidence|syntax|policy): (.*)$/s.exec(reason);
  return m ? { kind: m[1] as EarlyStopKind, message: m[2] } : { kind: 'policy', message: reason };
}

/** The highest confidence the finished completion could still reach. */
export function confidenceUpperBound(probs: readonly number[], cfg: RouterConfig, maxNewTokens: number): number {
  const remaining = Math.max(0, maxNewTokens - probs.length);
  // Every aggregation is non-decreasing in added certain tokens, so the best case is all of them.
  return aggregateConfidence([...probs, ...Array<number>(remaining).fill(1)].map((prob) => ({ prob })), cfg.aggregation);
}

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const CLOSERS = new Set(Object.values(OPENERS));

interface Lexer {
  lineComment: string[];
  blockComment?: [string, string];
  /** String delimiters, longest first. */
  quotes: string[];
}

// Languages whose bracket structure a small lexer reads reliably. JavaScript
// and TypeScript are left out: a regex literal such as /[(]/ would fool it.
const LEXERS: Record<string, Lexer> = {
  python: { lineComment: ['#'], quotes: ['"""', "'''", '"', "'"] },
  java: { lineComment: ['//'], blockComment: ['/*', '*/'], quotes: ['"""', '"', "'"] },
  cpp: { lineComment: ['//'], blockComment: ['/*', '*/'], quotes: ['"', "'"] },
  csharp: { lineComment: ['//'], blockComment: ['/*', '*/'], quotes: ['"', "'"] },
  go: { lineComment: ['//'], blockComment: ['/*', '*/'], quotes: ['"', '`', "'"] },
  // Rust's ' starts lifetimes too; an unclosed "string" only makes us see less, never more.
  rust: { lineComment: ['//'], blockComment: ['/*', '*/'], quotes: ['"'] },
};

/**
 * The first closing bracket in `added` that cannot match the innermost open
 * bracket left by `before` + what precedes it in `added`. Brackets inside
 * strings and comments are ignored. Returns undefined when none, or when
 * the language is not one we lex.
 */
export function firstUnrepairableBracket(language: LanguageId, before: string, added: string): { closer: string; opener: string } | undefined {
  const lx = LEXERS[language];
  if (!lx) return undefined;
  const text = before + added;
  const stack: string[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = (s: string) => text.startsWith(s, i);
    const lc = lx.lineComment.find(rest);
    if (lc) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl + 1;
      continue;
    }
    if (lx.blockComment && rest(lx.blockComment[0])) {
      const end = text.indexOf(lx.blockComment[1], i + lx.blockComment[0].length);
      i = end < 0 ? text.length : end + lx.blockComment[1].length;
      continue;
    }
    const q = lx.quotes.find(rest);
    if (q) {
      let j = i + q.length;
      let end = -1;
      while (j < text.length) {
        if (text.startsWith(q, j)) {
          end = j + q.length;
          break;
        }
        // A one-line quote cannot span lines (except Go's raw ` strings): resume at the newline.
        if (q.length === 1 && q !== '`' && text[j] === '\n') {
          end = j;
          break;
        }
        j += text[j] === '\\' ? 2 : 1;
      }
      i = end < 0 ? text.length : end;
      continue;
    }
    const c = text[i];
    if (OPENERS[c]) stack.push(c);
    else if (CLOSERS.has(c)) {
      const top = stack.pop();
      // An unmatched closer with nothing open may close what a windowed prefix cut off: not certain.
      if (top && OPENERS[top] !== c && i >= before.length) return { closer: c, opener: top };
    }
    i++;
  }
  return undefined;
}

/** The per-token check for the local generation, or undefined when early escalation cannot apply. */
export function earlyEscalationCheck(input: EarlyStopInput): ((partial: { tokens: readonly TokenProb[]; text: string }) => string | undefined) | undefined {
  const { router } = input;
  if (router.policy === 'always-local') return undefined;
  if (router.policy === 'always-escalate') return () => 'policy: always-escalate sends every request';
  return ({ tokens, text }) => {
    const bound = confidenceUpperBound(tokens.map((t) => t.prob), router, input.maxNewTokens);
    if (bound < router.threshold) {
      return `confidence: ${router.aggregation} confidence can reach at most ${bound.toFixed(3)} < ${router.threshold} after ${tokens.length} token(s)`;
    }
    if (router.policy === 'syntax+confidence') {
      const bad = firstUnrepairableBracket(input.language, input.prefix, text);
      if (bad) return `syntax: "${bad.closer}" closes "${bad.opener}" after ${tokens.length} token(s); no continuation can repair it`;
    }
    return undefined;
  };
}
