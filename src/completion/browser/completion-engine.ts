// The engine as the editor sees it: a request in, a completion with its
// provenance out. It plugs the inference worker (inference-client.ts), the
// syntax worker, its own escalation client (with the circuit breaker that
// remembers the server across requests) and the ledger into the pure pipeline
// (src/completion/common/pipeline.ts) as its ports. No UI here: src/app renders what
// it reports.
import * as Comlink from 'comlink';
import { budgetLimits, chooseBudgets, settleBudgets, SpeedTracker, type Budgets } from '../common/budget';
import { prescanOutgoing, runCompletion, type CompletionResult, type EngineRequest, type PipelinePorts } from '../common/pipeline';
import { localRequestOf, prepareRequest, requestSettings, type WorkspaceContextSource } from '../common/request';
import type { AppConfig, EndpointConfig } from '../../vocabulary/config';
import { CircuitBreaker, createEscalationClient } from '../../endpoint';
import type { DownloadProgress } from '../worker/worker-api';
import type { Ledger } from '../../privacy/ledger';
import { egressVerdict, type EgressVerdict } from '../../privacy/policy';
import type { SyntaxDocumentsApi } from '../../syntax/live-documents';
import type { SyntaxWorkerApi } from '../../checks/worker-api';
import { semanticCheckAsked } from '../common/router';
import { TYPE_CHECKED_LANGUAGES, withTypes, type TypesCheck } from '../../semantic/types-check';
import type { SemanticRequest, SemanticVerdict } from '../../semantic/types';
import { InferenceClient, type LoadedModel } from './inference-client';
import type { ModelSpeed } from '../../vocabulary/types';
import { secondBest } from '../common/second-best';

export class CompletionEngine {
  private readonly syntaxWorker = new Worker(new URL('../../../workers/syntax.worker.ts', import.meta.url), {
    type: 'module',
    name: 'syntax',
  });
  private readonly syntax = Comlink.wrap<SyntaxWorkerApi>(this.syntaxWorker);
  private readonly inference: InferenceClient;
  /** The model's speed on this device: measured after loading, then from each completion. */
  private readonly speed = new SpeedTracker();
  private settled: Budgets | undefined;
  /** Told when the measured speed (and so the budgets) changed. */
  onSpeed: (speed: ModelSpeed | undefined, budgets: Budgets) => void = () => {};
  /** The read-ahead in flight (prefill), stopped by the next keystroke or the request itself. */
  private readAhead: AbortController | undefined;
  /** The workspace's other files and recent lists, for snippets in the prompt (src/workspace/context-feed.ts). */
  private workspace: WorkspaceContextSource | undefined;
  /** The escalation client for the configured endpoint: one per endpoint, so its breaker remembers failures across requests. */
  private escalation: { key: string; endpoint: EndpointConfig; client: CircuitBreaker } | undefined;
  /** The types check beside the syntax worker's names check, for TypeScript and JavaScript (the app gives Monaco's: src/editor/typescript-worker.ts). */
  private types: TypesCheck | undefined;
  /** resultContext() for the configuration and device it was made for. */
  private context: { config: AppConfig; device: string | undefined; key: string } | undefined;

  constructor(
    private config: AppConfig,
    private readonly ledger: Ledger,
  ) {
    this.inference = new InferenceClient(() => this.config.device);
  }

  /** Told when the inference worker had to be restarted or changed device (for the UI). */
  set onNotice(fn: (message: string, info?: LoadedModel) => void) {
    this.inference.onNotice = fn;
  }

  /** Told how many tabs share the origin's model (model.sharedWorker), whenever that changes. */
  set onSharedTabs(fn: (tabs: number) => void) {
    this.inference.onSharedTabs = fn;
  }

  /** Replace a crashed or wedged inference worker and reload the model. */
  restartInference(why: string): Promise<unknown> {
    return this.inference.restart(why);
  }

  /** Fault injection for the recovery tests (a lost GPU device, a wedged or a dead worker); absent from production builds. */
  debugInference(action: 'lose-device' | 'hang' | 'crash'): Promise<boolean> {
    return this.inference.debug(action);
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
    const device = this.inference.loaded?.device;
    // Asked on every keystroke: made again only when the configuration or the device changed.
    if (this.context?.config !== this.config || this.context.device !== device) {
      const { model, router, endpoint, privacy, context } = this.config;
      const key = JSON.stringify([
        model.id,
        model.source,
        device,
        router,
        endpoint && { ...endpoint, apiKey: !!endpoint.apiKey },
        privacy,
        context,
      ]);
      this.context = { config: this.config, device, key };
    }
    return this.context.key;
  }

  /** Where snippets of other files come from; undefined: the prompt holds the current file only. */
  attachWorkspace(source: WorkspaceContextSource | undefined): void {
    this.workspace = source;
  }

