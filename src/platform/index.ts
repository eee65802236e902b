// The platform's entry point: the small pieces that load in Node and in a
// browser worker alike (percentiles, a message-loop yield, the offline cache
// names). The Vite-only ones (ORT and tree-sitter WASM URLs, the syntax port,
// the service worker) and the Node-only bench folder are imported by path.
export { percentile } from './percentile';
export { messageYield } from './message-yield';
export { CONFIG_PATH, MODELS_PATH, OFFLINE_CACHES } from './offline-caches';
