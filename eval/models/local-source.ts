// The small model through the app's own loader and FIM port (transformers.js
// in Node): fixture models here, any hub id or folder for users. Output is
// post-processed exactly as the pipeline does before the router sees it.
import { completionExtent } from '../../src/completion/extent';
import { postProcess } from '../../src/completion/postprocess';
import type { FimFamily, InferenceDevice } from '../../src/completion/types';
import { localModelPort } from '../../src/inference/fim-completion';
import type { ModelSource } from '../../src/config/types';
import { loadLocalModel } from '../../src/inference/local-model';
import type { CompletionSource } from './types';

export interface LocalSourceOptions {
  model: string;
  /** A folder holding <model>/ (fixtures, downloads), or the hub / a mirror. */
  source: ModelSource;
  family: FimFamily;
  device?: InferenceDevice;
  dtype?: string;
  maxNewTokens: number;
}

export async function localModelSource(o: LocalSourceOptions): Promise<CompletionSource> {
  const loaded = await loadLocalModel({ model: o.model, source: o.source, device: o.device ?? 'cpu', dtype: o.dtype });
  const port = localModelPort(loaded, o.family);
  return {
    name: `local:${o.model}`,
    role: 'local',
    async complete(task, signal) {
      // The rest of a line or a block, decided as the app's pipeline decides it.
      const extent = completionExtent(task.prefix, task.suffix, task.language).extent;
      const out = await port.complete({ prefix: task.prefix, suffix: task.suffix, maxNewTokens: o.maxNewTokens, extent }, signal);
      const text = postProcess(out.text, task.suffix);
      return {
        text,
        ...(text !== out.text && { raw: out.text }),
        tokenProbs: out.tokens.map((t) => t.prob),
        tokens: out.tokens.map((t) => t.text),
        finish: out.finish,
        ms: out.ms,
      };
    },
    close: () => loaded.dispose(),
  };
}
