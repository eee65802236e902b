// What the syntax worker exposes, built from a runtime port: one validator,
// its live documents, and a guard so that no input (a wrong type, a bug, a
// wasm out-of-memory) can throw through comlink or leave the worker stuck:
// a check that fails becomes a definite "not checked" verdict with the
// reason, a document operation that fails forgets the document.
import type { SyntaxRequest, SyntaxVerdict } from '../completion/types';
import { LiveDocuments, type LiveDocumentsOptions } from './live-documents';
import { SyntaxValidator, uncheckedVerdict, type SyntaxRuntimePort, type SyntaxValidatorOptions } from './validator';
import type { SyntaxWorkerApi } from './worker-api';

export type SyntaxServiceOptions = SyntaxValidatorOptions & LiveDocumentsOptions;

export function createSyntaxService(port: SyntaxRuntimePort, options?: SyntaxServiceOptions): SyntaxWorkerApi {
  const validator = new SyntaxValidator(port, options);
  const docs = new LiveDocuments(validator, options);
  const failed = (language: unknown, error: unknown, started: number): SyntaxVerdict =>
    uncheckedVerdict(typeof language === 'string' ? language : 'unknown', `the validator failed: ${(error as Error)?.message ?? String(error)}`, started);
  return {
    async validate(req: SyntaxRequest) {
      const started = performance.now();
      try {
        return await docs.validate(req);
      } catch (error) {
        return failed((req as Partial<SyntaxRequest> | null)?.language, error, started);
      }
    },
    async openDocument(uri, language, text, version) {
      try {
        return await docs.openDocument(uri, language, text, version);
      } catch (error) {
        void docs.closeDocument(uri);
        return { ok: false, reason: `the document could not be parsed: ${(error as Error)?.message ?? String(error)}` };
      }
    },
    async applyEdits(uri, version, edits, length) {
      try {
        return await docs.applyEdits(uri, version, edits, length);
      } catch {
        void docs.closeDocument(uri);
        return false;
      }
    },
    async closeDocument(uri) {
      await docs.closeDocument(uri);
    },
  };
}
