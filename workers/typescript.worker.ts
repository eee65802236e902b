// Thin host: Monaco's TypeScript worker (its language service over the models
// the main thread syncs into it) with one method more, the semantic check's
// types rule (src/semantic/type-diagnostics.ts) on a model's text, over the
// region diagnostics the Node compiler host asks for too
// (src/semantic/typescript-region.ts). The text without the completion is
// made here, from the model's, as one more file of the service: the main
// thread sends an edit per check, never a text. The parts are timed, so that
// where a check's time goes can be told.
import { initialize } from 'monaco-editor/internal/common/initialize';
import { TypeScriptWorker } from 'monaco-editor/languages/features/typescript/tsWorker';
import { typescript as ts } from 'monaco-editor/languages/features/typescript/lib/typescriptServices';
import { typeFindings } from '../src/semantic/type-diagnostics';
import { regionDiagnostics } from '../src/semantic/typescript-region';
import type { CheckingWorker, WorkerTypeFindings } from '../src/semantic/typescript-worker-api';
import type { LanguageId } from '../src/vocabulary/types';

class TypesCheckingWorker extends TypeScriptWorker implements CheckingWorker {
  private baselines = 0;

  /** No other files: an import resolves nowhere (its names are `any`) without probing for files, as in the Node host. */
  resolveModuleNameLiterals(literals: readonly unknown[]): { resolvedModule: undefined }[] {
    return literals.map(() => ({ resolvedModule: undefined }));
  }

  async typeFindings(fileName: string, language: LanguageId, start: number, end: number): Promise<WorkerTypeFindings> {
    const text = await this.getScriptText(fileName);
    if (text === undefined) throw new Error(`the TypeScript worker does not hold ${fileName}`);
    const out = { programMs: 0, checkMs: 0, baseline: false };
    const findings = await typeFindings(
      { language, text, completionStart: start, completionEnd: end },
      async (_name, checked, from, to) => {
        let file = fileName;
        if (checked !== text) {
          // The baseline: a file beside the model's, with the same name in a folder of its own.
          file = fileName.replace(/\/([^/]*)$/, '/baseline/$1');
          this.setFile(file, checked);
          out.baseline = true;
        }
        const t0 = performance.now();
        const program = this.getLanguageService().getProgram()!;
        const t1 = performance.now();
        const diagnostics = regionDiagnostics(ts, program, program.getSourceFile(file)!, from, to);
        out.programMs += t1 - t0;
        out.checkMs += performance.now() - t1;
        return diagnostics;
      },
    );
    return { findings, ...out };
  }

  /** A file of the service that is no model: held as Monaco holds its extra libs (a text and a version). */
  private setFile(name: string, content: string): void {
    this._extraLibs[name] = { content, version: ++this.baselines };
  }
}

// Monaco's protocol: a first message wakes the worker, the second brings the service's settings.
self.onmessage = () => initialize((ctx, createData) => new TypesCheckingWorker(ctx, createData));
