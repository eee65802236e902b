// Which part of a file the types check asks the compiler about: the
// statements or class members around the completion, as the language
// service's region diagnostics do for long files (tsserver asks for the
// visible region first). Shared by the Node compiler host and the browser's
// TypeScript worker, each passing its own copy of the compiler.
import type TS from 'typescript';

/**
 * The innermost statements or class members that hold [start, end]: down
 * through the one that holds it while it has a body of statements or
 * members; every one that meets it when several do. Empty: the whole file.
 */
function regionNodes(ts: typeof TS, file: TS.SourceFile, start: number, end: number): TS.Node[] {
  const meets = (n: TS.Node) => n.pos <= end && n.end >= start;
  const inner = (n: TS.Node): readonly TS.Node[] | undefined => {
    if (ts.isClassLike(n)) return n.members;
    if (ts.isModuleDeclaration(n) && n.body && ts.isModuleBlock(n.body)) return n.body.statements;
    if (ts.isBlock(n)) return n.statements;
    if (
      (ts.isFunctionDeclaration(n) ||
        ts.isMethodDeclaration(n) ||
        ts.isConstructorDeclaration(n) ||
        ts.isGetAccessor(n) ||
        ts.isSetAccessor(n)) &&
      n.body
    )
      return n.body.statements;
    return undefined;
  };
  let list: readonly TS.Node[] = file.statements;
  let chosen: TS.Node[] = [];
  for (;;) {
    const hit = list.filter(meets);
    if (hit.length !== 1) return hit.length ? hit : chosen;
    chosen = hit;
    const body = inner(hit[0]);
    // Down only where the completion lies inside the body's statements, not in a signature.
    if (!body || body.length === 0 || start < body[0].pos || end > body[body.length - 1].end) return chosen;
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
