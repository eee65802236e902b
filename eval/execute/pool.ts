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
