// Calibration: per-language thresholds for syntax+confidence routing that
// maximise pass@1 under an escalation budget, or minimise escalation at a
// pass@1 floor; the constraint is on the whole request mix, not on each
// language, so a language where the small model is strong can give budget to
// one where it is weak. Exact: per language, each grid threshold is an
// (escalations, passes) pair; a knapsack over total escalations picks one
// threshold per language. Fitted on one split, scored on a held-out one.
import { AGGREGATIONS, type Aggregation, type RoutingPolicy } from '../../src/vocabulary';
import { escalates, evaluatePolicy, type PolicyMetrics, type PolicySpec } from './metrics';
import type { SimRow } from './rows';
import { splitRows } from './split';
import { languagesOf } from './sweep';

export type Objective = { kind: 'budget'; maxEscalationRate: number } | { kind: 'floor'; minPassAt1: number };

export interface CalibrateOptions {
  objective: Objective;
  thresholds?: readonly number[];
  aggregations?: readonly Aggregation[];
  policy?: Extract<RoutingPolicy, 'syntax+confidence' | 'syntax+confidence+semantic' | 'confidence-only'>;
  heldOutFraction?: number;
  seed?: string;
}

export interface Choice {
  aggregation: Aggregation;
  perLanguage: Record<string, number>;
  /** The best single threshold under the same objective: for languages with no entry. */
  threshold: number;
  feasible: boolean;
  fit: PolicyMetrics;
}

export interface Calibration {
  objective: Objective;
  policy: RoutingPolicy;
  chosen: Choice;
  heldOut: PolicyMetrics | null;
  /** Whether the held-out split also meets the objective's constraint. */
  heldOutMeets: boolean | null;
  /** The best of each aggregation, for the report. */
  candidates: Choice[];
  split: { fit: number; heldOut: number; fraction: number; seed: string };
}

const CALIBRATION_THRESHOLDS: readonly number[] = Array.from({ length: 101 }, (_, i) => i / 100);

interface Option {
  threshold: number;
  escalated: number;
  passed: number;
}

/** Per threshold: escalations and passes on these rows; plateaus collapse to their middle threshold. */
function options(rows: readonly SimRow[], policy: RoutingPolicy, aggregation: Aggregation, thresholds: readonly number[]): Option[] {
  const raw = thresholds.map((threshold) => {
    let escalated = 0,
      passed = 0;
    for (const r of rows) {
      const esc = escalates(r, { policy, aggregation, threshold });
      if (esc) escalated++;
      if (esc ? r.largePass : r.localPass) passed++;
    }
    return { threshold, escalated, passed };
  });
  const out: Option[] = [];
  for (let i = 0; i < raw.length;) {
    let j = i;
    while (j + 1 < raw.length && raw[j + 1].escalated === raw[i].escalated && raw[j + 1].passed === raw[i].passed) j++;
    // The middle of a run of equivalent thresholds is the choice least sensitive to new data.
    out.push({ ...raw[i], threshold: raw[Math.floor((i + j) / 2)].threshold });
    i = j + 1;
  }
  return out;
}

/** Pick one option per language: best[e] = most passes with exactly e escalations in total. */
function knapsack(perLang: Option[][]): { best: number[]; pick: (e: number) => Option[] } {
  const n = perLang.reduce((a, o) => a + Math.max(0, ...o.map((x) => x.escalated)), 0);
  let best = new Array<number>(n + 1).fill(-Infinity);
  best[0] = 0;
  const back: Int32Array[] = [];
  for (const opts of perLang) {
    const next = new Array<number>(n + 1).fill(-Infinity);
    const arg = new Int32Array(n + 1).fill(-1);
    for (let e = 0; e <= n; e++) {
      if (best[e] === -Infinity) continue;
      opts.forEach((o, k) => {
        const e2 = e + o.escalated;
        // Strictly better only: ties keep the earlier (lower-threshold) option.
        if (e2 <= n && best[e] + o.passed > next[e2]) {
          next[e2] = best[e] + o.passed;
          arg[e2] = k;
        }
      });
    }
    back.push(arg);
    best = next;
  }
  const pick = (e: number): Option[] => {
    const chosen: Option[] = [];
    for (let l = perLang.length - 1; l >= 0; l--) {
      const o = perLang[l][back[l][e]];
      chosen.unshift(o);
      e -= o.escalated;
    }
    return chosen;
  };
  return { best, pick };
}

/** The total escalation count the objective picks from best[e], or -1 when nothing meets it. */
function chooseTotal(best: number[], n: number, objective: Objective): number {
  const ok = (e: number) => best[e] > -Infinity;
  if (objective.kind === 'budget') {
    const cap = Math.floor(objective.maxEscalationRate * n + 1e-9);
    let at = -1;
    for (let e = 0; e <= Math.min(cap, best.length - 1); e++) if (ok(e) && (at < 0 || best[e] > best[at])) at = e;
    return at;
  }
  const need = Math.ceil(objective.minPassAt1 * n - 1e-9);
  for (let e = 0; e < best.length; e++) if (ok(e) && best[e] >= need) return e;
  return -1;
}

