// The editor (Monaco glue)'s entry point for the harness: types only. Its
// modules load Monaco, which only the app's bundle can, so no values here.
export type { TypesCheckTiming } from './typescript-worker';
