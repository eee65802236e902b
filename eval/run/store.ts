// JSON Lines storage of a model run, with resume: records already in the
// file are kept and their tasks skipped; a half-written last line (a killed
// run) is ignored and overwritten cleanly.
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { OutputRecord } from './record';

export function readRecords(path: string): OutputRecord[] {
  if (!existsSync(path)) return [];
  const out: OutputRecord[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = JSON.parse(line) as OutputRecord;
      if (typeof r.key === 'string' && typeof r.pass === 'boolean') out.push(r);
    } catch {
      /* a partial line from an interrupted run: that task is redone */
    }
  }
  return out;
}

export class RecordStore {
  readonly done: Map<string, OutputRecord>;

  /** Without a path the records stay in memory (sanity checks, tests). */
  constructor(
    readonly path: string | undefined,
    resume: boolean,
  ) {
    const existing = resume && path ? readRecords(path) : [];
    this.done = new Map(existing.map((r) => [r.key, r]));
    if (path) {
      mkdirSync(dirname(path), { recursive: true });
      // Rewrite only whole records: drops a partial last line before we append.
      writeFileSync(path, existing.map((r) => `${JSON.stringify(r)}\n`).join(''));
    }
  }

  append(r: OutputRecord): void {
    if (this.path) appendFileSync(this.path, `${JSON.stringify(r)}\n`);
    this.done.set(r.key, r);
  }
}
