// What the syntax worker exposes, built from a runtime port: one validator,
// its live documents, and a guard so that no input (a wrong type, a bug, a
// wasm out-of-memory) can throw through comlink or leave the worker stuck:
// a check that fails becomes a definite "not checked" verdict with the
// reason, a document operation that fails forgets the document.
import type { SyntaxRequest, SyntaxRuntimePort, SyntaxVerdict } from '../vocabulary/types';
import { checkSemantics, primeSemantics, uncheckedSemantic } from '../semantic/check';
import { validatorParse } from '../semantic/parse';
import type { SemanticRequest } from '../semantic/types';
import { LiveDocuments, type LiveDocumentsOptions } from '../syntax/live-documents';
import { SyntaxValidator, uncheckedVerdict, type SyntaxValidatorOptions } from '../syntax/validator';
import type { SyntaxWorkerApi } from './worker-api';

export type SyntaxServiceOptions = SyntaxValidatorOptions & LiveDocumentsOptions;

export function createSyntaxService(port: SyntaxRuntimePort, options?: SyntaxServiceOptions): SyntaxWorkerApi {
  const validator = new SyntaxValidator(port, options);
  const docs = new LiveDocuments(validator, options);
  const parse = validatorParse(validator);
  const failed = (language: unknown, error: unknown, started: number): SyntaxVerdict =>
    uncheckedVerdict(
      typeof language === 'string' ? language : 'unknown',
      `the validator failed: ${(error as Error)?.message ?? String(error)}`,
      started,
    );
  return {
    async validate(req: SyntaxRequest) {
      const started = performance.now();
      try {
        return await docs.validate(req);
      } catch (error) {
        return failed((req as Partial<SyntaxRequest> | null)?.language, error, started);
      }
    },
    async checkSemantics(req: SemanticRequest) {
      const started = performance.now();
      try {
        return await checkSemantics(wholeDocument(req, docs), parse);
      } catch (error) {
        const language = (req as Partial<SemanticRequest> | null)?.language;
        return uncheckedSemantic(
          typeof language === 'string' ? language : 'unknown',
          `the semantic check failed: ${(error as Error)?.message ?? String(error)}`,
          started,
        );
      }
    },
    async openDocument(uri, language, text, version, options) {
      try {
        const opened = await docs.openDocument(uri, language, text, version);
        // Asked for (the semantic check is on): the check's analysis of the document is made now, not on the first completion.
        if (opened.ok && options?.primeSemantics) await primeSemantics(language, text, parse).catch(() => undefined);
        return opened;
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
    whenSettled: (uri) => docs.whenSettled(uri),
  };
}

/**
 * A request on a window of a document the worker holds at that version:
 * the whole document instead, so a name defined outside the window resolves.
 */
function wholeDocument(req: SemanticRequest, docs: LiveDocuments): SemanticRequest {
  const { documentId, version, prefixStart } = req;
  if (documentId === undefined || version === undefined || prefixStart === undefined || docs.versionOf(documentId) !== version) return req;
  const text = docs.textOf(documentId);
  const at = prefixStart + req.prefix.length;
  if (text === undefined || at > text.length || text.slice(prefixStart, at) !== req.prefix || !text.startsWith(req.suffix, at)) return req;
  return { ...req, prefix: text.slice(0, at), suffix: text.slice(at) };
}
