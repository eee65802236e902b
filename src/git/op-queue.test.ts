import { describe, expect, it } from 'vitest';
import { OpQueue } from './op-queue';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('OpQueue', () => {
  it('runs operations one at a time, in the order asked, a failure not stopping the next', async () => {
    const q = new OpQueue();
    const log: string[] = [];
    const op =
      (name: string, ms: number, fail = false) =>
      async () => {
        log.push(`start ${name}`);
        await tick(ms);
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };
    const results = await Promise.allSettled([q.run(op('a', 30)), q.run(op('b', 5, true)), q.run(op('c', 1))]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
