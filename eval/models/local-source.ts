// The small model through the app's own loader and FIM port (transformers.js
// in Node): fixture models here, any hub id or folder for users. Each task
// goes through the pipeline's own first stages (src/completion/common/stages.ts):
// prepared as the app prepares a request (the prompt budget, the language's
// threshold, snippets of a workspace when one is given), then generated and
// post-processed by the same generateLocal the pipeline calls.
import { prepareRequest, requestSettings, type RequestSettings, type WorkspaceContextSource, generateLocal } from '../../src/completion';
import { languageSpec } from '../../src/languages';
import type { FimFamily, InferenceDevice, ModelSource } from '../../src/vocabulary';
import { DEFAULT_CONFIG } from '../../src/config';
import { localModelPort, loadLocalModel, type LoadedModel } from '../../src/completion';
import type { Task } from '../data/types';
import type { CompletionSource } from './types';

export interface LocalSourceOptions {
  model: string;
  /** A folder holding <model>/ (fixtures, downloads), or the hub / a mirror. */
  source: ModelSource;
  family: FimFamily;
  device?: InferenceDevice;
  dtype?: string;
  maxNewTokens: number;
  /** The request settings (budget, router, context); default: the app's defaults with the configured (unmeasured) budgets. */
  settings?: RequestSettings;
  /** The workspace a task's file belongs to (repository-level evaluation); none: the prompt holds the task's text only. */
  workspace?: WorkspaceContextSource;
  /** A model already loaded (several sources over one model); closing the source then leaves it loaded. */
  loaded?: LoadedModel;
}

/** The path a task's text is taken to have: its id as a file name, with its language's first extension. */
export function taskFile(task: Pick<Task, 'taskId' | 'language'>): string {
  return `${task.taskId.replace(/[^\w.-]+/g, '_')}${languageSpec(task.language)?.extensions[0] ?? '.txt'}`;
}

/**
 * The app's defaults, with the budgets the configuration fixes (the app's
 * are measured on the user's device), and without early escalation: the
 * harness needs every local completion whole, with all its probabilities,
 * to calibrate the thresholds the early stop depends on.
 */
function defaultLocalSettings(maxNewTokens: number): RequestSettings {
  return { ...requestSettings({ ...DEFAULT_CONFIG, model: { ...DEFAULT_CONFIG.model, maxNewTokens } }), earlyEscalation: false };
}

export async function localModelSource(o: LocalSourceOptions): Promise<CompletionSource> {
  const loaded = o.loaded ?? (await loadLocalModel({ model: o.model, source: o.source, device: o.device ?? 'cpu', dtype: o.dtype }));
  const port = localModelPort(loaded, o.family);
  const settings = o.settings ?? defaultLocalSettings(o.maxNewTokens);
  return {
    name: `local:${o.model}`,
    role: 'local',
    async complete(task, signal) {
      const { ctx, router } = prepareRequest(
        { prefix: task.prefix, suffix: task.suffix, language: task.language, file: taskFile(task) },
        settings,
        o.workspace,
      );
      const out = await generateLocal(ctx, router, port, signal);
      return {
        text: out.text,
        ...(out.raw !== undefined && { raw: out.raw }),
        ...(out.filters && { filters: out.filters }),
        tokenProbs: out.tokens.map((t) => t.prob),
        tokens: out.tokens.map((t) => t.text),
        finish: out.finish,
        ms: out.ms,
      };
    },
    close: () => (o.loaded ? Promise.resolve() : loaded.dispose()),
  };
}
