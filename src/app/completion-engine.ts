// Main-thread wiring: the two workers, the escalation client and the ledger
// plugged into the pure pipeline as its ports.
import * as Comlink from 'comlink';
import { chooseBudgets, settleBudgets, SpeedTracker, type Budgets, type ModelSpeed } from '../completion/budget';
import { runCompletion, type CompletionResult, type EngineRequest, type PipelinePorts } from '../completion/pipeline';
import { localRequestOf, prepareRequest, requestSettings, type WorkspaceContextSource } from '../completion/request';

export type { EngineRequest } from '../completion/pipeline';
import type { AppConfig } from '../config/types';
import { createEscalationClient } from '../endpoint';
import { WEBGPU_FAILED, type DownloadProgress, type InferenceLoadResult, type InferenceWorkerApi } from '../inference/worker-api';
import type { Ledger } from '../privacy/ledger';
import { egressVerdict, type EgressVerdict } from '../privacy/policy';
import { prescanSecrets } from '../privacy/secret-guard';
import type { SyntaxDocumentsApi, SyntaxWorkerApi } from '../syntax/worker-api';
import { TEST_SEAMS } from '../platform/test-seams';


const isWebGpuFailure = (e: unknown) => e instanceof Error && e.message.includes(WEBGPU_FAILED);

export class CompletionEngine {
  private readonly syntaxWorker = new Worker(new URL('../../workers/syntax.worker.ts', import.meta.url), { type: 'module', name: 'syntax' });
  private inferenceWorker!: Worker;
  private inference!: Comlink.Remote<InferenceWorkerApi>;
  private lastLoad: AppConfig['model'] | undefined;
  private restarting: Promise<unknown> | undefined;
  /** Set once WebGPU failed in this session: later workers start on WASM. */
  private webGpuFailure: string | undefined;
  /** Told when the inference worker had to be restarted or changed device (for the UI). */
  onNotice: (message: string, info?: InferenceLoadResult) => void = () => {};
  private readonly syntax = Comlink.wrap<SyntaxWorkerApi>(this.syntaxWorker);
  private nextId = 1;
  private loaded: InferenceLoadResult | undefined;
  /** The model's speed on this device: measured after loading, then from each completion. */
  private readonly speed = new SpeedTracker();
  private settled: Budgets | undefined;
  /** Told when the measured speed (and so the budgets) changed. */
  onSpeed: (speed: ModelSpeed | undefined, budgets: Budgets) => void = () => {};
  /** The read-ahead in flight (prefill), stopped by the next keystroke or the request itself. */
  private readAhead: AbortController | undefined;
  /** The workspace's other files and recent lists, for snippets in the prompt (src/workspace/context-feed.ts). */
  private workspace: WorkspaceContextSource | undefined;

  constructor(private config: AppConfig, private readonly ledger: Ledger) {
    this.spawnInference();
  }

  private spawnInference(): void {
    this.inferenceWorker = new Worker(new URL('../../workers/inference.worker.ts', import.meta.url), { type: 'module', name: 'inference' });
    this.inference = Comlink.wrap<InferenceWorkerApi>(this.inferenceWorker);
    // An uncaught error in the worker may leave it half-dead: start afresh.
    this.inferenceWorker.addEventListener('error', (e) => void this.restartInference(`the inference worker failed (${e.message || 'error event'})`));
  }

  /**
   * A crashed or wedged worker is replaced and the model reloaded (from the
   * browser's cache), so completions resume without a page reload.
   */
  restartInference(why: string): Promise<unknown> {
    if (this.restarting) return this.restarting;
    this.inferenceWorker.terminate();
    this.loaded = undefined;
    this.spawnInference();
    const model = this.lastLoad;
    this.restarting = (model ? this.loadModel(model, () => {}) : Promise.resolve(undefined))
      .then((info) => this.onNotice(`Restarted the inference worker: ${why}.`, info as InferenceLoadResult | undefined))
      .catch((e: Error) => this.onNotice(`Restarting the inference worker failed: ${e.message}`))
      .finally(() => (this.restarting = undefined));
    return this.restarting;
  }

