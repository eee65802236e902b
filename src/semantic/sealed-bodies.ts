// A function body is sealed when nothing outside it can learn from it: its
// return type is written out (or it returns nothing), and TypeScript's flow
// analysis never crosses a function's boundary. Such a body, away from the
// completion, cannot change a diagnostic at the completion; yet the compiler
// binds it for every new text, and checks it in full whenever the region
// reads the function (its deferred check). So the types check hands the
// compiler the text with those bodies blanked: the same length, the same
// line breaks, every diagnostic where it was. Both hosts (the Node compiler
// host and the browser's TypeScript worker) do it, each with its own copy of
// the compiler.
//
// TypeScript only: in JavaScript a body is never sealed (an unannotated
// return, `this.x = ...` declaring a member, `arguments` making a function
// variadic).
import type TS from 'typescript';
import { textChangeRange } from './text-change';

/** Whether `body` can say what its function returns: a value returned, a yield, a throw or a loop that never ends (`never`). */
function mayShapeReturn(ts: typeof TS, body: TS.Block): boolean {
  let found = false;
  const visit = (n: TS.Node): void => {
    if (found || ts.isFunctionLike(n) || ts.isClassLike(n)) return;
    if ((ts.isReturnStatement(n) && n.expression) || ts.isYieldExpression(n) || ts.isThrowStatement(n) || endless(ts, n)) {
      found = true;
      return;
    }
    n.forEachChild(visit);
  };
  body.forEachChild(visit);
  return found;
}

/** `while (true)`, `do ... while (true)`, `for (;;)`: a function ending in one returns `never`. */
function endless(ts: typeof TS, n: TS.Node): boolean {
  if (ts.isForStatement(n)) return n.condition === undefined || n.condition.kind === ts.SyntaxKind.TrueKeyword;
  return (ts.isWhileStatement(n) || ts.isDoStatement(n)) && n.expression.kind === ts.SyntaxKind.TrueKeyword;
}

/** The block body of `n` when the type of `n` does not depend on it. */
function sealedBody(ts: typeof TS, n: TS.Node): TS.Block | undefined {
  if (ts.isConstructorDeclaration(n) || ts.isSetAccessorDeclaration(n)) return n.body;
  if (
    !ts.isFunctionDeclaration(n) &&
    !ts.isFunctionExpression(n) &&
    !ts.isArrowFunction(n) &&
    !ts.isMethodDeclaration(n) &&
    !ts.isGetAccessorDeclaration(n)
  )
    return undefined;
  const body = n.body;
  if (!body || !ts.isBlock(body)) return undefined;
  if (n.type) return body;
  return ts.isGetAccessorDeclaration(n) || mayShapeReturn(ts, body) ? undefined : body;
}

/**
 * The spans, inside the braces, of the sealed bodies of `file` whose functions do not meet [start, end]: a completion
 * in a function's signature is checked with its body (a constructor's `super` call, a value returned).
 */
function sealedSpans(ts: typeof TS, file: TS.SourceFile, start: number, end: number): [number, number][] {
  const spans: [number, number][] = [];
  const visit = (n: TS.Node): void => {
    const body = (n.end < start || n.pos > end) && sealedBody(ts, n);
    if (body) {
      spans.push([body.getStart(file) + 1, body.end - 1]);
      return;
    }
    n.forEachChild(visit);
  };
  file.forEachChild(visit);
  return spans;
}

/** `text` with [from, to) of each span turned to spaces, line breaks kept (the compiler's positions and lines stay). */
function blank(text: string, spans: readonly [number, number][]): string {
  if (!spans.length) return text;
  let out = '';
  let at = 0;
  for (const [from, to] of spans) {
    out += text.slice(at, from) + text.slice(from, to).replace(/[^\n\r\u2028\u2029]/g, ' ');
    at = to;
  }
  return out + text.slice(at);
}

/**
 * The texts a host hands its compiler: each checked file name's last parse
 * is kept, so the next text (the next keystroke, the baseline) is parsed
 * incrementally from it, as the compiler's own program does.
 */
export class SealedBodies {
  private readonly parsed = new Map<string, TS.SourceFile>();

  constructor(private readonly ts: typeof TS) {}

  /** `text` of the file `name` with its sealed bodies away from [start, end] blanked; JavaScript as it is. */
  blank(name: string, text: string, start: number, end: number): string {
    const ts = this.ts;
    if (!/\.[cm]?tsx?$/.test(name)) return text;
    const had = this.parsed.get(name);
    const file =
      had?.text === text
        ? had
        : had
          ? ts.updateSourceFile(had, text, textChangeRange(had.text, text))
          : ts.createSourceFile(name, text, ts.ScriptTarget.Latest, false, name.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    this.parsed.set(name, file);
    return blank(text, sealedSpans(ts, file, start, end));
  }
}
