// One Monaco text model per workspace file (each with its own undo history),
// kept in step with the workspace both ways: typing tells the workspace the
// edits (the model is the file's live text, read only when someone asks), and
// an external change (a diff applied, an import) becomes an undoable edit.
//
// The models of the last delete are kept (not attached to anything) until the
// next delete: an undone delete gets its files' models back, undo history and all.
//
// A model's URI names a buffer, not a path: Monaco cannot change a model's
// URI, so a URI made from the path would force a new model on every rename
// and throw the file's undo history away. The registry maps buffers to paths.
import { monaco } from '../editor/monaco';
import type { Workspace } from '../workspace/workspace';
import { EditGroups } from '../editor/edit-groups';
import { monacoLanguageOf } from './files';

interface Entry {
  model: monaco.editor.ITextModel;
  sub: monaco.IDisposable;
  path: string;
  /** Hands the file's text back to the workspace. */
  detach: () => void;
}

const BUFFER_SCHEME = 'buffer';
/** Module-wide so that two registries (React's strict mode mounts twice) never ask Monaco for the same URI. */
let nextBuffer = 1;

export class ModelRegistry {
  private readonly byPath = new Map<string, Entry>();
  private readonly byUri = new Map<string, Entry>();
  /** The last delete's models by path, for an undo. */
  private deleted = new Map<string, monaco.editor.ITextModel>();
  private external = false;
  private readonly unsub: () => void;
  /** Edits made to several of these models at once, undone as one. */
  readonly editGroups = new EditGroups();

  constructor(private readonly ws: Workspace) {
    this.unsub = ws.subscribe((c) => {
      if (c.kind === 'content' && c.origin === 'external') this.pull(c.path);
      else if (c.kind === 'moved') this.rename(c.moves);
      else if (c.kind === 'deleted') this.keepDeleted(c.paths);
      else if (c.kind === 'reset') {
        this.forgetDeleted();
        for (const p of [...this.byPath.keys()]) this.drop(p);
      }
    });
  }

  /** The model of a file, created on first use. */
  get(path: string): monaco.editor.ITextModel | undefined {
    const have = this.byPath.get(path);
    if (have) return have.model;
    const content = this.ws.read(path);
    if (content === undefined) return undefined;
    const kept = this.deleted.get(path);
    this.deleted.delete(path);
    if (kept?.getValue() === content) return this.register(path, kept);
    kept?.dispose();
    // The file name stays in the URI for people reading Monaco's own messages; the number makes it unique.
    const uri = monaco.Uri.from({ scheme: BUFFER_SCHEME, path: `/${nextBuffer++}/${path.split('/').pop()}` });
    const model = monaco.editor.createModel(content, monacoLanguageOf(path), uri);
    this.adoptLineEnds(path, model, content);
    return this.register(path, model);
  }

  private register(path: string, model: monaco.editor.ITextModel): monaco.editor.ITextModel {
    const uri = model.uri;
    const entry: Entry = {
      model,
      path,
      sub: { dispose() {} },
      detach: this.ws.attach(
        path,
        () => model.getValue(),
        () => model.getValueLength(),
        () => {
          // Taken together: the snapshot and its length are of the same version.
          const length = model.getValueLength();
          const snapshot = model.createSnapshot();
          return { length, read: () => snapshot.read() };
        },
      ),
    };
    entry.sub = model.onDidChangeContent((e) => {
      if (!this.external)
        this.ws.edit(
          entry.path,
          e.changes.map((c) => ({ offset: c.rangeOffset, length: c.rangeLength, text: c.text })),
        );
    });
    this.byPath.set(path, entry);
    this.byUri.set(uri.toString(), entry);
    return model;
  }

  peek(path: string): monaco.editor.ITextModel | undefined {
    return this.byPath.get(path)?.model;
  }

  /** The workspace path of a model; a model the registry does not own (the review's original side) answers with its URI's path. */
  pathOf(model: monaco.editor.ITextModel): string {
    return this.byUri.get(model.uri.toString())?.path ?? model.uri.path.replace(/^\//, '');
  }

  private pull(path: string): void {
    const m = this.byPath.get(path)?.model;
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
    this.adoptLineEnds(path, m, text);
  }

  /** Monaco makes a text's line ends uniform: the workspace takes the model's text, so the edits' offsets apply to what it holds. */
  private adoptLineEnds(path: string, model: monaco.editor.ITextModel, text: string): void {
    const value = model.getValue();
    if (value !== text) this.ws.setContent(path, value, 'editor');
  }

  /** A renamed file keeps its model, and so its undo history; only the language may change with the name. */
  private rename(moves: [from: string, to: string][]): void {
    // All out first: a folder move may put one file where another was.
    const moving = moves.flatMap(([from, to]) => {
      const entry = this.byPath.get(from);
      this.byPath.delete(from);
      return entry ? [{ entry, to }] : [];
    });
    for (const { entry, to } of moving) {
      entry.path = to;
      this.byPath.set(to, entry);
      const language = monacoLanguageOf(to);
      if (entry.model.getLanguageId() !== language) monaco.editor.setModelLanguage(entry.model, language);
    }
  }

  /** Unlinks a file's model from the workspace; returns it, or disposes it unless `keep`. */
  private drop(path: string, keep = false): monaco.editor.ITextModel | undefined {
    const have = this.byPath.get(path);
    if (!have) return undefined;
    this.byPath.delete(path);
    this.byUri.delete(have.model.uri.toString());
    have.sub.dispose();
    have.detach();
    if (keep) return have.model;
    have.model.dispose();
    return undefined;
  }

  private keepDeleted(paths: string[]): void {
    this.forgetDeleted();
    for (const p of paths) {
      const model = this.drop(p, true);
      if (model) this.deleted.set(p, model);
    }
  }

  private forgetDeleted(): void {
    for (const m of this.deleted.values()) m.dispose();
    this.deleted.clear();
  }

  dispose(): void {
    this.unsub();
    this.forgetDeleted();
    for (const p of [...this.byPath.keys()]) this.drop(p);
  }
}
