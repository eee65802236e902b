// The semantic check's entry point: names and types a completion would
// break, per language (JavaScript/TypeScript through the compiler, Python's scopes).
export { checkSemantics, checkersFor, hasSemanticChecker, type SemanticParse } from './check';
export { validatorParse } from './parse';
export type { LanguageChecker, SemanticFinding, SemanticInput, SemanticRequest, SemanticVerdict, WorkspaceFiles } from './types';
export type { TypesCheck, TypesOutcome } from './types-check';
export { createTypescriptTypesChecker } from './typescript-types';
export { javascriptNamesChecker } from './javascript';
export { isPackagePath, type PackageFiles } from './package-types';
export { IMPORT_BUDGET, ImportGraph } from './type-imports';
export { runsInBrowser } from './browser-code';
export { pythonFacts } from './python-analysis';
export type { PythonFacts, Scope } from './python-scope';
export { default as pythonNames } from './python-names.json';