  /** Fault injection for the recovery tests (a lost GPU device, a wedged or a dead worker). */
  debugInference(action: 'lose-device' | 'hang' | 'crash'): Promise<boolean> {
    // A production worker has no fault injection (src/platform/test-seams.ts).
    if (!TEST_SEAMS) return Promise.resolve(false);
    return (this.inference as Comlink.Remote<Required<InferenceWorkerApi>>).debug(action);
  }

  setConfig(config: AppConfig): void {
    this.config = config;
  }

  /**
   * Everything besides the text that made a result: the model and its device,
   * the router, the endpoint, the privacy rules and the context settings. The
   * editor's result cache is keyed by it, so a change to any of them makes
   * every cached suggestion stale.
   */
  resultContext(): string {
    const { model, router, endpoint, privacy, context } = this.config;
    return JSON.stringify([model.id, model.source, this.loaded?.device, router, endpoint && { ...endpoint, apiKey: !!endpoint.apiKey }, privacy, context]);
  }

  /** Where snippets of other files come from; undefined: the prompt holds the current file only. */
  attachWorkspace(source: WorkspaceContextSource | undefined): void {
    this.workspace = source;
  }

  /** The request as the pipeline runs it: src/completion/request.ts, the path the harness and `npm run prompt` share. */
  private prepare(req: EngineRequest) {
    return prepareRequest(req, requestSettings(this.config, this.budgets()), this.workspace);
  }

  /** The syntax worker's live documents, kept in step with the editor's models (src/syntax/document-sync.ts). */
  get syntaxDocuments(): SyntaxDocumentsApi {
    return this.syntax;
  }

  get model(): InferenceLoadResult | undefined {
    return this.loaded;
  }

  async loadModel(cfg: AppConfig['model'], onProgress: (p: DownloadProgress) => void): Promise<InferenceLoadResult> {
    this.loaded = undefined;
    this.lastLoad = cfg;
    const request = (device: AppConfig['device']) => this.inference.load(
      {
        model: cfg.id, family: cfg.family, source: cfg.source, dtype: cfg.dtype, device, fileName: cfg.fileName,
        reuseCache: cfg.reuseCache, wasmThreads: cfg.wasmThreads, warmUp: true,
      },
      Comlink.proxy(onProgress),
    );
    if (this.webGpuFailure && this.config.device !== 'wasm') {
      this.loaded = { ...(await request('wasm')), fallbackReason: this.webGpuFailure };
    } else {
      try {
        this.loaded = await request(this.config.device);
      } catch (e) {
        if (!isWebGpuFailure(e)) throw e;
        // The failed worker is unusable (see WEBGPU_FAILED): a fresh one on WASM.
        this.webGpuFailure = (e as Error).message.slice((e as Error).message.indexOf(WEBGPU_FAILED) + WEBGPU_FAILED.length);
        this.inferenceWorker.terminate();
        this.spawnInference();
        this.loaded = { ...(await request('wasm')), fallbackReason: this.webGpuFailure };
      }
    }
    this.speed.reset(this.loaded.speed);
    this.settled = undefined;
    this.onSpeed(this.speed.speed, this.budgets());
    return this.loaded;
  }

  /** The prompt budget and new-token limit for the next request: from the measured speed and the latency target. */
  budgets(): Budgets {
    const m = this.config.model;
    const device = this.loaded?.device === 'webgpu' ? 'webgpu' : 'wasm';
    this.settled = settleBudgets(this.settled, chooseBudgets(this.speed.speed, {
      targetMs: m.latencyTargetMs?.[device] ?? 0, maxPromptTokens: m.maxPromptTokens, maxNewTokens: m.maxNewTokens,
      contextWindow: m.contextWindow, reuse: m.reuseCache !== false,
    }));
    return this.settled;
  }

  /**
   * Reads the prompt of a request not made yet (the user is typing; the
   * request comes after the pause), so the request then mostly decodes. A
   * newer read-ahead or any request stops it between chunks; what it read
   * stays in the model's cache. Never fails loudly: it is only a head start.
   */
  prefill(req: EngineRequest, signal: AbortSignal): void {
    // The secret guard reads all that would leave on an escalation: let it read it now, in slices, between keystrokes.
    if (this.egressFor(req).endpoint) {
      prescanSecrets(req.prefix + req.suffix, { signal }).catch(() => undefined); // the escalation's own scan reports a failure
    }
    this.readAhead?.abort();
    if (this.restarting || !this.loaded || this.config.model.reuseCache === false) return;
    const ac = new AbortController();
    this.readAhead = ac;
    signal.addEventListener('abort', () => ac.abort(), { once: true });
    const call = this.workerCall(ac.signal);
    // The same prompt the request will have (snippets included), up to the cursor.
    const { ctx, router } = this.prepare(req);
    call.worker.prefill(call.id, { ...localRequestOf(ctx, router), maxNewTokens: 0 }).catch(() => undefined).finally(call.release);
  }