function meets(m: PolicyMetrics, objective: Objective): boolean {
  return objective.kind === 'budget' ? m.escalationRate <= objective.maxEscalationRate + 1e-9 : m.passAt1 >= objective.minPassAt1 - 1e-9;
}

/** Better under the objective: budget -> more passes, then fewer escalations; floor -> the reverse. */
function better(a: PolicyMetrics, b: PolicyMetrics, objective: Objective): boolean {
  return objective.kind === 'budget'
    ? a.passed > b.passed || (a.passed === b.passed && a.escalated < b.escalated)
    : a.escalated < b.escalated || (a.escalated === b.escalated && a.passed > b.passed);
}

/** Fallback for an infeasible objective: budget -> escalate least; floor -> pass most. */
function closest(best: number[], objective: Objective): number {
  let at = -1;
  for (let e = 0; e < best.length; e++) {
    if (best[e] === -Infinity) continue;
    if (at < 0) at = e;
    if (objective.kind === 'floor' && best[e] > best[at]) at = e;
  }
  return at;
}

function fitThresholds(rows: readonly SimRow[], aggregation: Aggregation, o: CalibrateOptions): Choice {
  const policy = o.policy ?? 'syntax+confidence';
  const thresholds = o.thresholds ?? CALIBRATION_THRESHOLDS;
  const langs = languagesOf(rows);
  const perLang = langs.map((l) =>
    options(
      rows.filter((r) => r.language === l),
      policy,
      aggregation,
      thresholds,
    ),
  );
  const { best, pick } = knapsack(perLang);
  let total = chooseTotal(best, rows.length, o.objective);
  const feasible = total >= 0;
  if (!feasible) total = closest(best, o.objective);
  const chosen = pick(total);
  const perLanguage = Object.fromEntries(langs.map((l, i) => [l, chosen[i].threshold]));

  // One threshold for every language under the same objective (the config's fallback).
  // When no threshold meets the objective, fall back as the per-language choice does:
  // budget -> escalate least, floor -> pass most.
  const fallbackBetter = (a: PolicyMetrics, b: PolicyMetrics) =>
    o.objective.kind === 'budget'
      ? a.escalated < b.escalated || (a.escalated === b.escalated && a.passed > b.passed)
      : a.passed > b.passed || (a.passed === b.passed && a.escalated < b.escalated);
  let single: PolicyMetrics | undefined;
  for (const t of thresholds) {
    const m = evaluatePolicy(rows, { policy, aggregation, threshold: t });
    if (!single) {
      single = m;
      continue;
    }
    const mOk = meets(m, o.objective);
    const sOk = meets(single, o.objective);
    if ((mOk && !sOk) || (mOk && sOk && better(m, single, o.objective)) || (!mOk && !sOk && fallbackBetter(m, single))) single = m;
  }
  const threshold = single?.threshold ?? 0.5;
  const spec: PolicySpec = { policy, aggregation, threshold, perLanguage };
  return { aggregation, perLanguage, threshold, feasible, fit: evaluatePolicy(rows, spec) };
}

export function calibrate(rows: readonly SimRow[], o: CalibrateOptions): Calibration {
  const fraction = o.heldOutFraction ?? 0.3;
  const seed = o.seed ?? 'router-ide';
  const { fit, heldOut } = fraction > 0 ? splitRows(rows, fraction, seed) : { fit: [...rows], heldOut: [] };
  const candidates = (o.aggregations ?? AGGREGATIONS).map((a) => fitThresholds(fit, a, o));
  let chosen = candidates[0];
  for (const c of candidates.slice(1)) {
    if ((c.feasible && !chosen.feasible) || (c.feasible === chosen.feasible && better(c.fit, chosen.fit, o.objective))) chosen = c;
  }
  const policy = o.policy ?? 'syntax+confidence';
  const held = heldOut.length
    ? evaluatePolicy(heldOut, { policy, aggregation: chosen.aggregation, threshold: chosen.threshold, perLanguage: chosen.perLanguage })
    : null;
  return {
    objective: o.objective,
    policy,
    chosen,
    heldOut: held,
    heldOutMeets: held ? meets(held, o.objective) : null,
    candidates,
    split: { fit: fit.length, heldOut: heldOut.length, fraction, seed },
  };
}

/** What the IDE's configuration loads (public/config.json or a user override): the `router` block. */
export function routerConfigJson(c: Calibration): {
  router: { policy: RoutingPolicy; aggregation: Aggregation; threshold: number; perLanguage: Record<string, number> };
} {
  return {
    router: { policy: c.policy, aggregation: c.chosen.aggregation, threshold: c.chosen.threshold, perLanguage: c.chosen.perLanguage },
  };
}