  /** Where the semantic check's types come from; undefined: its verdicts say the types were not checked. */
  attachTypesCheck(types: TypesCheck | undefined): void {
    this.types = types;
  }

  /** Whether this request's semantic check would ask for types: the policy reads the check, and the language has them. */
  private wantsTypes(req: { language: string }): boolean {
    return this.types !== undefined && semanticCheckAsked(this.config.router) && TYPE_CHECKED_LANGUAGES.includes(req.language);
  }

  /** The names check in the syntax worker and the types check in theirs, side by side, as one verdict. */
  private async checkSemantics(req: SemanticRequest): Promise<SemanticVerdict> {
    const names = this.syntax.checkSemantics(req);
    if (!this.types || !TYPE_CHECKED_LANGUAGES.includes(req.language)) return names;
    // The workspace's texts: the types check reads the files this one imports (their names in the request are not enough).
    const [verdict, types] = await Promise.all([names, this.types.check(req, this.workspace?.files)]);
    return withTypes(verdict, types);
  }

  /** The request as the pipeline runs it: src/completion/common/request.ts, the path the harness and `npm run prompt` share. */
  private prepare(req: EngineRequest) {
    return prepareRequest(req, requestSettings(this.config, this.budgets()), this.workspace);
  }

  /**
   * The syntax worker's live documents, kept in step with the editor's models (src/syntax/document-sync.ts).
   * A document opens with the semantic check's analysis made ahead only while the router asks for that check:
   * otherwise that analysis is seconds of the worker's time in a multi-MB file, spent at every open for nothing.
   */
  readonly syntaxDocuments: SyntaxDocumentsApi = {
    openDocument: (uri, language, text, version) =>
      this.syntax.openDocument(uri, language, text, version, { primeSemantics: semanticCheckAsked(this.config.router) }),
    applyEdits: (uri, version, edits, length) => this.syntax.applyEdits(uri, version, edits, length),
    closeDocument: (uri) => this.syntax.closeDocument(uri),
  };

  /** Resolves once the syntax worker has run what is queued on the document `uri` (a big file's first parse included). */
  whenDocumentSettled(uri: string): Promise<void> {
    return this.syntax.whenSettled(uri);
  }

  /**
   * A file of `language` came to the front: under the semantic policy a
   * TypeScript or JavaScript one starts the types check's warm-up (its
   * worker loads the compiler and the lib files: seconds), so the first
   * completion's check finds it warm. Nothing waits for it.
   */
  fileOpened(language: string): void {
    if (this.wantsTypes({ language })) void this.types!.warm().catch(() => undefined);
  }

  get model(): LoadedModel | undefined {
    return this.inference.loaded;
  }

  async loadModel(cfg: AppConfig['model'], onProgress: (p: DownloadProgress) => void): Promise<LoadedModel> {
    const loaded = await this.inference.load(cfg, onProgress);
    this.speed.reset(loaded.speed);
    this.settled = undefined;
    this.onSpeed(this.speed.speed, this.budgets());
    return loaded;
  }

  /** The prompt budget and new-token limit for the next request: from the measured speed and the latency target. */
  budgets(): Budgets {
    const limits = budgetLimits(this.config.model, this.inference.loaded?.device);
    this.settled = settleBudgets(this.settled, chooseBudgets(this.speed.speed, limits));
    return this.settled;
  }

  /**
   * Reads the prompt of a request not made yet (the user is typing; the
   * request comes after the pause), so the request then mostly decodes. A
   * newer read-ahead or any request stops it between chunks; what it read
   * stays in the model's cache. Never fails loudly: it is only a head start.
   */
  prefill(req: EngineRequest, signal: AbortSignal): void {
    this.readAhead?.abort();
    // The types check's worker loads its compiler and lib files once: while the user types, not in a request's budget.
    if (this.wantsTypes(req)) void this.types!.warm().catch(() => undefined);
    const scan = this.egressFor(req).endpoint !== undefined;
    const readAhead = this.inference.loaded !== undefined && this.config.model.reuseCache !== false;
    // Preparing builds the prompt and gathers snippets: not worth a keystroke's time when neither use below wants it.
    if (!scan && !readAhead) return;
    // The same prompt the request will have (snippets included), up to the cursor.
    const { ctx, router } = this.prepare(req);
    // The egress gate reads all that would leave on an escalation: let it read it now, in slices, between keystrokes.
    if (scan) prescanOutgoing(ctx, signal).catch(() => undefined); // the escalation's own scan reports a failure
    if (!readAhead) return;
    const ac = new AbortController();
    this.readAhead = ac;
    signal.addEventListener('abort', () => ac.abort(), { once: true });
    this.inference.prefill({ ...localRequestOf(ctx, router), maxNewTokens: 0 }, ac.signal);
  }

