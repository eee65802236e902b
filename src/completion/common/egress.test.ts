import { describe, expect, it } from 'vitest';
import { egressOf } from './egress';

describe('egressOf', () => {
  it('an escalated result was delivered, with the bytes sent', () => {
    expect(egressOf({ route: 'escalated', bytesSent: 120 })).toEqual({ state: 'delivered', bytes: 120 });
  });

  it('a result kept local or blocked sent nothing, whatever a stale byte count says', () => {
    for (const route of ['local', 'blocked'] as const) expect(egressOf({ route, bytesSent: 99 })).toEqual({ state: 'none', bytes: 0 });
  });

  it('a failed escalation is what the client knew of it, and unknown where it did not say', () => {
    expect(egressOf({ route: 'failed', bytesSent: 0 })).toEqual({ state: 'none', bytes: 0 });
    expect(egressOf({ route: 'failed', bytesSent: 50, escalation: { delivery: 'not-delivered' } as never })).toEqual({
      state: 'not-delivered',
      bytes: 50,
    });
    // Over-reporting is safe, under-reporting is not: no word from the client is "may have reached the server".
    expect(egressOf({ route: 'failed', bytesSent: 50 })).toEqual({ state: 'unknown', bytes: 50 });
  });
});