  /**
   * Whether this request's code may leave the machine, and the endpoint it
   * would go to (only when the policy allows it): the read-ahead's secret
   * prescan and the request's escalation client follow the same verdict.
   */
  private egressFor(req: EngineRequest): { verdict: EgressVerdict; endpoint?: NonNullable<AppConfig['endpoint']> } {
    const verdict = egressVerdict(this.config, { file: req.file, pageOrigin: location.origin });
    return { verdict, ...(verdict.allowed && this.config.endpoint && { endpoint: this.config.endpoint }) };
  }

  /** A numbered call to the inference worker, cancelled there when `signal` aborts (release: stop listening). */
  private workerCall(signal: AbortSignal): { id: number; worker: Comlink.Remote<InferenceWorkerApi>; release: () => void } {
    const id = this.nextId++;
    const worker = this.inference;
    const cancel = () => void worker.cancel(id);
    signal.addEventListener('abort', cancel, { once: true });
    return { id, worker, release: () => signal.removeEventListener('abort', cancel) };
  }

  async complete(req: EngineRequest, signal: AbortSignal): Promise<CompletionResult> {
    const cfg = this.config;
    const { verdict: egress, endpoint } = this.egressFor(req);
    const ports: PipelinePorts = {
      local: {
        complete: async (r, sig) => {
          if (this.restarting || !this.loaded) throw new Error('The local model is (re)loading; try again in a moment.');
          // The request itself reads what is left: stop the read-ahead (its chunks stay cached).
          this.readAhead?.abort();
          const call = this.workerCall(sig);
          // A worker that does not answer within the watchdog is wedged or dead.
          let timer: ReturnType<typeof setTimeout> | undefined;
          const watchdog = new Promise<never>((_, reject) => {
            timer = setTimeout(() => {
              void this.restartInference(`no answer within ${cfg.model.watchdogMs} ms`);
              reject(new Error(`The local model did not answer within ${cfg.model.watchdogMs} ms; its worker is being restarted.`));
            }, cfg.model.watchdogMs);
          });
          try {
            const out = await Promise.race([call.worker.complete(call.id, r), watchdog]);
            this.speed.observe(out.stats);
            this.onSpeed(this.speed.speed, this.budgets());
            return out;
          } catch (e) {
            if (!isWebGpuFailure(e)) throw e;
            // WebGPU died mid-run (device lost ...): continue on WASM in a fresh worker, and retry once.
            this.webGpuFailure = `${(e as Error).message.split(WEBGPU_FAILED).pop()}; switched to WASM`;
            clearTimeout(timer);
            await this.restartInference(this.webGpuFailure);
            const retry = this.workerCall(sig); // the retry is cancelled like the first try
            try { return await retry.worker.complete(retry.id, r); } finally { retry.release(); }
          } finally {
            clearTimeout(timer);
            call.release();
          }
        },
      },
      syntax: { validate: (r) => this.syntax.validate({ ...r, documentId: req.documentId, version: req.version }) },
      // The client exists only when the policy allows egress: no policy, no socket.
      escalation: endpoint ? createEscalationClient(endpoint) : undefined,
      onEgress: ({ destination, bytes, reason, redactions, body, contextFiles }) => {
        const protocol = endpoint?.protocol ?? 'openai-completions';
        const settle = this.ledger.record({ destination, protocol, bytes, file: req.file, reason, redactions, body, ...(contextFiles && { contextFiles }) });
        return (ok, detail, delivery) => settle(ok ? 'ok' : 'error', detail, delivery);
      },
    };
    const { ctx, router } = this.prepare(req);
    return runCompletion(ctx, router, egress, ports, signal);
  }

  dispose(): void {
    this.readAhead?.abort();
    this.inferenceWorker.terminate();
    this.syntaxWorker.terminate();
    this.onNotice = () => {};
  }
}
