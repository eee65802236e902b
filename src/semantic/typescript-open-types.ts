// "Property does not exist" is only true of a type known whole. A class or
// interface that extends a type the check could not resolve (a package's,
// `any` to a check that reads no package; one in a file past the import
// budget) has that base's members too, which the compiler does not list:
// it drops the unresolved base and reports every member the base would have
// brought. And a union's missing property that one of its members has is a
// narrowing the check's options do not make. Such diagnostics are dropped
// here, by both hosts, over their own copy of the compiler (after
// typescript-region.ts's region diagnostics), with those of a member every
// object has at run time though the lib files do not list it, and those of
// a CommonJS file's `module` and `exports`, which the compiler types
// without Node's members; and those of a JavaScript class that hands its
// `this` to a call, which may give it any member. Dropped too: any
// diagnostic about a type made from an unknown, `keyof` of an `any`
// (`keyof typeof CONFIG`, CONFIG from an unresolved import), which is every
// key there can be, `string | number | symbol`, that no index or string
// parameter takes; the real object's keys would be strings.
import type TS from 'typescript';

/** "Property 'x' does not exist on type 'T'", with and without a suggestion. */
const MISSING_PROPERTY = new Set([2339, 2551]);

/** Whether `type`, or a type it is made of or derives from, has a base the compiler could not resolve. */
function hasUnresolvedBase(ts: typeof TS, checker: TS.TypeChecker, type: TS.Type, seen = new Set<TS.Type>()): boolean {
  if (seen.has(type)) return false;
  seen.add(type);
  if (type.isUnionOrIntersection()) return type.types.some((t) => hasUnresolvedBase(ts, checker, t, seen));
  const symbol = type.getSymbol();
  for (const declaration of symbol?.declarations ?? []) {
    if (!ts.isClassLike(declaration) && !ts.isInterfaceDeclaration(declaration)) continue;
    for (const clause of declaration.heritageClauses ?? []) {
      if (clause.token !== ts.SyntaxKind.ExtendsKeyword) continue;
      for (const base of clause.types) {
        const baseType = checker.getTypeAtLocation(base);
        if (baseType.flags & ts.TypeFlags.Any || hasUnresolvedBase(ts, checker, baseType, seen)) return true;
      }
    }
  }
  return false;
}

/**
 * Whether a member of the union `type` has the property: without strict null
 * checks (the check's options) the compiler does not narrow a union by a
 * boolean field (`if (!r.ok) return r.error`), so the property a narrowed
 * value has is missing from the whole union.
 */
function someMemberHas(checker: TS.TypeChecker, type: TS.Type, name: string): boolean {
  return type.isUnion() && type.types.some((t) => checker.getPropertyOfType(checker.getApparentType(t), name) !== undefined);
}

/**
 * Whether `expression` is a CommonJS file's own `module` or `exports`
 * (`module.exports` too). The compiler, with no Node types, makes `module`
 * an object holding only `exports`, and `exports` the members this file
 * assigns; Node's has `parent`, `id`, `filename`, `children`, `paths`,
 * `loaded`, `require`, and exports may be filled from anywhere
 * (`Object.assign(exports, ...)`): so their members are not judged.
 */
function isCommonJsObject(ts: typeof TS, checker: TS.TypeChecker, file: TS.SourceFile, expression: TS.Expression): boolean {
  if (ts.isIdentifier(expression)) {
    const symbol = checker.getSymbolAtLocation(expression);
    if (symbol && symbol.flags & ts.SymbolFlags.ModuleExports) return true;
  }
  return checker.getTypeAtLocation(expression).getSymbol()?.valueDeclaration === file;
}

/**
 * Whether a JavaScript class or constructor function behind `type` hands its
 * `this` to a call (`define(this, 'body', body)`, `Object.assign(this,
 * options)`): the callee may give it any member, where the compiler knows
 * only the members the class assigns as `this.x = ...`.
 */
function thisEscapes(ts: typeof TS, type: TS.Type): boolean {
  for (const declaration of type.getSymbol()?.declarations ?? []) {
    const javascript = /\.[cm]?jsx?$/.test(declaration.getSourceFile().fileName);
    if (!javascript || !(ts.isClassLike(declaration) || ts.isFunctionLike(declaration))) continue;
    let escapes = false;
    const visit = (n: TS.Node): void => {
      if (escapes) return;
      // A nested function or class has its own `this` (an arrow function shares it).
      if (n !== declaration && (ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isClassLike(n))) return;
      if (ts.isCallExpression(n) && n.arguments.some((a) => a.kind === ts.SyntaxKind.ThisKeyword)) escapes = true;
      else n.forEachChild(visit);
    };
    // A class's methods are functions too, but their `this` is the instance.
    if (ts.isClassLike(declaration)) for (const member of declaration.members) member.forEachChild(visit);
    else declaration.forEachChild(visit);
    if (escapes) return true;
  }
  return false;
}

