// @router-ide/completion-engine: local-first code completion with routing, for
// any web editor. docs/embedding.md describes the API and its conventions.
export { createEngine } from './engine';
export type {
  AppConfig,
  CompleteOptions,
  CompletionInput,
  ConfigLayer,
  Delivery,
  Engine,
  EngineEvents,
  EngineSettings,
  InferenceDevice,
  LedgerEntry,
  LedgerView,
  LoadProgress,
  ModelInfo,
  Provenance,
  RangeEdit,
  Suggestion,
} from './types';
