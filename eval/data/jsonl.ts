// JSON Lines reader for `.jsonl` and `.jsonl.gz` (the public sets ship gzipped).
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { BenchmarkFormatError } from './types';

export interface JsonlRow {
  line: number;
  value: unknown;
}

/** Rows of a JSON Lines file, blank lines skipped; a bad line fails with its number. */
export async function readJsonl(path: string): Promise<JsonlRow[]> {
  let input: NodeJS.ReadableStream = createReadStream(path);
  if (path.endsWith('.gz')) input = input.pipe(createGunzip());
  const rows: JsonlRow[] = [];
  let n = 0;
  try {
    for await (const text of createInterface({ input, crlfDelay: Infinity })) {
      n++;
      if (!text.trim()) continue;
      try {
        rows.push({ line: n, value: JSON.parse(text) });
      } catch (e) {
        throw new BenchmarkFormatError(`${path}:${n}: not JSON (${(e as Error).message}); expected one JSON object per line`);
      }
    }
  } catch (e) {
    if (e instanceof BenchmarkFormatError) throw e;
    // zlib on a file that is not gzip, a missing file, ...
    throw new BenchmarkFormatError(`${path}: cannot read as JSON Lines${path.endsWith('.gz') ? ' (gzip)' : ''}: ${(e as Error).message}`);
  }
  return rows;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
