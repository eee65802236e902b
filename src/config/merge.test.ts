import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './defaults';
import { CONFIG_KEYS_TEMPLATE } from './defaults';
import { configProblems, resolveConfig, unknownKeys } from './merge';

describe('config layers', () => {
  it('merges objects key by key and lets null turn the endpoint off', () => {
    const withEndpoint = resolveConfig(DEFAULT_CONFIG, {
      endpoint: { url: 'http://127.0.0.1:8000/v1', model: 'm', family: 'qwen2.5-coder', timeoutMs: 5000, maxTokens: 64 },
      router: { threshold: 0.7 },
    }).config;
    expect(withEndpoint.router).toEqual({ ...DEFAULT_CONFIG.router, threshold: 0.7 });
    expect(withEndpoint.endpoint?.url).toBe('http://127.0.0.1:8000/v1');
    expect(resolveConfig(withEndpoint, { endpoint: null }).config.endpoint).toBeNull();
  });

  it('does not mix fields of two kinds of model source', () => {
    const c = resolveConfig(DEFAULT_CONFIG, { model: { source: { kind: 'url', url: 'https://models.corp/' } } }).config;
    const d = resolveConfig(c, { model: { source: { kind: 'bundled' } } }).config;
    expect(d.model.source).toEqual({ kind: 'bundled' });
  });

  it('names each setting that is wrong', () => {
    expect(configProblems(DEFAULT_CONFIG)).toEqual([]);
    const bad = resolveConfig(DEFAULT_CONFIG, {
      router: { threshold: 3, policy: 'maybe' as never },
      endpoint: { url: 'gpu-box', model: '', family: 'gpt' as never, timeoutMs: 0, maxTokens: 1 },
    }).config;
    const p = configProblems(bad).join('\n');
    expect(p).toMatch(/router.threshold 3/);
    expect(p).toMatch(/router.policy "maybe"/);
    expect(p).toMatch(/endpoint.url "gpu-box" is not a URL/);
    expect(p).toMatch(/endpoint.family "gpt"/);
    expect(p).toMatch(/endpoint.model is empty/);
    expect(p).toMatch(/endpoint.timeoutMs/);
  });

  it('names unknown keys (typos) at any depth', () => {
    expect(
      unknownKeys(
        { router: { treshold: 0.5, policy: 'syntax+confidence' }, endpont: {}, endpoint: { url: 'x', protcol: 'y' } },
        CONFIG_KEYS_TEMPLATE,
      ),
    ).toEqual(['router.treshold', 'endpont', 'endpoint.protcol']);
    expect(unknownKeys({ model: { id: 'x', source: { kind: 'url', url: 'u' } } }, CONFIG_KEYS_TEMPLATE)).toEqual([]);
  });

  it('refuses an unknown endpoint protocol', () => {
    const c = resolveConfig(DEFAULT_CONFIG, {
      endpoint: {
        url: 'http://127.0.0.1:1/v1',
        model: 'm',
        family: 'qwen2.5-coder',
        timeoutMs: 1,
        maxTokens: 1,
        protocol: 'grpc' as never,
      },
    }).config;
    expect(configProblems(c).join()).toMatch(/endpoint.protocol "grpc"/);
  });

  it('takes a Git server as an http(s) address, and knows the Git keys', () => {
    expect(configProblems(resolveConfig(DEFAULT_CONFIG, { git: { server: 'https://git.corp.example' } }).config)).toEqual([]);
    expect(configProblems(resolveConfig(DEFAULT_CONFIG, { git: { server: 'git@git.corp.example:team/p.git' } }).config).join()).toMatch(
      /git.server .* must be an http\(s\) address/,
    );
    expect(
      unknownKeys({ git: { server: 's', user: 'u', token: 't', authorName: 'n', authorEmail: 'e', sever: 'x' } }, CONFIG_KEYS_TEMPLATE),
    ).toEqual(['git.sever']);
  });
});
