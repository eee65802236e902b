import { describe, expect, it } from 'vitest';
import { row } from '../../testing/eval/rows';
import { calibrate, routerConfigJson } from './calibrate';

// A constructed case whose optimum is known. Every completion is valid and
// the large model is always right. Confidence (one token each):
//   python: 4 right at 0.50, 5 wrong at 0.20
//   java:   4 right at 0.97, 3 wrong at 0.92
// No single threshold separates both languages: python needs t in (0.2, 0.5],
// java needs t in (0.92, 0.97].
const rows = [
  ...Array.from({ length: 4 }, (_, i) => row(`py-right-${i}`, 'python', [0.5], true, true, true)),
  ...Array.from({ length: 5 }, (_, i) => row(`py-wrong-${i}`, 'python', [0.2], true, false, true)),
  ...Array.from({ length: 4 }, (_, i) => row(`java-right-${i}`, 'java', [0.97], true, true, true)),
  ...Array.from({ length: 3 }, (_, i) => row(`java-wrong-${i}`, 'java', [0.92], true, false, true)),
];
const base = { heldOutFraction: 0 };

describe('calibration on a constructed case with a known optimum', () => {
  it('a 50% budget escalates exactly the 8 wrong ones: pass@1 100%', () => {
    const c = calibrate(rows, { ...base, objective: { kind: 'budget', maxEscalationRate: 0.5 } });
    // Plateau middles on the 0.01 grid: python 0.21..0.50 -> 0.35; java 0.93..0.97 -> 0.95.
    expect(c.chosen.perLanguage).toEqual({ java: 0.95, python: 0.35 });
    expect(c.chosen.fit).toMatchObject({ passed: 16, escalated: 8 });
    expect(c.chosen.feasible).toBe(true);
    expect(c.chosen.aggregation).toBe('mean'); // all aggregations tie on one-token completions; the first wins
  });

  it('a 5/16 budget spends it on python (5 fixes) rather than java (3 fixes)', () => {
    const c = calibrate(rows, { ...base, objective: { kind: 'budget', maxEscalationRate: 5 / 16 } });
    // java keeps everything: its plateau is 0.00..0.92 -> middle 0.46.
    expect(c.chosen.perLanguage).toEqual({ java: 0.46, python: 0.35 });
    expect(c.chosen.fit).toMatchObject({ passed: 13, escalated: 5 });
    // The best single threshold under the same budget: python separated, java all kept.
    expect(c.chosen.threshold).toBeGreaterThan(0.2);
    expect(c.chosen.threshold).toBeLessThanOrEqual(0.5);
  });

  it('a pass@1 floor picks the least escalation that reaches it', () => {
    const c = calibrate(rows, { ...base, objective: { kind: 'floor', minPassAt1: 0.8 } }); // needs 13 of 16
    expect(c.chosen.fit).toMatchObject({ passed: 13, escalated: 5 });
    const all = calibrate(rows, { ...base, objective: { kind: 'floor', minPassAt1: 1 } });
    expect(all.chosen.fit).toMatchObject({ passed: 16, escalated: 8 });
  });

  it('says when the objective cannot be met, and writes the router block the IDE loads', () => {
    const worse = rows.map((r) => ({ ...r, largePass: false }));
    const c = calibrate(worse, { ...base, objective: { kind: 'floor', minPassAt1: 0.9 } });
    expect(c.chosen.feasible).toBe(false);
    const json = routerConfigJson(calibrate(rows, { ...base, objective: { kind: 'budget', maxEscalationRate: 0.5 } }));
    expect(json).toEqual({
      router: {
        policy: 'syntax+confidence',
        aggregation: 'mean',
        threshold: expect.any(Number),
        perLanguage: { java: 0.95, python: 0.35 },
      },
    });
  });

  it('scores the choice on a held-out split', () => {
    const many = Array.from({ length: 20 }, (_, k) => rows.map((r) => ({ ...r, key: `${r.key}-${k}`, group: `${r.key}-${k}` }))).flat();
    const c = calibrate(many, { objective: { kind: 'budget', maxEscalationRate: 0.5 }, heldOutFraction: 0.3, seed: 's' });
    expect(c.split.fit + c.split.heldOut).toBe(many.length);
    expect(c.heldOut?.passAt1).toBe(1);
    // The held-out mix of right and wrong differs by chance: the escalation rate is near, not at, the budget.
    expect(Math.abs(c.heldOut!.escalationRate - 0.5)).toBeLessThan(0.1);
    expect(c.heldOutMeets).toBe(c.heldOut!.escalationRate <= 0.5);
  });
});
