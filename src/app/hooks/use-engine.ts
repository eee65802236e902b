// The completion engine for the app's lifetime: the model's state (loading
// with progress, ready, failed), its measured speed, and the engine's notices.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { AppConfig } from '../../vocabulary/config';
import type { ConfigStore } from '../../config/store';
import type { Ledger } from '../../privacy/ledger';
import { CompletionEngine } from '../../completion/browser/completion-engine';
import type { CompletionFeature } from '../../completion/browser/completion-feature';
import type { ModelPerf, ModelState } from '../ModelStatus';
import type { InferenceLoadResult } from '../../completion/worker/worker-api';
import { Store } from '../store';
import { useLatest } from './use-latest';
import { exposeForTests } from '../../platform/test-seams';
import { monacoTypesCheck, packagesLearnt, takeTypesCheckTimings, setPackageSource } from '../../editor/typescript-worker';
import { packageSourceFromFiles } from '../../workspace/folder-packages';

/** The model's info with the latest count of tabs on the shared model (a dedicated worker's info is left as it is). */
const withTabs = (info: InferenceLoadResult, tabs: number | undefined): InferenceLoadResult =>
  info.shared && tabs !== undefined ? { ...info, shared: { ...info.shared, tabs } } : info;

/** `completion`: the app's completion feature, handed the engine while its model is ready. */
export function useEngine(config: ConfigStore, ledger: Ledger, onNotice: (message: string) => void, completion: CompletionFeature) {
  const [modelState, setModelState] = useState<ModelState>({ status: 'loading', model: config.get().model.id, files: {} });
  // Measured again after every request: a store the model's status item subscribes to, not the app's state.
  const perf = useMemo(() => new Store<ModelPerf | undefined>(undefined), []);
  const engineRef = useRef<CompletionEngine | null>(null);
  const noticeRef = useLatest(onNotice);
  /** The last count of tabs on the shared model: one that came before the load's answer is not lost. */
  const sharedTabs = useRef<number | undefined>(undefined);

  const loadModel = useCallback(async (model: AppConfig['model']) => {
    const engine = engineRef.current!;
    setModelState({ status: 'loading', model: model.id, files: {} });
    try {
      const info = await engine.loadModel(model, (p) =>
        setModelState((s) => (s.status === 'loading' ? { ...s, files: { ...s.files, [p.file]: p } } : s)),
      );
      setModelState({ status: 'ready', info: withTabs(info, sharedTabs.current) });
    } catch (e) {
      setModelState({ status: 'error', model: model.id, message: (e as Error).message });
    }
  }, []);

  useEffect(() => {
    const engine = new CompletionEngine(config.get(), ledger);
    engineRef.current = engine;
    // Every later change of the settings reaches the engine from the store.
    const unsubscribe = config.subscribe((next) => engine.setConfig(next));
    // The semantic check's types, in Monaco's TypeScript worker (its worker starts when a TypeScript request first needs it).
    engine.attachTypesCheck(monacoTypesCheck());
    engine.onSpeed = (speed, budgets) => perf.set({ speed, budgets });
    engine.onNotice = (message, info) => {
      noticeRef.current(message);
      if (info) setModelState({ status: 'ready', info });
    };
    engine.onSharedTabs = (tabs) => {
      sharedTabs.current = tabs;
      setModelState((s) => (s.status === 'ready' ? { ...s, info: withTabs(s.info, tabs) } : s));
    };
    exposeForTests({
      engine,
      typesCheck: monacoTypesCheck(),
      takeTypesCheckTimings,
      setPackageFiles: (files: Record<string, string>) => setPackageSource(packageSourceFromFiles(files)),
      packagesLearnt,
    });
    void loadModel(config.get().model);
    return () => {
      unsubscribe();
      engine.dispose();
    };
  }, [config, ledger, loadModel, noticeRef, perf]);

  // Requests go to the engine only while its model is ready: before the next paint, so a key typed after the
  // status shows ready is asked for.
  const ready = modelState.status === 'ready';
  useLayoutEffect(() => {
    completion.setEngine(ready ? (engineRef.current ?? undefined) : undefined);
    return () => completion.setEngine(undefined);
  }, [completion, ready]);

  return { engineRef, modelState, perf, loadModel };
}
