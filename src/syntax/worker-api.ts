// The messages between the app and the syntax worker (over comlink).
import type { LanguageId, SyntaxRequest, SyntaxVerdict } from '../vocabulary/types';
import type { SemanticRequest, SemanticVerdict } from '../semantic/types';
import type { OpenResult } from './live-documents';
import type { TextEdit } from './text-edits';

export type { OpenResult, TextEdit };

/** The live-document half: keep the worker's copy of each editor document in step. */
export interface SyntaxDocumentsApi {
  openDocument(uri: string, language: LanguageId, text: string, version: number): Promise<OpenResult>;
  /** false: the worker does not hold the document at a version this event follows; open it again. */
  applyEdits(uri: string, version: number, edits: TextEdit[], length?: number): Promise<boolean>;
  closeDocument(uri: string): Promise<void>;
}

export interface SyntaxWorkerApi extends SyntaxDocumentsApi {
  /** The pipeline's check; incremental when `documentId`/`version` name a document held at that version (`checkedOn` says which). */
  validate(req: SyntaxRequest): Promise<SyntaxVerdict>;
  /** The semantic check (src/semantic/check.ts) on the same parser; on the whole held document when `documentId`/`version`/`prefixStart` name it. */
  checkSemantics(req: SemanticRequest): Promise<SemanticVerdict>;
}
