// Monaco leaves some of its own promises unawaited where its cancellation
// rejects them: the inline suggestions' screen-reader announcement waits on a
// token that the next suggestion, or the editor's disposal (the ghost-text
// warm-up's hidden editor on every load), cancels. VS Code routes unhandled
// rejections through Monaco's onUnexpectedError, which drops cancellations;
// the standalone editor installs no such handler, so the browser reports each
// one as an uncaught "Canceled: Canceled". This is that handler, for Monaco's
// cancellations only: any other unhandled rejection still surfaces. One more
// of Monaco's own is dropped with them: its diff editor's "no diff result
// available", thrown when the editor worker no longer holds the models a
// diff was started on (the diff view switched away or the page reloaded
// while it computed); the next diff is computed afresh.
import { isCancellationError } from 'monaco-editor/base/common/errors';

let installed = false;

/** Monaco's WorkerBasedDocumentDiffProvider's error for a diff whose models the worker dropped meanwhile. */
const isStaleDiff = (reason: unknown): boolean => reason instanceof Error && reason.message === 'no diff result available';

export function dropMonacoCancellations(): void {
  if (installed || typeof globalThis.addEventListener !== 'function') return;
  installed = true;
  globalThis.addEventListener('unhandledrejection', (e: PromiseRejectionEvent) => {
    if (isCancellationError(e.reason) || isStaleDiff(e.reason)) e.preventDefault();
  });
}
