// The messages between the app and the syntax worker (over comlink).
import type { LanguageId, SyntaxRequest, SyntaxVerdict } from '../vocabulary/types';
import type { SemanticRequest, SemanticVerdict } from '../semantic/types';
import type { OpenResult, SyntaxDocumentsApi } from '../syntax/live-documents';

/** How a document is opened: whether the semantic check's analysis of it is made now, ahead of its checks. */
export interface OpenOptions {
  primeSemantics?: boolean;
}

export interface SyntaxWorkerApi extends SyntaxDocumentsApi {
  /**
   * SyntaxDocumentsApi's open; with `primeSemantics`, the semantic check's analysis of the document is made as
   * it opens (a parse and a walk of the whole text: in a multi-MB file, seconds of the worker's time), so the
   * first check does not make it. Without, the first semantic check in the document makes it, if one ever runs.
   */
  openDocument(uri: string, language: LanguageId, text: string, version: number, options?: OpenOptions): Promise<OpenResult>;
  /** The pipeline's check; incremental when `documentId`/`version` name a document held at that version (`checkedOn` says which). */
  validate(req: SyntaxRequest): Promise<SyntaxVerdict>;
  /** The semantic check (src/semantic/check.ts) on the same parser; on the whole held document when `documentId`/`version`/`prefixStart` name it. */
  checkSemantics(req: SemanticRequest): Promise<SemanticVerdict>;
  /** Resolves once the operations queued so far on a held document have run (its first parse included). */
  whenSettled(uri: string): Promise<void>;
}
