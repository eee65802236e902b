// The workspace's entry point: the files being edited, their storage (the
// journal, the autosaver) and the context feed the completion reads.
export { Workspace } from './workspace';
export { AutoSaver, type StoreBatch, type WorkspaceStorage } from './persistence';
export type { Journal, StoredWorkspace } from './journal';
export { EditableText } from './text-edits';
export { readAll } from './text-pieces';
export { WorkspaceContextFeed } from './context-feed';
export type { DiskDirectoryHandle, DiskFile, DiskFileHandle, DiskWritable } from './disk-folder';
