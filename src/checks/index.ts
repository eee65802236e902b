// The checks' entry point: the syntax service (syntax plus semantic checks
// behind one API) and its Node flavour. Node only (createNodeSyntaxService
// reads grammars from disk): a browser worker imports syntax-service by path.
export { createSyntaxService, type SyntaxServiceOptions } from './syntax-service';
export { createNodeSyntaxService } from './node';
export type { SyntaxWorkerApi } from './worker-api';
