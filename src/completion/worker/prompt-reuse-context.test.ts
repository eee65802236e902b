// KV-cache reuse with snippets of other files in the prompt: they go first
// and their choice stays put while the user types in one scope, so a request
// a keystroke later still shares the prompt's start with the one before
// (src/completion/common/workspace-context/stable-choice.ts). Same yardstick as
// prompt-reuse.test.ts: a typing replay of a real file, a model that keeps its
// cache against one that reads every prompt afresh.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { freshAndReusingModels } from '../../../testing/completion/fresh-and-reusing';
import { percentile } from '../../platform/percentile';
import { localRequestOf, prepareRequest, requestSettings } from '../common/request';
import { documentAt, pausesOf, typingReplay } from '../../../testing/completion/typing-replay';
import { StableSnippetChooser, WorkspaceIndex } from '../common/workspace-context';
import { DEFAULT_CONFIG } from '../../config/defaults';
import { completeWithFim, localPromptFor } from './fim-completion';

const models = freshAndReusingModels('prompt-reuse-context');
const read = (path: string) => readFile(new URL(`../../../${path}`, import.meta.url), 'utf8');

describe('KV-cache reuse with workspace snippets', () => {
  it('keeps the snippets at the prompt start while typing: same tokens as a fresh computation, a fraction of the prompt computed', async () => {
    const source = await read('src/completion/common/router.ts');
    const others = await Promise.all(
      ['src/vocabulary/confidence.ts', 'src/vocabulary/types.ts', 'src/semantic/types.ts', 'src/completion/common/early-escalation.ts'].map(
        async (path) => ({ path, text: await read(path) }),
      ),
    );
    const index = new WorkspaceIndex([...others, { path: 'src/completion/common/router.ts', text: source }]);
    const chooser = new StableSnippetChooser(index);
    // The fixture's tokenizer is byte-level: a budget whose snippet share holds a definition or two.
    const settings = { ...requestSettings(DEFAULT_CONFIG, { promptBudget: 1536, maxNewTokens: 6 }) };
    const replay = typingReplay(source, { seed: 7, lines: 8 });
    const pauses = pausesOf(replay, 250).slice(0, 12);
    const computed: number[] = [];
    const full: number[] = [];
    const starts = new Set<string>();
    for (const step of pauses) {
      const doc = documentAt(replay, step);
      const { ctx, router } = prepareRequest({ ...doc, language: 'typescript', file: 'src/completion/common/router.ts' }, settings, {
        chooser,
        recentlyEdited: () => [],
        recentlyViewed: () => [],
      });
      const req = { ...localRequestOf(ctx, router), early: undefined };
      const prompt = localPromptFor(models.reusing, 'qwen2.5-coder', req);
      expect(prompt.snippets.length).toBeGreaterThan(0);
      starts.add(prompt.prompt.slice(0, prompt.prompt.indexOf('<|fim_prefix|>')));
      const [a, b] = [
        await completeWithFim(models.fresh, 'qwen2.5-coder', req),
        await completeWithFim(models.reusing, 'qwen2.5-coder', req),
      ];
      expect(b.tokens.map((t) => t.id)).toEqual(a.tokens.map((t) => t.id));
      expect(b.text).toBe(a.text);
      computed.push(b.stats!.promptTokens - b.stats!.reusedTokens);
      full.push(a.stats!.promptTokens);
    }
    // The replay types in one or two scopes: the snippets changed at most once.
    expect(starts.size).toBeLessThanOrEqual(2);
    expect(computed[0]).toBe(full[0]);
    expect(percentile(full, 50)! / percentile(computed, 50)!).toBeGreaterThan(4);
  });
});
