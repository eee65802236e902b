import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../privacy/ledger';
import { DELIVERY_MEANING } from './delivery';
import { deliveryDescription, entryTime, resultOf } from './ledger-view';

const entry = (e: Partial<LedgerEntry>): LedgerEntry => ({
  at: '2025-03-01T14:05:09.123Z',
  destination: 'http://gpu-box:8000/v1/completions',
  protocol: 'openai-completions',
  bytes: 512,
  file: 'src/app.py',
  reason: 'low confidence',
  outcome: 'pending',
  ...e,
});

describe('ledger rows', () => {
  it('a pending or ok request says so; a failure says where its body is', () => {
    expect(resultOf(entry({}))).toEqual({ text: 'pending', className: 'result-pending' });
    expect(resultOf(entry({ outcome: 'ok', delivery: 'delivered' }))).toEqual({ text: 'ok', className: 'result-ok' });
    expect(resultOf(entry({ outcome: 'error', delivery: 'delivered' }))).toEqual({ text: 'error', className: 'result-error' });
    expect(resultOf(entry({ outcome: 'error', delivery: 'not-delivered' }))).toEqual({
      text: 'not delivered',
      className: 'result-not-delivered',
    });
    // An error with no state may have reached the server.
    expect(resultOf(entry({ outcome: 'error' }))).toEqual({ text: 'delivery unknown', className: 'result-error' });
  });
  it('the delivery state is described once known', () => {
    expect(deliveryDescription(entry({}))).toBeUndefined();
    expect(deliveryDescription(entry({ outcome: 'ok', delivery: 'delivered' }))).toBe(`delivered: ${DELIVERY_MEANING.delivered}`);
  });
  it('the row shows the time of day', () => {
    expect(entryTime(entry({}))).toBe('14:05:09');
  });
});
