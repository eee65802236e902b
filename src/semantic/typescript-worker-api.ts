// What the app's TypeScript worker (workers/typescript.worker.ts) answers
// beyond Monaco's own methods.
import type { SemanticFinding } from './types';
import type { LanguageId } from '../vocabulary/types';

export interface WorkerTypeFindings {
  /** The type errors the completion at [start, end) of the model's text introduces (src/semantic/type-diagnostics.ts). */
  findings: SemanticFinding[];
  /** Bringing the program up to the texts' versions (parsing the changed file), summed over the texts checked. */
  programMs: number;
  /** Checking the regions around the completion. */
  checkMs: number;
  /** Whether the text without the completion was checked too (a diagnostic met the completion). */
  baseline: boolean;
}

export interface CheckingWorker {
  typeFindings(fileName: string, language: LanguageId, start: number, end: number): Promise<WorkerTypeFindings>;
}
