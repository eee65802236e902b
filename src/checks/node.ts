// The syntax worker's service in Node (the CLI, the harness and tests): the
// same code path as the browser worker, on the Node runtime port.
import { nodeRuntimePort } from '../syntax/node-runtime';
import { createSyntaxService, type SyntaxServiceOptions } from './syntax-service';
import type { SyntaxWorkerApi } from './worker-api';

/** The syntax worker's API in Node (the CLI and tests): the same code path as the browser worker. */
export function createNodeSyntaxService(options?: SyntaxServiceOptions): SyntaxWorkerApi {
  return createSyntaxService(nodeRuntimePort(), options);
}
