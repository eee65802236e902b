// The messages between the app and the syntax worker (over comlink).
import type { SyntaxRequest, SyntaxVerdict } from '../completion/types';

export interface SyntaxWorkerApi {
  validate(req: SyntaxRequest): Promise<SyntaxVerdict>;
}
