import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../config/defaults';
import { configProblems, resolveConfig } from '../../config/merge';
import { localRequestOf, prepareRequest, requestSettings } from './request';
import { StableSnippetChooser, WorkspaceIndex } from './workspace-context';

const files = [
  { path: 'app/main.py', text: 'from app.util import scale\n\ndef run(x):\n    return scale(' },
  { path: 'app/util.py', text: 'def scale(x, k):\n    return x * k\n' },
];
const workspace = () => ({
  chooser: new StableSnippetChooser(new WorkspaceIndex(files)),
  recentlyEdited: () => [],
  recentlyViewed: () => [],
});
const req = { prefix: files[0].text, suffix: ')\n', language: 'python', file: 'app/main.py' };

describe('prepareRequest', () => {
  it('takes the budgets, the language threshold and the workspace snippets; the worker gets only paths and text', () => {
    const settings = requestSettings(
      { ...DEFAULT_CONFIG, router: { ...DEFAULT_CONFIG.router, threshold: 0.5, perLanguage: { python: 0.3 } } },
      { promptBudget: 1024, maxNewTokens: 24 },
    );
    const { ctx, router } = prepareRequest(req, settings, workspace());
    expect(router.threshold).toBe(0.3);
    expect(router).not.toHaveProperty('perLanguage');
    expect(ctx).toMatchObject({ promptBudget: 1024, maxNewTokens: 24, earlyEscalation: true });
    expect(ctx.context?.snippets[0]).toMatchObject({ file: 'app/util.py', reason: 'definition', name: 'scale' });
    expect(ctx.context?.snippets[0].source).toContain('def scale(x, k):');
    const local = localRequestOf(ctx, router);
    expect(local.context?.snippets[0]).toEqual({ file: 'app/util.py', text: 'def scale(x, k):\n    return x * k', startLine: 0 });
    expect(local.context?.share).toBe(DEFAULT_CONFIG.context.share);
    expect(local.extent).toBe('line');
  });

  it('no snippets when context is off, its share is 0, or there is no workspace; another language keeps the overall threshold', () => {
    const base = requestSettings(DEFAULT_CONFIG);
    expect(prepareRequest(req, { ...base, context: { ...base.context, enabled: false } }, workspace()).ctx.context).toBeUndefined();
    expect(prepareRequest(req, { ...base, context: { ...base.context, share: 0 } }, workspace()).ctx.context).toBeUndefined();
    expect(prepareRequest(req, base).ctx.context).toBeUndefined();
    expect(
      prepareRequest({ ...req, language: 'java' }, { ...base, router: { ...base.router, perLanguage: { python: 0.3 } } }).router.threshold,
    ).toBe(DEFAULT_CONFIG.router.threshold);
    // Without a measured speed: the configured limits.
    expect(base).toMatchObject({ promptBudget: DEFAULT_CONFIG.model.maxPromptTokens, maxNewTokens: DEFAULT_CONFIG.model.maxNewTokens });
  });
});

describe('prepareRequest: what the semantic check learns of the workspace', () => {
  const asked: string[] = [];
  const withSemantics = () => ({
    ...workspace(),
    semantics: (file: string) => (asked.push(file), { names: ['scale'], classes: [] }),
  });

  it('asked only under a policy that reads the check, and not when the check is off', () => {
    const base = requestSettings(DEFAULT_CONFIG);
    const semantic = { ...base, router: { ...base.router, policy: 'syntax+confidence+semantic' as const } };
    expect(prepareRequest(req, semantic, withSemantics()).ctx.semantics).toEqual({ names: ['scale'], classes: [] });
    expect(asked).toEqual(['app/main.py']);
    expect(prepareRequest(req, base, withSemantics()).ctx.semantics).toBeUndefined();
    expect(
      prepareRequest(req, { ...semantic, router: { ...semantic.router, semanticCheck: false } }, withSemantics()).ctx.semantics,
    ).toBeUndefined();
    expect(asked).toEqual(['app/main.py']);
  });
});

describe('context settings in the configuration', () => {
  it('defaults to 25% of the budget and 8 snippets; out-of-range values are named', () => {
    expect(DEFAULT_CONFIG.context).toEqual({ enabled: true, share: 0.25, maxSnippets: 8 });
    const problems = configProblems(resolveConfig(DEFAULT_CONFIG, { context: { share: 1.5, maxSnippets: 2.5 } }).config);
    expect(problems.join('\n')).toContain('context.share 1.5 must be a share of the prompt budget from 0 to 0.9');
    expect(problems.join('\n')).toContain('context.maxSnippets 2.5 must be an integer from 0 to 32');
  });
});