  /**
   * Whether this request's code may leave the machine, and the endpoint it
   * would go to (only when the policy allows it): the read-ahead's secret
   * prescan and the request's escalation client follow the same verdict.
   */
  private egressFor(req: EngineRequest): { verdict: EgressVerdict; endpoint?: EndpointConfig } {
    const verdict = egressVerdict(this.config, { file: req.file, pageOrigin: location.origin, offline: navigator.onLine === false });
    return { verdict, ...(verdict.allowed && this.config.endpoint && { endpoint: this.config.endpoint }) };
  }

  /** The client for `endpoint`: the same one while the endpoint's settings stay the same (its breaker's memory is per server). */
  private escalationClient(endpoint: EndpointConfig): CircuitBreaker {
    if (this.escalation?.endpoint === endpoint) return this.escalation.client;
    // A new settings object with the same endpoint keeps the client (and what its breaker learned).
    const key = JSON.stringify(endpoint);
    if (this.escalation?.key !== key) this.escalation = { key, endpoint, client: createEscalationClient(endpoint) };
    else this.escalation.endpoint = endpoint;
    return this.escalation.client;
  }

  /** The pipeline's ports for `req`; `endpoint` undefined: no escalation client, so nothing can leave. */
  private portsFor(req: EngineRequest, endpoint: EndpointConfig | undefined): PipelinePorts {
    const cfg = this.config;
    // Both checks name the live document the syntax worker holds, so they read it rather than the window.
    const live = <T extends object>(r: T) => ({
      ...r,
      documentId: req.documentId,
      version: req.version,
      ...(req.window && { prefixStart: req.window.start, documentLength: req.window.documentLength }),
    });
    return {
      local: {
        complete: async (r, sig) => {
          // The request itself reads what is left: stop the read-ahead (its chunks stay cached).
          this.readAhead?.abort();
          const out = await this.inference.complete(r, sig, cfg.model.watchdogMs);
          this.speed.observe(out.stats);
          this.onSpeed(this.speed.speed, this.budgets());
          return out;
        },
      },
      syntax: { validate: (r) => this.syntax.validate(live(r)) },
      // The settings' time budget, unless the request brings its own.
      semantic: { check: (r) => this.checkSemantics({ ...live(r), budgetMs: r.budgetMs ?? cfg.router.semanticBudgetMs }) },
      // The client exists only when the policy allows it: no policy, no socket.
      escalation: endpoint ? this.escalationClient(endpoint) : undefined,
      onEgress: ({ destination, bytes, reason, redactions, body, contextFiles }) => {
        const protocol = endpoint?.protocol ?? 'openai-completions';
        const settle = this.ledger.record({
          destination,
          protocol,
          bytes,
          file: req.file,
          reason,
          redactions,
          body,
          ...(contextFiles && { contextFiles }),
        });
        return (ok, detail, delivery) => settle(ok ? 'ok' : 'error', detail, delivery);
      },
    };
  }

  async complete(req: EngineRequest, signal: AbortSignal): Promise<CompletionResult> {
    const { verdict: egress, endpoint } = this.egressFor(req);
    const { ctx, router } = this.prepare(req);
    return runCompletion(ctx, router, egress, this.portsFor(req, endpoint), signal);
  }

  /**
   * The completion a request would get, computed ahead of it (the text after
   * a suggestion is accepted: src/completion/common/accept-prediction.ts). A prediction
   * never escalates: it runs with no escalation client, so no byte leaves and
   * no ledger entry is made, and where the router would escalate to an
   * endpoint the policy allows, there is no prediction (undefined): the real
   * request decides then. Where escalation could not happen anyway, the
   * result is the one the request would get.
   */
  async predict(req: EngineRequest, signal: AbortSignal): Promise<CompletionResult | undefined> {
    const { verdict: egress, endpoint } = this.egressFor(req);
    const { ctx, router } = this.prepare(req);
    const result = await runCompletion(ctx, router, egress, this.portsFor(req, undefined), signal);
    return result.decision.action !== 'keep' && endpoint ? undefined : result;
  }

  /**
   * Another answer to a request already answered with `first`, asked for when
   * the user wants another suggestion and there is no other: the local
   * model's second-best start (src/completion/common/second-best.ts). Like a
   * prediction it runs with no escalation client: nothing leaves.
   */
  async secondBest(req: EngineRequest, first: CompletionResult, signal: AbortSignal): Promise<CompletionResult | undefined> {
    const { ctx, router } = this.prepare(req);
    return secondBest(ctx, router, this.portsFor(req, undefined), first, signal);
  }

  dispose(): void {
    this.readAhead?.abort();
    this.inference.dispose();
    this.syntaxWorker.terminate();
  }
}
