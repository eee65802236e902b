// One inference service for every tab of the origin: the shared worker's
// logic, without the worker (src/completion/worker/inference-shared.worker.ts gives each
// connecting tab its own API object from here). Each tab's request ids are
// its own, mapped to ids unique in the service, so two tabs that both count
// from 1 never cancel each other's work. Each tab has its own prompt window
// and KV cache on the one model (the service's channels). A tab's load of
// the model already loaded loads nothing. A tab may not replace the model
// another tab holds under it: that load answers SHARED_MODEL_BUSY and the
// tab runs its own worker instead.
import { InferenceService } from './inference-service';
import { SHARED_MODEL_BUSY, type InferenceWorkerApi, type SharedInferenceApi, type SharedWorkerEnvironment } from './worker-api';

export class SharedInference {
  private nextTab = 1;
  private nextId = 1;
  /** Connected tabs, each with the load key of the model it holds (undefined until its first load). */
  private readonly tabs = new Map<number, string | undefined>();
  /** Each tab's listener for the number of tabs (its status bar says how many share the model). */
  private readonly tabWatchers = new Map<number, (tabs: number) => void>();

  constructor(
    private readonly service: InferenceService,
    private readonly env: () => Promise<SharedWorkerEnvironment>,
  ) {}

  /** Tabs connected and not released. */
  get tabCount(): number {
    return this.tabs.size;
  }

  private tellTabs(): void {
    for (const onTabs of this.tabWatchers.values()) onTabs(this.tabs.size);
  }

  /** The API for a tab that just connected; `extra` adds the host's own calls (fault injection). */
  connect(extra: Partial<InferenceWorkerApi> = {}): SharedInferenceApi {
    const tab = this.nextTab++;
    const channel = `tab-${tab}`;
    this.tabs.set(tab, undefined);
    this.tellTabs();
    /** This tab's ids of its requests in flight -> the service's. */
    const ids = new Map<number, number>();
    const unwatch: (() => void)[] = [];
    let released = false;
    const run = async <T>(id: number, fn: (serviceId: number) => Promise<T>): Promise<T> => {
      if (released) throw new Error('This tab released the shared model.');
      const serviceId = this.nextId++;
      ids.set(id, serviceId);
      try {
        return await fn(serviceId);
      } finally {
        if (ids.get(id) === serviceId) ids.delete(id);
      }
    };
    return {
      load: async (req, onProgress) => {
        if (released) throw new Error('This tab released the shared model.');
        const key = InferenceService.loadKey(req);
        for (const [other, held] of this.tabs) {
          if (other !== tab && held !== undefined && held !== key)
            throw new Error(`${SHARED_MODEL_BUSY}another tab uses the shared model with other settings`);
        }
        this.tabs.set(tab, key);
        try {
          const { result, reused } = await this.service.acquire(req, onProgress);
          return { ...result, shared: { reused, loads: this.service.loads, tabs: this.tabs.size } };
        } catch (e) {
          if (this.tabs.get(tab) === key) this.tabs.set(tab, undefined);
          throw e;
        }
      },
      complete: (id, req) => run(id, (serviceId) => this.service.complete(serviceId, req, channel)),
      prefill: (id, req) => run(id, (serviceId) => this.service.prefill(serviceId, req, channel)),
      cancel: (id) => {
        const serviceId = ids.get(id);
        if (serviceId !== undefined) this.service.cancel(serviceId);
      },
      watch: (onProgress) => {
        unwatch.push(this.service.watch(onProgress));
      },
      suits: (device) => this.service.suits(device),
      environment: () => this.env(),
      watchTabs: (onTabs) => {
        if (released) return;
        this.tabWatchers.set(tab, onTabs);
        onTabs(this.tabs.size);
      },
      release: () => {
        if (released) return;
        released = true;
        this.tabs.delete(tab);
        this.tabWatchers.delete(tab);
        this.tellTabs();
        for (const stop of unwatch) stop();
        // Its work in flight is nobody's now: the other tabs' requests need not wait behind it.
        for (const serviceId of ids.values()) this.service.cancel(serviceId);
        this.service.forget(channel);
      },
      ...extra,
    };
  }
}
