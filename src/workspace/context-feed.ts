// Keeps workspace retrieval's index (src/completion/workspace-context) in
// step with the workspace, file by file as they change (never a copy of the
// whole workspace per request), and remembers which files the user edited
// and viewed, most recent first, following renames and deletes.
import { StableSnippetChooser, WorkspaceIndex } from '../completion/common/workspace-context';
import { WorkspaceSemanticsSource, type WorkspaceSemantics } from '../completion/common/workspace-context/semantic-context';
import type { WorkspaceContextSource } from '../completion/common/request';
import type { WorkspaceFiles } from '../semantic/types';
import type { Workspace, WorkspaceChange } from './workspace';

/** How many recently edited / viewed files are remembered. */
const RECENT_LIMIT = 20;

/** Most recent first, each path once, at most RECENT_LIMIT. */
class RecentList {
  private items: string[] = [];
  touch(path: string): void {
    this.items = [path, ...this.items.filter((p) => p !== path)].slice(0, RECENT_LIMIT);
  }
  rename(moves: Map<string, string>): void {
    this.items = this.items.map((p) => moves.get(p) ?? p);
  }
  keepOnly(exists: (p: string) => boolean): void {
    this.items = this.items.filter(exists);
  }
  get list(): readonly string[] {
    return this.items;
  }
}

export class WorkspaceContextFeed implements WorkspaceContextSource {
  readonly index = new WorkspaceIndex();
  readonly chooser = new StableSnippetChooser(this.index);
  private readonly semanticsSource = new WorkspaceSemanticsSource(this.index);
  /** The texts the index holds: a file it did not read (too large) is no file to the types check. */
  readonly files: WorkspaceFiles = { text: (path) => this.index.indexedText(path) };
  private readonly edited = new RecentList();
  private readonly viewed = new RecentList();
  private readonly unsubscribe: () => void;

  constructor(private readonly workspace: Workspace) {
    this.reload();
    this.unsubscribe = workspace.subscribe((c) => this.onChange(c));
  }

  /** The editor shows `path` (a tab opened or switched to). */
  noteViewed(path: string): void {
    if (this.workspace.has(path)) this.viewed.touch(path);
  }

  recentlyEdited(): readonly string[] {
    return this.edited.list;
  }

  recentlyViewed(): readonly string[] {
    return this.viewed.list;
  }

  semantics(file: string, prefix: string, suffix: string): WorkspaceSemantics {
    return this.semanticsSource.for(file, prefix, suffix);
  }

  dispose(): void {
    this.unsubscribe();
  }

  private reload(): void {
    this.index.update(this.workspace.paths().map((path) => ({ path, text: this.workspace.read(path) ?? '' })));
  }

  private onChange(c: WorkspaceChange): void {
    const exists = (p: string) => this.workspace.has(p);
    switch (c.kind) {
      case 'content':
        // Read when retrieval asks, not per keystroke; a file too large to index is not read at all.
        this.index.changed(c.path, () => this.workspace.read(c.path) ?? '', this.workspace.length(c.path));
        if (c.origin === 'editor') this.edited.touch(c.path);
        break;
      case 'created':
        for (const p of c.paths) this.index.set(p, this.workspace.read(p) ?? '');
        break;
      case 'moved': {
        // A folder move lists the folder; the files under it moved too: re-read the whole list.
        this.reload();
        const moves = new Map<string, string>();
        for (const [from, to] of c.moves) {
          for (const p of this.workspace.paths()) if (p === to || p.startsWith(`${to}/`)) moves.set(from + p.slice(to.length), p);
        }
        this.edited.rename(moves);
        this.viewed.rename(moves);
        break;
      }
      case 'deleted':
      case 'reset':
        this.reload();
        this.edited.keepOnly(exists);
        this.viewed.keepOnly(exists);
        break;
      case 'folders':
        break;
    }
  }
}
