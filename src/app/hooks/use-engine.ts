// The completion feature's engine as the app's shell sees it: the model's
// state (loading with progress, ready, failed) and its measured speed, both
// kept by the feature (src/completion/browser/completion-feature.ts, which
// builds the engine, follows the config and loads the model), and the
// engine's notices for the app's notice line.
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { AppConfig } from '../../vocabulary/config';
import type { CompletionFeature, FeatureEngine } from '../../completion/browser/completion-feature';
import { useLatest } from './use-latest';
import { exposeForTests } from '../../platform/test-seams';
import { monacoTypesCheck, packagesLearnt, takeTypesCheckTimings, setPackageSource } from '../../editor/typescript-worker';
import { packageSourceFromFiles } from '../../workspace/folder-packages';

/** `completion`: the app's completion feature, started by its owner (use-app-shell.ts) before this hook's effects run. */
export function useEngine(completion: CompletionFeature, onNotice: (message: string) => void) {
  const modelState = useSyncExternalStore(completion.model.subscribe, completion.model.get);
  // Measured again after every request: the model's status item subscribes to the store, the app does not.
  const perf = completion.perf;
  // The engine the feature owns now, read when it is used (the feature builds it on start).
  const engineRef = useMemo(
    (): { readonly current: FeatureEngine | null } => ({
      get current() {
        return completion.engine() ?? null;
      },
    }),
    [completion],
  );
  const noticeRef = useLatest(onNotice);
  useEffect(() => completion.onNotice((message) => noticeRef.current(message)), [completion, noticeRef]);
  const loadModel = useCallback((model: AppConfig['model']) => completion.loadModel(model), [completion]);

  // For the end-to-end tests: the engine, and Monaco's types check with the workspace's packages.
  useEffect(() => {
    exposeForTests({
      engine: completion.engine(),
      typesCheck: monacoTypesCheck(),
      takeTypesCheckTimings,
      setPackageFiles: (files: Record<string, string>) => setPackageSource(packageSourceFromFiles(files)),
      packagesLearnt,
    });
  }, [completion]);

  return { engineRef, modelState, perf, loadModel };
}
