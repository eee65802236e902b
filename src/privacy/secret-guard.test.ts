import { describe, expect, it } from 'vitest';
import { INNOCENT_SAMPLES, SECRET_SAMPLES } from './secret-corpus';
import { findSecrets, guardOutgoing, redactSecrets } from './secret-guard';

describe('secret guard on the corpus', () => {
  const caught = SECRET_SAMPLES.filter((s) => findSecrets(s.text).length > 0);
  const rightKind = SECRET_SAMPLES.filter((s) => findSecrets(s.text).some((f) => f.kind === s.kind));
  const falseAlarms = INNOCENT_SAMPLES.filter((s) => findSecrets(s.text).length > 0);

  it('reports its figures (README)', () => {
    const missed = SECRET_SAMPLES.filter((s) => !caught.includes(s)).map((s) => s.name);
    console.log(`secret guard: caught ${caught.length}/${SECRET_SAMPLES.length} secrets (${rightKind.length} with the expected kind), ` +
      `${falseAlarms.length}/${INNOCENT_SAMPLES.length} false alarms; missed: ${missed.join('; ') || 'none'}; ` +
      `false alarms: ${falseAlarms.map((s) => s.name).join('; ') || 'none'}`);
    expect(caught.length / SECRET_SAMPLES.length).toBeGreaterThanOrEqual(0.95);
    expect(falseAlarms.length / INNOCENT_SAMPLES.length).toBeLessThanOrEqual(0.05);
  });

  it.each(SECRET_SAMPLES.map((s) => [s.name, s] as const))('catches: %s', (_n, s) => {
    expect(findSecrets(s.text).map((f) => f.kind)).toContain(s.kind);
  });

  it.each(INNOCENT_SAMPLES.map((s) => [s.name, s] as const))('lets pass: %s', (_n, s) => {
    expect(findSecrets(s.text)).toEqual([]);
  });
});

describe('redaction', () => {
  it('replaces only the secret value and keeps the code around it', () => {
    const text = 'db = connect(\n  password="Pa55w0rd!2024",\n  host="db")\n';
    const f = findSecrets(text);
    expect(f).toHaveLength(1);
    expect(f[0].line).toBe(2);
    expect(redactSecrets(text, f)).toBe('db = connect(\n  password="REDACTED_PASSWORD_ASSIGNMENT",\n  host="db")\n');
  });

  it('guards both sides of the cursor and reports where', () => {
    const g = guardOutgoing('x = 1\n', 'KEY = "sk_live_abcdefghijklmnopqrstuvwx12"\n', 'redact');
    expect(g.findings.map((f) => [f.where, f.finding.kind])).toEqual([['suffix', 'stripe-key']]);
    expect(g.prefix).toBe('x = 1\n');
    expect(g.suffix).toBe('KEY = "REDACTED_STRIPE_KEY"\n');
    const b = guardOutgoing('x = 1\n', 'KEY = "sk_live_abcdefghijklmnopqrstuvwx12"\n', 'block');
    expect(b.suffix).toContain('sk_live_');
    expect(b.findings).toHaveLength(1);
  });
});