/** The global object's names in the lib files. */
const GLOBAL_OBJECTS = new Set(['window', 'self', 'globalThis']);

/**
 * Whether `expression` is the global object (`window`, `self`,
 * `globalThis`, as the lib declares them, not a local of that name): a
 * browser script stores its own globals on it (`window.app = ...`, read by
 * another script), and a global augmentation in a file the check does not
 * read (`declare global { interface Window { ... } }`) adds to its type, so
 * its members are not judged.
 */
function isGlobalObject(ts: typeof TS, checker: TS.TypeChecker, expression: TS.Expression): boolean {
  if (!ts.isIdentifier(expression) || !GLOBAL_OBJECTS.has(expression.text)) return false;
  const symbol = checker.getSymbolAtLocation(expression);
  // Some: a JavaScript file's own assignments to it (`window.a.b = 1`) are declarations of it too.
  return symbol?.declarations?.some((d) => d.getSourceFile().hasNoDefaultLib) ?? false;
}

/**
 * Whether `type` is `keyof any` (or a union over it): string, number and
 * symbol, with no alias naming them (`PropertyKey` is such an alias, written
 * on purpose, and judged).
 */
function isKeyOfAny(ts: typeof TS, type: TS.Type): boolean {
  if (!type.isUnion() || type.aliasSymbol) return false;
  const has = (flag: TS.TypeFlags) => type.types.some((t) => t.flags & flag);
  return has(ts.TypeFlags.String) && has(ts.TypeFlags.Number) && has(ts.TypeFlags.ESSymbol);
}

/** Whether the diagnostic is about a value typed `keyof any`: the node it names, or the object whose member it names. */
function aboutKeyOfAny(ts: typeof TS, checker: TS.TypeChecker, file: TS.SourceFile, d: TS.Diagnostic): boolean {
  if (d.start === undefined) return false;
  const node = nodeSpanning(file, d.start, d.start + (d.length ?? 0));
  if (!node) return false;
  const subject = node.parent && ts.isPropertyAccessExpression(node.parent) && node.parent.name === node ? node.parent.expression : node;
  return isKeyOfAny(ts, checker.getTypeAtLocation(subject));
}

/** `diagnostics` of `file` without the missing properties of types that are not known whole, nor those about `keyof any`. */
export function withoutOpenTypes(
  ts: typeof TS,
  program: TS.Program,
  file: TS.SourceFile,
  diagnostics: readonly TS.Diagnostic[],
): readonly TS.Diagnostic[] {
  if (!diagnostics.length) return diagnostics;
  const checker = program.getTypeChecker();
  return diagnostics.filter((d) => {
    if (aboutKeyOfAny(ts, checker, file, d)) return false;
    if (!MISSING_PROPERTY.has(d.code) || d.start === undefined) return true;
    const name = nameAt(ts, file, d.start);
    const access = name?.parent;
    if (!access || !ts.isPropertyAccessExpression(access) || access.name !== name) return true;
    // Every object has Object.prototype's members at run time, those the lib files leave out (`__proto__`,
    // `__defineGetter__` ...) too.
    if (Object.hasOwn(Object.prototype, access.name.text)) return false;
    if (isCommonJsObject(ts, checker, file, access.expression)) return false;
    if (isGlobalObject(ts, checker, access.expression)) return false;
    const type = checker.getTypeAtLocation(access.expression);
    return !hasUnresolvedBase(ts, checker, type) && !someMemberHas(checker, type, access.name.text) && !thisEscapes(ts, type);
  });
}

/** The innermost node that spans exactly [start, end] (its text, trivia left out). */
function nodeSpanning(file: TS.SourceFile, start: number, end: number): TS.Node | undefined {
  let node: TS.Node = file;
  let found: TS.Node | undefined;
  for (;;) {
    const child: TS.Node | undefined = node.forEachChild((c) => (c.pos <= start && end <= c.end ? c : undefined));
    if (!child) return found;
    if (child.getStart(file) === start && child.end === end) found = child;
    node = child;
  }
}

/** The identifier that starts at `offset`. */
function nameAt(ts: typeof TS, file: TS.SourceFile, offset: number): TS.Node | undefined {
  let node: TS.Node = file;
  for (;;) {
    const child: TS.Node | undefined = node.forEachChild((c) => (c.pos <= offset && offset < c.end ? c : undefined));
    if (!child) return node.getStart(file) === offset && ts.isIdentifier(node) ? node : undefined;
    node = child;
  }
}
