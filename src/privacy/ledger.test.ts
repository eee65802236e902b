import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deliveryOfEntry, Ledger, type LedgerEntry } from './ledger';

describe('ledger', () => {
  it('records an entry at send time, settles it, hashes the exact payload, and exports JSON', async () => {
    const changes: number[] = [];
    const l = new Ledger([], (e) => changes.push(e.length));
    const body = '{"model":"m","prompt":"<|fim_prefix|>x"}';
    const settle = l.record({
      destination: 'gpu:8000',
      protocol: 'openai-completions',
      bytes: body.length,
      file: 'a.py',
      reason: 'syntax',
      body,
    });
    expect(l.all()[0]).toMatchObject({ outcome: 'pending', bytes: body.length });
    settle('ok');
    expect(l.all()[0].outcome).toBe('ok');
    // The hash is WebCrypto's, computed off the send path: its entry is updated when it comes, however busy the machine.
    await expect.poll(() => l.all()[0].sha256).toBe(createHash('sha256').update(body).digest('hex'));
    expect(l.all()[0].delivery).toBe('delivered');
    const exported = JSON.parse(l.exportJson());
    expect(exported).toMatchObject({ requests: 1, delivery: { delivered: { requests: 1, bytes: body.length } } });
    expect(JSON.stringify(exported)).not.toContain('prompt');
    expect(changes.length).toBeGreaterThanOrEqual(3);
  });

  it('keeps a failed request as an error with the reason; an error that does not say where the body is is unknown', () => {
    const l = new Ledger();
    l.record({ destination: 'gpu:8000', protocol: 'openai-completions', bytes: 10, file: 'a.py', reason: 'confidence' })(
      'error',
      'HTTP 500',
      'delivered',
    );
    l.record({ destination: 'gpu:8000', protocol: 'openai-completions', bytes: 7, file: 'a.py', reason: 'confidence' })(
      'error',
      'timed out',
    );
    expect(l.all()[0]).toMatchObject({ outcome: 'error', detail: 'HTTP 500', delivery: 'delivered' });
    expect(l.all()[1]).toMatchObject({ outcome: 'error', delivery: 'unknown' });
  });

  it('an entry is pending (and counted as unknown) from fetch() until it settles; ok is always delivered', () => {
    const l = new Ledger();
    const settle = l.record({ destination: 'gpu:8000', protocol: 'openai-completions', bytes: 10, file: 'a.py', reason: 'syntax' });
    expect(l.all()[0].delivery).toBeUndefined();
    expect(deliveryOfEntry(l.all()[0])).toBe('unknown');
    expect(l.totals().unknown).toEqual({ requests: 1, bytes: 10 });
    settle('ok', undefined, 'unknown');
    expect(l.all()[0].delivery).toBe('delivered');
    expect(l.totals()).toEqual({
      delivered: { requests: 1, bytes: 10 },
      'not-delivered': { requests: 0, bytes: 0 },
      unknown: { requests: 0, bytes: 0 },
    });
  });

  it('counts bytes per delivery state, in the totals and the export', () => {
    const l = new Ledger();
    l.record({ destination: 'gpu:8000', protocol: 'openai-completions', bytes: 10, file: 'a.py', reason: 'syntax' })('ok');
    l.record({ destination: 'gpu:8000', protocol: 'openai-completions', bytes: 240, file: 'a.py', reason: 'syntax' })(
      'error',
      'blocked by the CSP',
      'not-delivered',
    );
    l.record({ destination: 'gpu:8000', protocol: 'openai-completions', bytes: 33, file: 'a.py', reason: 'syntax' })(
      'error',
      'Failed to fetch',
      'unknown',
    );
    l.record({ destination: 'gpu:8000', protocol: 'openai-completions', bytes: 5, file: 'a.py', reason: 'syntax' })(
      'error',
      'HTTP 500',
      'delivered',
    );
    expect(l.all().map((e) => e.delivery)).toEqual(['delivered', 'not-delivered', 'unknown', 'delivered']);
    const totals = {
      delivered: { requests: 2, bytes: 15 },
      'not-delivered': { requests: 1, bytes: 240 },
      unknown: { requests: 1, bytes: 33 },
    };
    expect(l.totals()).toEqual(totals);
    const exported = JSON.parse(l.exportJson());
    expect(exported).toMatchObject({ requests: 4, delivery: totals });
    expect(exported.entries.map((e: LedgerEntry) => e.delivery)).toEqual(['delivered', 'not-delivered', 'unknown', 'delivered']);
  });

  it('reads entries stored before the states: delivered: false is not-delivered, an old ok delivered, an old error or pending unknown', () => {
    const base = {
      at: '2026-01-01T00:00:00.000Z',
      destination: 'gpu:8000',
      protocol: 'openai-completions',
      bytes: 10,
      file: 'a.py',
      reason: 'syntax',
    };
    const stored = [
      { ...base, outcome: 'ok' },
      { ...base, outcome: 'error', detail: 'Cannot reach gpu:8000', delivered: false },
      { ...base, outcome: 'error', detail: 'HTTP 500' },
      { ...base, outcome: 'pending' },
      { ...base, outcome: 'error', delivery: 'delivered' },
    ] as (LedgerEntry & { delivered?: boolean })[];
    const l = new Ledger(stored);
    expect(l.all().map((e) => [e.outcome, e.delivery])).toEqual([
      ['ok', 'delivered'],
      ['error', 'not-delivered'],
      ['error', 'unknown'],
      ['pending', 'unknown'],
      ['error', 'delivered'],
    ]);
    expect(l.all().some((e) => 'delivered' in e)).toBe(false);
    expect(new Ledger([{ ...base, outcome: 'ok', delivery: 'bogus' } as unknown as LedgerEntry]).all()[0].delivery).toBe('delivered');
  });

  it("a server's words in an entry are stored without Authorization values or credentials, also in entries stored before", () => {
    const saved: (readonly LedgerEntry[])[] = [];
    const l = new Ledger([], (e) => saved.push(e));
    const settle = l.record({ destination: 'gpu:8000', protocol: 'openai-completions', bytes: 1, file: 'a.py', reason: 'syntax' });
    settle('error', 'gpu:8000 rejected the API key (HTTP 401): Invalid API key: Bearer sk-live-9f8e7d6c5b4a39281706f5e4', 'delivered');
    const stored = JSON.stringify(saved[saved.length - 1]) + l.exportJson();
    expect(stored).not.toContain('9f8e7d6c5b4a');
    expect(stored).toContain('HTTP 401');
    const old = new Ledger([
      {
        at: '2026-01-01T00:00:00.000Z',
        destination: 'gpu:8000',
        protocol: 'openai-completions',
        bytes: 1,
        file: 'a.py',
        reason: 'syntax',
        outcome: 'error',
        detail: 'echo: Authorization: Bearer 9f8e7d6c5b4a39281706f5e4',
      },
    ]);
    expect(old.all()[0].detail).not.toContain('9f8e7d6c5b4a');
  });
});
