// Shared by the endpoint tests (not shipped: nothing in the app imports it).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { EndpointConfig } from '../../src/vocabulary';
import type { EgressRules, EscalationDraft, GateReport } from '../../src/privacy';
import { EndpointError } from '../../src/endpoint';

export const never = new AbortController().signal;
/** The default rules: credentials block, no never-send globs (the tests' texts hold neither). */
const rules: EgressRules = { neverSend: [], secrets: 'block' };
export const req: EscalationDraft = { prefix: 'def add(a, b):\n    return ', suffix: '\n', rules };
/** A report of a gate that changed nothing (for scripted clients). */
export const unchanged: GateReport = { redactions: 0, contextFiles: [], withheld: [] };

export async function failure(p: Promise<unknown>): Promise<EndpointError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(EndpointError);
    return e as EndpointError;
  }
  throw new Error('expected a failure');
}

export function endpoint(url: string, over: Partial<EndpointConfig> = {}): EndpointConfig {
  return { url, model: 'Qwen/Qwen2.5-Coder-32B', family: 'qwen2.5-coder', timeoutMs: 2000, maxTokens: 64, ...over };
}

/** A loopback URL nothing listens on (a port just released): a real "connection refused". */
export async function refusedUrl(path = ''): Promise<string> {
  const srv = http.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return `http://127.0.0.1:${port}${path}`;
}
