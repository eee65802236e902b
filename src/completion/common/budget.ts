// Device-aware budgets: how many prompt tokens to window and how many tokens
// to generate, chosen from the model's measured speed on this device so a
// suggestion arrives within the latency target. A 1.5B model on a laptop GPU
// and the same model on single-threaded WASM differ by two orders of
// magnitude: one fixed budget is either too small for one or unusable on the
// other.
//
// The cost of a request is (prompt tokens computed) x (ms a prompt token) +
// (tokens generated) x (ms a generated token). With the KV cache reused
// across keystrokes, a request computes about the suffix's share of the
// window plus what was typed since the last one, so the window can be
// several times larger than what the target would allow to read afresh.
// With the cursor's line in the middle (prompt.ts) a request on a line
// computes a token or two, and the middle keeps its start over the next few
// lines; but a pause once the middle has grown past its limit still waits
// for the suffix: that pause, after Enter every few lines, is the case the
// window is sized for.
import { DEFAULT_PREFIX_SHARE } from '../../prompt/context-window';
import type { GenerationStats, InferenceDevice, ModelSpeed } from '../../vocabulary/types';
import type { LocalModelConfig } from '../../vocabulary/config';

interface BudgetLimits {
  /** Target from the pause to ghost text, ms; 0 or less: the configured limits as they are. */
  targetMs: number;
  maxPromptTokens: number;
  maxNewTokens: number;
  contextWindow: number;
  /** Whether the KV cache is reused across requests (then only part of the window is computed). */
  reuse: boolean;
}

export interface Budgets {
  promptBudget: number;
  maxNewTokens: number;
}

/** Budgets move in these steps, so a small change in measured speed does not move the window (and lose the cache). */
const BUDGET_STEP = 128;
const MIN_PROMPT_BUDGET = 256;
const MIN_NEW_TOKENS = 16;
/** Tokens computed on every request besides the suffix: what was typed, the FIM markers. */
const PER_REQUEST_TOKENS = 16;

/** The limits a model's settings give on the device it runs on (a CPU run, or none yet, counts as WASM). */
export function budgetLimits(m: LocalModelConfig, device: InferenceDevice | undefined): BudgetLimits {
  return {
    targetMs: m.latencyTargetMs?.[device === 'webgpu' ? 'webgpu' : 'wasm'] ?? 0,
    maxPromptTokens: m.maxPromptTokens,
    maxNewTokens: m.maxNewTokens,
    contextWindow: m.contextWindow,
    reuse: m.reuseCache !== false,
  };
}

/** The configured limits, as used when nothing is measured yet or the target is off. */
export function fixedBudgets(l: BudgetLimits): Budgets {
  // Room for the FIM markers besides the generated tokens.
  return { promptBudget: Math.max(64, Math.min(l.maxPromptTokens, l.contextWindow - l.maxNewTokens - 16)), maxNewTokens: l.maxNewTokens };
}

export function chooseBudgets(speed: ModelSpeed | undefined, l: BudgetLimits): Budgets {
  const fixed = fixedBudgets(l);
  if (!speed || !(l.targetMs > 0) || !(speed.prefillMsPerToken > 0) || !(speed.decodeMsPerToken > 0)) return fixed;
  // At most half the target for decoding; the rest for the prompt.
  const maxNewTokens = Math.max(
    Math.min(MIN_NEW_TOKENS, fixed.maxNewTokens),
    Math.min(fixed.maxNewTokens, Math.floor(l.targetMs / 2 / speed.decodeMsPerToken)),
  );
  const forPrompt = Math.max(l.targetMs / 4, l.targetMs - maxNewTokens * speed.decodeMsPerToken);
  const computable = forPrompt / speed.prefillMsPerToken - PER_REQUEST_TOKENS;
  const share = l.reuse ? 1 - DEFAULT_PREFIX_SHARE : 1;
  const window = Math.floor(computable / share / BUDGET_STEP) * BUDGET_STEP;
  return { promptBudget: Math.max(Math.min(MIN_PROMPT_BUDGET, fixed.promptBudget), Math.min(fixed.promptBudget, window)), maxNewTokens };
}

/**
 * Budgets change only on a clear difference (two steps of the window, a
 * quarter of the new tokens): each change of the window's size moves its
 * start, and the next request reads the whole window again.
 */
export function settleBudgets(current: Budgets | undefined, next: Budgets): Budgets {
  if (!current) return next;
  const windowMoved = Math.abs(next.promptBudget - current.promptBudget) >= 2 * BUDGET_STEP;
  const tokensMoved = Math.abs(next.maxNewTokens - current.maxNewTokens) > current.maxNewTokens / 4;
  return {
    promptBudget: windowMoved ? next.promptBudget : current.promptBudget,
    maxNewTokens: tokensMoved ? next.maxNewTokens : current.maxNewTokens,
  };
}

/**
 * The model's speed, from a measurement after loading and then from every
 * completion's own timings (an exponential moving average, so a busy minute
 * shifts it and one outlier does not).
 */
export class SpeedTracker {
  private current: ModelSpeed | undefined;
  constructor(private readonly weight = 0.3) {}

  get speed(): ModelSpeed | undefined {
    return this.current;
  }

  reset(speed?: ModelSpeed): void {
    this.current = speed;
  }

  /** Folds in one generation's timings; ignores the parts too short to say anything. */
  observe(stats: GenerationStats | undefined): void {
    if (!stats) return;
    const computed = stats.promptTokens - stats.reusedTokens;
    const prefill = computed >= 32 ? stats.prefillMs / computed : undefined;
    const decode = stats.newTokens >= 3 ? stats.decodeMs / (stats.newTokens - 1) : undefined;
    const prev = this.current;
    const mix = (old: number | undefined, x: number | undefined) =>
      x === undefined ? old : old === undefined ? x : old + this.weight * (x - old);
    const p = mix(prev?.prefillMsPerToken, prefill);
    const d = mix(prev?.decodeMsPerToken, decode);
    if (p !== undefined && d !== undefined) this.current = { prefillMsPerToken: p, decodeMsPerToken: d };
  }
}
