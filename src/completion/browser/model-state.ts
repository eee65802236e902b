// The local model as the page knows it, kept by the completion feature in
// stores of its own (completion-feature.ts) and shown by the app
// (src/app/ModelStatus.tsx): loading (each file's download), ready (what
// loaded, with the count of tabs on a shared model) or failed; and the
// model's measured speed with the budgets chosen from it.
import type { Budgets } from '../common/budget';
import type { ModelSpeed } from '../../vocabulary/types';
import type { DownloadProgress, InferenceLoadResult } from '../worker/worker-api';

export type ModelState =
  | { status: 'loading'; model: string; files: Record<string, DownloadProgress> }
  | { status: 'ready'; info: InferenceLoadResult }
  | { status: 'error'; model: string; message: string };

/** The model's measured speed and the budgets chosen from it (CompletionEngine.onSpeed). */
export interface ModelPerf {
  speed?: ModelSpeed;
  budgets: Budgets;
}

/** The model's info with the latest count of tabs on the shared model (a dedicated worker's info is left as it is). */
export const withTabs = (info: InferenceLoadResult, tabs: number | undefined): InferenceLoadResult =>
  info.shared && tabs !== undefined ? { ...info, shared: { ...info.shared, tabs } } : info;
