// Which part of a file the types check asks the compiler about: the
// statements or class members around the completion, as the language
// service's region diagnostics do for long files (tsserver asks for the
// visible region first). Shared by the Node compiler host and the browser's
// TypeScript worker, each passing its own copy of the compiler.
import type TS from 'typescript';

/**
 * The statements or members of the innermost block-like node inside `n`
 * (a block, a case clause, a namespace's body, a class's members) whose
 * statements hold [start, end], at any depth: the body of an `if` branch, a
 * loop, a callback, a method. Undefined: none (the span is in an expression
 * or a signature outside any such body).
 */
function innerStatements(ts: typeof TS, n: TS.Node, start: number, end: number): readonly TS.Node[] | undefined {
  const list = ts.isClassLike(n)
    ? n.members
    : ts.isBlock(n) || ts.isModuleBlock(n) || ts.isCaseClause(n) || ts.isDefaultClause(n)
      ? n.statements
      : undefined;
  if (list && list.length > 0 && start >= list[0].pos && end <= list[list.length - 1].end) return list;
  const child = n.forEachChild((c) => (c.pos <= start && end <= c.end ? c : undefined));
  return child && innerStatements(ts, child, start, end);
}

/**
 * The innermost statements or class members that hold [start, end], as the
 * compiler's own region diagnostics choose them (tsserver's, for the visible
 * part of a long file): down through every body of statements that holds
 * the span, whatever holds the body (a function, an `if`, a loop, a
 * callback's arrow); every one that meets it when several do. Empty: the
 * whole file.
 */
function regionNodes(ts: typeof TS, file: TS.SourceFile, start: number, end: number): TS.Node[] {
  const meets = (n: TS.Node) => n.pos <= end && n.end >= start;
  let list: readonly TS.Node[] = file.statements;
  let chosen: TS.Node[] = [];
  for (;;) {
    const hit = list.filter(meets);
    if (hit.length !== 1) return hit.length ? hit : chosen;
    chosen = hit;
    const body = innerStatements(ts, hit[0], start, end);
    // Down only where the completion lies inside a body's statements, not in a signature or a condition.
    if (!body) return chosen;
    list = body;
  }
}

/** A program's semantic diagnostics of `file`, of the region around [start, end] only (or of the whole file). */
export function regionDiagnostics(
  ts: typeof TS,
  program: TS.Program,
  file: TS.SourceFile,
  start: number,
  end: number,
): readonly TS.Diagnostic[] {
  const nodes = regionNodes(ts, file, start, end);
  if (!nodes.length) return program.getSemanticDiagnostics(file);
  // The third parameter (the nodes to check) is the compiler's own, used by region diagnostics; not in its public typings.
  const regional = program.getSemanticDiagnostics as (
    s: TS.SourceFile,
    c?: TS.CancellationToken,
    nodes?: readonly TS.Node[],
  ) => readonly TS.Diagnostic[];
  return regional.call(program, file, undefined, nodes);
}
