// The judge: one candidate middle for one task -> a Verdict, the way the
// task's benchmark defines it, run in a parallel slot. Never throws for a
// task's sake: whatever goes wrong is that task's verdict, and the run goes on.
import { availableParallelism } from 'node:os';
import type { Task } from '../data/types';
import { judgeApiMatch } from './api-match';
import { DEFAULT_CACHE_DIR } from './compile-cache';
import { judgeHumanEval } from './humaneval-judge';
import { SlotPool } from './pool';
import { judgeStdio } from './stdio-judge';
import { resolveToolchain, type Toolchain } from './toolchain';
import type { Verdict } from './verdict';

export interface JudgeOptions {
  /** PATH searched for python3, javac, java, g++ (default: this process's PATH). */
  toolchainPath?: string;
  /** Parallel runs (default: the number of cores). */
  concurrency?: number;
  cacheDir?: string;
  /**
   * SAFIM's evaluate.py credits a middle identical to the ground truth
   * without running it. Off by default: the sanity check must run them.
   */
  exactMatchShortcut?: boolean;
}

export class Judge {
  private readonly pool: SlotPool;
  private chain: Promise<Toolchain> | undefined;

  constructor(private readonly opts: JudgeOptions = {}) {
    this.pool = new SlotPool(opts.concurrency ?? availableParallelism());
  }

  get concurrency(): number {
    return this.pool.size;
  }

  toolchain(): Promise<Toolchain> {
    this.chain ??= resolveToolchain(this.opts.toolchainPath ?? process.env.PATH ?? '');
    return this.chain;
  }

  async judge(task: Task, completion: string): Promise<Verdict> {
    const chain = await this.toolchain();
    if (this.opts.exactMatchShortcut && task.judge.kind === 'stdio' && completion === task.groundTruth) {
      return { pass: true, reason: 'exact_match', detail: 'identical to the ground truth (not run)', ms: 0 };
    }
    return this.pool.run(async (slot) => {
      try {
        switch (task.judge.kind) {
          case 'humaneval':
            return await judgeHumanEval(task, completion, chain, slot);
          case 'stdio':
            return await judgeStdio(task, completion, chain, slot, this.opts.cacheDir ?? DEFAULT_CACHE_DIR);
          case 'match':
            return await judgeApiMatch(task, completion, chain, slot);
        }
      } catch (e) {
        return { pass: false, reason: 'harness_error', detail: (e as Error).message, ms: 0 };
      }
    });
  }
}
