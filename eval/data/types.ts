// One benchmark task in the harness's own shape, whatever file it came from.
// Loaders (humaneval.ts, safim.ts) turn each public format into this; the
// judge, the runner and the analysis only ever see this type.

export type BenchmarkName = 'humaneval' | 'safim';

/** HumanEval-Infilling: single-line, multi-line, random-span, random-span-light. SAFIM: block, control, api. */
export type Subset = 'single-line' | 'multi-line' | 'random-span' | 'random-span-light' | 'block' | 'control' | 'api';

/** A stdin/stdout case; any of `outputs` is accepted (SAFIM's `output` list). */
export interface StdioCase {
  input: string;
  outputs: string[];
}

/** How a candidate middle is judged, as each benchmark defines it. */
export type JudgeSpec = { kind: 'humaneval'; test: string; entryPoint: string } | { kind: 'stdio'; tests: StdioCase[] } | { kind: 'match' };

export interface Task {
  /** Unique within a run: `<benchmark>/<subset>/<task_id>` (SAFIM's api file reuses block ids). */
  key: string;
  /** The id exactly as in the benchmark file (what JSONL completion files refer to). */
  taskId: string;
  benchmark: BenchmarkName;
  subset: Subset;
  /** Our language ids (the syntax validator's): python, java, cpp. */
  language: string;
  prefix: string;
  suffix: string;
  groundTruth: string;
  judge: JudgeSpec;
  /** Tasks that share a problem (HumanEval/N's many spans): held-out splits keep a group together. */
  group: string;
}

/** A file that is not in the format its loader expects: names the file and line. */
export class BenchmarkFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BenchmarkFormatError';
  }
}
