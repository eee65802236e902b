// The shared vocabulary's entry point: the types at the boundaries of the
// engine, the config shapes, the FIM templates and confidence aggregation.
export * from './types';
export * from './config';
export * from './settings';
export * from './fim';
export * from './confidence';
