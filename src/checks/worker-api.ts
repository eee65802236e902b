// The messages between the app and the syntax worker (over comlink).
import type { SyntaxRequest, SyntaxVerdict } from '../vocabulary/types';
import type { SemanticRequest, SemanticVerdict } from '../semantic/types';
import type { SyntaxDocumentsApi } from '../syntax/live-documents';

export interface SyntaxWorkerApi extends SyntaxDocumentsApi {
  /** The pipeline's check; incremental when `documentId`/`version` name a document held at that version (`checkedOn` says which). */
  validate(req: SyntaxRequest): Promise<SyntaxVerdict>;
  /** The semantic check (src/semantic/check.ts) on the same parser; on the whole held document when `documentId`/`version`/`prefixStart` name it. */
  checkSemantics(req: SemanticRequest): Promise<SemanticVerdict>;
  /** Resolves once the operations queued so far on a held document have run (its first parse included). */
  whenSettled(uri: string): Promise<void>;
}
