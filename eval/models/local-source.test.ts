// One request path: the app's engine and the harness's local source build
// the same prompt for the same request, byte for byte (snippets of the
// workspace included), because both go through src/completion/common/request.ts.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedBudgets, runCompletion, prepareRequest, requestSettings } from '../../src/completion';
import { DEFAULT_CONFIG } from '../../src/config';
import type { AppConfig } from '../../src/vocabulary';
import { localModelPort, loadLocalModel, type LoadedModel } from '../../src/completion';
import { egressVerdict } from '../../src/privacy';
import { createNodeSyntaxService } from '../../src/checks';
import { WorkspaceContextFeed, Workspace } from '../../src/workspace';
import { writeFixtureModels } from '../../testing/make-fixture-models';
import type { Task } from '../data/types';
import { addTask } from '../../testing/eval/tasks';
import { localModelSource, taskFile } from './local-source';

const root = mkdtempSync(join(tmpdir(), 'local-source-test-'));
let model: LoadedModel;
const prompts: string[] = [];

/** The fixture model, recording every prompt it is given. */
function recording(m: LoadedModel): LoadedModel {
  return {
    model: m.model,
    device: m.device,
    partialMiddle: m.partialMiddle,
    generate: (prompt, opts) => {
      prompts.push(prompt);
      return m.generate(prompt, opts);
    },
    prefill: (prompt, signal) => m.prefill(prompt, signal),
    countTokens: (t) => m.countTokens(t),
    dispose: () => m.dispose(),
  };
}

beforeAll(async () => {
  await writeFixtureModels(root);
  model = recording(
    await loadLocalModel({ model: 'fixture-valid', source: { kind: 'bundled', root }, device: 'cpu', family: 'qwen2.5-coder' }),
  );
});
afterAll(() => model?.dispose());

describe('one request path for the app and the harness', () => {
  it('the same request gives the same prompt byte for byte through the app engine path and the harness local source', async () => {
    const task: Task = {
      ...addTask(),
      prefix: `${'# padding line\n'.repeat(200)}from util import scale\n\ndef add(a, b):\n    return `,
      suffix: '\n',
    };
    const file = taskFile(task);
    const ws = new Workspace({
      files: [
        [file, task.prefix + task.suffix],
        ['util.py', 'def scale(x, k):\n    return x * k\n'],
      ],
      folders: [],
    });
    const feed = new WorkspaceContextFeed(ws);
    const config: AppConfig = { ...DEFAULT_CONFIG, model: { ...DEFAULT_CONFIG.model, maxPromptTokens: 512, maxNewTokens: 8 } };
    // What CompletionEngine.complete does before the model has been timed (budgets() gives the fixed budgets then).
    const settings = requestSettings(
      config,
      fixedBudgets({ targetMs: 0, maxPromptTokens: 512, maxNewTokens: 8, contextWindow: config.model.contextWindow, reuse: true }),
    );

    const { ctx, router } = prepareRequest({ prefix: task.prefix, suffix: task.suffix, language: 'python', file }, settings, feed);
    const syntax = createNodeSyntaxService();
    await runCompletion(
      ctx,
      router,
      egressVerdict({ ...config, endpoint: null }),
      { local: localModelPort(model, 'qwen2.5-coder'), syntax },
      new AbortController().signal,
    );
    const fromApp = prompts.pop()!;

    const source = await localModelSource({
      model: 'fixture-valid',
      source: { kind: 'bundled', root },
      family: 'qwen2.5-coder',
      maxNewTokens: 8,
      settings,
      workspace: feed,
      loaded: model,
    });
    await source.complete(task, new AbortController().signal);
    const fromHarness = prompts.pop()!;

    expect(fromHarness).toBe(fromApp);
    // And it is the windowed prompt with the other file's snippet, not the task's raw text.
    expect(fromApp).toContain('<|file_sep|>util.py\ndef scale(x, k):');
    expect(fromApp.length).toBeLessThan(task.prefix.length);
    feed.dispose();
  });
});
