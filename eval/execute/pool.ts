// A fixed number of parallel slots (one per core by default). Each job gets
// a slot number, which picks its sandbox user, so limits counted per user
// (processes) never add up across jobs running side by side.
import { availableParallelism } from 'node:os';

export class SlotPool {
  private readonly free: number[];
  private readonly waiting: ((slot: number) => void)[] = [];

  constructor(readonly size: number = availableParallelism()) {
    this.free = Array.from({ length: Math.max(1, size) }, (_, i) => i);
  }

  async run<T>(job: (slot: number) => Promise<T>): Promise<T> {
    const slot = this.free.pop() ?? (await new Promise<number>((r) => this.waiting.push(r)));
    try {
      return await job(slot);
    } finally {
      const next = this.waiting.shift();
      if (next) next(slot);
      else this.free.push(slot);
    }
  }
}

/** Map with at most `concurrency` in flight, results in input order. */
export async function mapLimit<T, R>(items: readonly T[], concurrency: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, concurrency), items.length) }, worker));
  return out;
}
