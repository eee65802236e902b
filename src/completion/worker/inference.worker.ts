// Thin host: runs the local model off the main thread and exposes it over
// comlink, for one page. The logic is src/completion/worker/inference-service.ts;
// inference-host.ts plugs the browser in and adds the fault injection the
// recovery tests use. The origin's shared model: inference-shared.worker.ts.
import * as Comlink from 'comlink';
import type { InferenceWorkerApi } from './worker-api';
import { TEST_SEAMS } from '../../platform/test-seams';
import { createInferenceService, injectFault } from './inference-host';

const service = createInferenceService();

const api: InferenceWorkerApi = {
  load: (req, onProgress) => service.load(req, onProgress),
  complete: (id, req) => service.complete(id, req),
  prefill: (id, req) => service.prefill(id, req),
  cancel: (id) => service.cancel(id),
  watch: (onProgress) => {
    service.watch(onProgress);
  },
  suits: (device) => service.suits(device),

  // Fault injection: not in a production build (the recovery tests run on a test build).
  ...(TEST_SEAMS && { debug: injectFault }),
};

Comlink.expose(api);
