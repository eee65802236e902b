// Main-thread wiring: the two workers, the escalation client and the ledger
// plugged into the pure pipeline as its ports.
import * as Comlink from 'comlink';
import { runCompletion, type CompletionContext, type CompletionResult, type PipelinePorts } from '../completion/pipeline';
import type { AppConfig } from '../config/types';
import { createEscalationClient } from '../endpoint';
import type { DownloadProgress, InferenceLoadResult, InferenceWorkerApi } from '../inference/worker-api';
import type { Ledger } from '../privacy/ledger';
import { egressVerdict } from '../privacy/policy';
import type { SyntaxWorkerApi } from '../syntax/worker-api';

export interface EngineRequest extends Omit<CompletionContext, 'maxNewTokens'> {
  file: string;
}

export class CompletionEngine {
  private readonly inferenceWorker = new Worker(new URL('../../workers/inference.worker.ts', import.meta.url), { type: 'module', name: 'inference' });
  private readonly syntaxWorker = new Worker(new URL('../../workers/syntax.worker.ts', import.meta.url), { type: 'module', name: 'syntax' });
  private readonly inference = Comlink.wrap<InferenceWorkerApi>(this.inferenceWorker);
  private readonly syntax = Comlink.wrap<SyntaxWorkerApi>(this.syntaxWorker);
  private nextId = 1;
  private loaded: InferenceLoadResult | undefined;

  constructor(private config: AppConfig, private readonly ledger: Ledger) {}

  setConfig(config: AppConfig): void {
    this.config = config;
  }

  get model(): InferenceLoadResult | undefined {
    return this.loaded;
  }

  async loadModel(cfg: AppConfig['model'], onProgress: (p: DownloadProgress) => void): Promise<InferenceLoadResult> {
    this.loaded = undefined;
    this.loaded = await this.inference.load(
      { model: cfg.id, family: cfg.family, source: cfg.source, dtype: cfg.dtype, device: this.config.device },
      Comlink.proxy(onProgress),
    );
    return this.loaded;
  }

  async complete(req: EngineRequest, signal: AbortSignal): Promise<CompletionResult> {
    const cfg = this.config;
    const egress = egressVerdict(cfg, { file: req.file, pageOrigin: location.origin });
    const ports: PipelinePorts = {
      local: {
        complete: async (r, sig) => {
          const id = this.nextId++;
          const cancel = () => void this.inference.cancel(id);
          sig.addEventListener('abort', cancel, { once: true });
          try {
            return await this.inference.complete(id, r);
          } finally {
            sig.removeEventListener('abort', cancel);
          }
        },
      },
      syntax: { validate: (r) => this.syntax.validate(r) },
      // The client exists only when the policy allows egress: no policy, no socket.
      escalation: egress.allowed && cfg.endpoint ? createEscalationClient(cfg.endpoint) : undefined,
      onEgress: ({ destination, bytes, reason, redactions, body }) => {
        const protocol = cfg.endpoint?.protocol ?? 'openai-completions';
        const settle = this.ledger.record({ destination, protocol, bytes, file: req.file, reason, redactions, body });
        return (ok, detail) => settle(ok ? 'ok' : 'error', detail);
      },
    };
    const m = cfg.model;
    // Room for the FIM markers besides the generated tokens.
    const promptBudget = Math.max(64, Math.min(m.maxPromptTokens, m.contextWindow - m.maxNewTokens - 16));
    // A threshold calibrated for this language wins over the overall one.
    const router = { ...cfg.router, threshold: cfg.router.perLanguage?.[req.language] ?? cfg.router.threshold };
    return runCompletion({ ...req, maxNewTokens: m.maxNewTokens, promptBudget, earlyEscalation: cfg.router.earlyEscalation }, router, egress, ports, signal);
  }

  dispose(): void {
    this.inferenceWorker.terminate();
    this.syntaxWorker.terminate();
  }
}
