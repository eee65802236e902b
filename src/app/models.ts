// One Monaco text model per workspace file (each with its own undo history),
// kept in step with the workspace both ways: typing updates the workspace,
// and an external change (a diff applied, an import) becomes an undoable edit.
import { monaco } from '../editor/monaco';
import type { Workspace } from '../workspace/workspace';
import { monacoLanguageOf } from './files';

export const pathOfModel = (m: monaco.editor.ITextModel) => m.uri.path.replace(/^\//, '');

export class ModelRegistry {
  private readonly models = new Map<string, { model: monaco.editor.ITextModel; sub: monaco.IDisposable }>();
  private external = false;
  private readonly unsub: () => void;

  constructor(private readonly ws: Workspace) {
    this.unsub = ws.subscribe((c) => {
      if (c.kind === 'content' && c.origin === 'external') this.pull(c.path);
      else if (c.kind === 'moved') for (const [from, to] of c.moves) this.rename(from, to);
      else if (c.kind === 'deleted') for (const p of c.paths) this.drop(p);
      else if (c.kind === 'reset') for (const p of [...this.models.keys()]) this.drop(p);
    });
  }

  /** The model of a file, created on first use. */
  get(path: string): monaco.editor.ITextModel | undefined {
    const have = this.models.get(path);
    if (have) return have.model;
    const content = this.ws.read(path);
    if (content === undefined) return undefined;
    const uri = monaco.Uri.file(path);
    monaco.editor.getModel(uri)?.dispose();
    const model = monaco.editor.createModel(content, monacoLanguageOf(path), uri);
    const sub = model.onDidChangeContent(() => {
      if (!this.external) this.ws.setContent(path, model.getValue(), 'editor');
    });
    this.models.set(path, { model, sub });
    return model;
  }

  peek(path: string): monaco.editor.ITextModel | undefined {
    return this.models.get(path)?.model;
  }

  private pull(path: string): void {
    const m = this.models.get(path)?.model;
    const text = this.ws.read(path);
    if (!m || text === undefined || m.getValue() === text) return;
    this.external = true;
    try {
      m.pushStackElement();
      m.pushEditOperations([], [{ range: m.getFullModelRange(), text }], () => null);
      m.pushStackElement();
    } finally {
      this.external = false;
    }
  }

  /** A renamed file gets a model at its new path (the language may change with the name). */
  private rename(from: string, to: string): void {
    if (this.models.has(from)) {
      this.drop(from);
      this.get(to);
    }
  }

  private drop(path: string): void {
    const have = this.models.get(path);
    if (!have) return;
    have.sub.dispose();
    have.model.dispose();
    this.models.delete(path);
  }

  dispose(): void {
    this.unsub();
    for (const p of [...this.models.keys()]) this.drop(p);
  }
}
