// The origin's one model: a SharedWorker that every tab of the origin
// connects to, so the model is downloaded, compiled and held in memory once
// however many tabs are open. One inference service for all; each tab gets
// its own API over its own port (src/completion/worker/shared-inference.ts: request
// ids, prompt window and KV cache per tab, and no tab replacing the model
// another holds). The page's side, and when it runs a dedicated worker
// instead: src/completion/browser/inference-client.ts.
import * as Comlink from 'comlink';
import { SharedInference } from './shared-inference';
import { TEST_SEAMS } from '../../platform/test-seams';
import { createInferenceService, injectFault, webGpuUnavailableReason } from './inference-host';

const shared = new SharedInference(createInferenceService(), async () => ({
  crossOriginIsolated: self.crossOriginIsolated,
  webGpu: (await webGpuUnavailableReason()) === undefined,
}));

(self as unknown as EventTarget).addEventListener('connect', (event) => {
  const port = (event as MessageEvent).ports[0];
  Comlink.expose(shared.connect(TEST_SEAMS ? { debug: injectFault } : {}), port);
});
