import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Ledger } from './ledger';

describe('ledger', () => {
  it('records an entry at send time, settles it, hashes the exact payload, and exports JSON', async () => {
    const changes: number[] = [];
    const l = new Ledger([], (e) => changes.push(e.length));
    const body = '{"model":"m","prompt":"<|fim_prefix|>x"}';
    const settle = l.record({ destination: 'gpu:8000', protocol: 'openai-completions', bytes: body.length, file: 'a.py', reason: 'syntax', body });
    expect(l.all()[0]).toMatchObject({ outcome: 'pending', bytes: body.length });
    settle('ok');
    await new Promise((r) => setTimeout(r, 20));
    expect(l.all()[0].outcome).toBe('ok');
    expect(l.all()[0].sha256).toBe(createHash('sha256').update(body).digest('hex'));
    const exported = JSON.parse(l.exportJson());
    expect(exported).toMatchObject({ requests: 1, bytes: body.length });
    expect(JSON.stringify(exported)).not.toContain('prompt');
    expect(changes.length).toBeGreaterThanOrEqual(3);
  });

  it('keeps a failed request as an error with the reason', () => {
    const l = new Ledger();
    l.record({ destination: 'gpu:8000', protocol: 'openai-completions', bytes: 10, file: 'a.py', reason: 'confidence' })('error', 'HTTP 500');
    expect(l.all()[0]).toMatchObject({ outcome: 'error', detail: 'HTTP 500' });
    expect(l.totalBytes()).toBe(10);
  });

  it('tells bytes that never reached the server from bytes sent, in the totals and the export', () => {
    const l = new Ledger();
    l.record({ destination: 'gpu:8000', protocol: 'openai-completions', bytes: 10, file: 'a.py', reason: 'syntax' })('ok');
    l.record({ destination: 'gpu:8000', protocol: 'openai-completions', bytes: 240, file: 'a.py', reason: 'syntax' })('error', 'Cannot reach gpu:8000', false);
    expect(l.all()[1]).toMatchObject({ outcome: 'error', delivered: false });
    expect(l.all()[0].delivered).toBeUndefined();
    expect(l.totalBytes()).toBe(10);
    expect(l.notDeliveredBytes()).toBe(240);
    expect(JSON.parse(l.exportJson())).toMatchObject({ requests: 2, bytes: 10, notDeliveredBytes: 240 });
  });
});
