// What the app's TypeScript worker (workers/typescript.worker.ts) answers
// beyond Monaco's own methods.
import type { SemanticFinding } from './types';
import type { LanguageId } from '../vocabulary/types';
import type { ImportLinks } from './type-imports';
import type { PackageAnswer, PackageProbe } from './package-types';

/** A workspace file the worker holds for the checks that import it, sent once per text. */
export interface HeldFile {
  path: string;
  text: string;
}

export interface WorkerTypeFindings {
  /** The type errors the completion at [start, end) of the model's text introduces (src/semantic/type-diagnostics.ts). */
  findings: SemanticFinding[];
  /** Bringing the program up to the texts' versions (parsing the changed file), summed over the texts checked. */
  programMs: number;
  /** Checking the regions around the completion. */
  checkMs: number;
  /** Whether the text without the completion was checked too (a diagnostic met the completion). */
  baseline: boolean;
  /** Package paths the check's imports asked about that the worker does not know yet (src/semantic/package-types.ts). */
  packageProbes: PackageProbe[];
}

export interface CheckingWorker {
  /** Holds these workspace files' texts (src/semantic/type-imports.ts), each in place of any it held at its path. */
  holdFiles(files: readonly HeldFile[]): Promise<void>;
  /** `imports`: how the checked file's imports resolve, to files the worker holds; absent: every import unresolved. */
  typeFindings(fileName: string, language: LanguageId, start: number, end: number, imports?: ImportLinks): Promise<WorkerTypeFindings>;
  /** Learns what the package source said about some probes, resolves the last check's imports again, and returns its new probes. */
  learnPackages(answer: PackageAnswer): Promise<PackageProbe[]>;
  /** Forgets every package file, folder and absence it learnt (another folder, or none). */
  forgetPackages(): Promise<void>;
}
