// The search panel's state: the query and its options, the matches in the workspace's files
// (re-read as they change), and the replacements handed to the editor.
import { useEffect, useMemo, useRef, useState } from 'react';
import { compileQuery, replacementEdits, searchFiles, type SearchOptions, type TextMatch } from '../../workspace/search';
import type { TextEdit } from '../../workspace/text-edits';
import type { Workspace } from '../../workspace/workspace';
import { replacedAllText } from '../search-text';
import { useWorkspaceRevision } from './use-workspace-revision';

/** Typing in the editor re-runs the search after this pause, not on every key. */
const REFRESH_MS = 300;

export interface SearchActions {
  apply: (path: string, edits: TextEdit[]) => void;
  applyAll: (changes: [path: string, edits: TextEdit[]][]) => void;
}

export function useSearch(workspace: Workspace, { apply, applyAll }: SearchActions) {
  const [query, setQuery] = useState('');
  const [replacement, setReplacement] = useState('');
  const [opts, setOpts] = useState<SearchOptions>({ regex: false, matchCase: false, wholeWord: false });
  const [confirmAll, setConfirmAll] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const rev = useWorkspaceRevision(workspace, REFRESH_MS);

  const compiled = useMemo(() => compileQuery(query, opts), [query, opts]);
  const result = useMemo(() => {
    void rev; // the files' texts changed
    if (!query || !compiled.ok) return { files: [], truncated: false };
    return searchFiles(
      workspace.paths().map((p) => [p, workspace.read(p) ?? ''] as [string, string]),
      compiled,
    );
  }, [query, compiled, workspace, rev]);
  const total = result.files.reduce((n, f) => n + f.matches.length, 0);
  useEffect(() => {
    setConfirmAll(false);
  }, [query, opts, replacement]);

  const replaceOne = (path: string, m: TextMatch) => {
    const edits = replacementEdits(workspace.read(path) ?? '', compiled, replacement, m.offset);
    if (edits.length) apply(path, edits);
    setDone(edits.length ? `Replaced 1 match in ${path}.` : `${path} changed since the search: search again.`);
  };
  const replaceAll = () => {
    // Each file's current text, not the listed matches: the list may be a moment behind the typing.
    const changes = result.files
      .map((f) => [f.path, replacementEdits(workspace.read(f.path) ?? '', compiled, replacement)] as [string, TextEdit[]])
      .filter(([, edits]) => edits.length > 0);
    applyAll(changes);
    const n = changes.reduce((sum, [, edits]) => sum + edits.length, 0);
    setConfirmAll(false);
    // The confirm button goes away: focus stays in the panel, where Escape and the next query work.
    input.current?.focus();
    setDone(replacedAllText(n, changes.length));
  };
  const changeQuery = (q: string) => {
    setQuery(q);
    setDone(null);
  };
  const toggle = (k: keyof SearchOptions) => setOpts((o) => ({ ...o, [k]: !o[k] }));
  return {
    query,
    changeQuery,
    replacement,
    setReplacement,
    opts,
    toggle,
    compiled,
    result,
    total,
    done,
    confirmAll,
    setConfirmAll,
    replaceOne,
    replaceAll,
    input,
  };
}

export type SearchState = ReturnType<typeof useSearch>;
