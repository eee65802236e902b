import { describe, expect, it } from 'vitest';
import { createEscalationClient, createProtocolClient } from './index';
import { endpoint } from '../../testing/endpoint/endpoint-support';

describe('createEscalationClient', () => {
  it('a config without `protocol` is openai-completions (older configs)', () => {
    expect(createEscalationClient(endpoint('http://gpu:8000/v1')).protocol).toBe('openai-completions');
    expect(createProtocolClient(endpoint('http://gpu:8080', { protocol: 'llamacpp-infill' })).protocol).toBe('llamacpp-infill');
    expect(createProtocolClient(endpoint('http://gpu:11434', { protocol: 'ollama-generate' })).destination).toBe('gpu:11434');
  });

  it('refuses an unknown protocol or family with a clear message', () => {
    expect(() => createEscalationClient(endpoint('http://gpu:8000/v1', { protocol: 'grpc' as never }))).toThrow(
      /Unknown endpoint protocol "grpc": use one of openai-completions, llamacpp-infill, ollama-generate/,
    );
    expect(() => createEscalationClient(endpoint('http://gpu:8000/v1', { family: 'gpt' as never }))).toThrow(/Unknown FIM family "gpt"/);
  });
});
