// A deterministic held-out split by problem group (all spans of one HumanEval
// problem land on the same side, so the held-out score is not flattered by
// near-duplicates), from a hash of the group and a seed.
import { createHash } from 'node:crypto';
import type { SimRow } from './rows';

function inHeldOut(group: string, fraction: number, seed: string): boolean {
  const h = createHash('sha256').update(`${seed}\0${group}`).digest();
  return h.readUInt32BE(0) / 2 ** 32 < fraction;
}

export function splitRows(rows: readonly SimRow[], heldOutFraction: number, seed = 'router-ide'): { fit: SimRow[]; heldOut: SimRow[] } {
  const fit: SimRow[] = [];
  const heldOut: SimRow[] = [];
  for (const r of rows) (inHeldOut(r.group, heldOutFraction, seed) ? heldOut : fit).push(r);
  return { fit, heldOut };
}
