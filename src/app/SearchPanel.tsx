// Ctrl/Cmd+Shift+F: search and replace across the workspace's files. The
// search itself is src/workspace/search.ts; this panel holds the query, lists
// the matches per file and hands replacements to `apply` (one match: through
// the editor for an open file, the workspace otherwise) or `applyAll` (Replace
// all: every file through its editor model, undone by one Ctrl/Cmd+Z).
import { useEffect, useMemo, useRef, useState } from 'react';
import { compileQuery, replacementEdits, searchFiles, type SearchOptions, type TextMatch } from '../workspace/search';
import type { TextEdit } from '../workspace/text-edits';
import type { Workspace } from '../workspace/workspace';
import { closeOnEscape } from './Dialog';
import { Icon } from './Icon';

interface Props {
  workspace: Workspace;
  /** Changes each time the search key is pressed: the query field takes focus again. */
  focusRequest: number;
  apply: (path: string, edits: TextEdit[]) => void;
  applyAll: (changes: [path: string, edits: TextEdit[]][]) => void;
  openAt: (path: string, match: TextMatch) => void;
  onClose: () => void;
}

/** Typing in the editor re-runs the search after this pause, not on every key. */
const REFRESH_MS = 300;

/** Bumps on every workspace change, at most once per REFRESH_MS. */
function useWorkspaceRevision(workspace: Workspace): number {
  const [rev, setRev] = useState(0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsub = workspace.subscribe(() => {
      timer ??= setTimeout(() => {
        timer = undefined;
        setRev((n) => n + 1);
      }, REFRESH_MS);
    });
    return () => {
      unsub();
      clearTimeout(timer);
    };
  }, [workspace]);
  return rev;
}

export function SearchPanel({ workspace, focusRequest, apply, applyAll, openAt, onClose }: Props) {
  const [query, setQuery] = useState('');
  const [replacement, setReplacement] = useState('');
  const [opts, setOpts] = useState<SearchOptions>({ regex: false, matchCase: false, wholeWord: false });
  const [confirmAll, setConfirmAll] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const rev = useWorkspaceRevision(workspace);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [focusRequest]);

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
    const files = changes.length;
    setConfirmAll(false);
    // The confirm button goes away: focus stays in the panel, where Escape and the next query work.
    input.current?.focus();
    setDone(
      `Replaced ${n} ${n === 1 ? 'match' : 'matches'} in ${files} ${files === 1 ? 'file' : 'files'}.` +
        (files > 1 ? ' Ctrl+Z in any of them undoes it in all.' : ''),
    );
  };
  const toggle = (k: keyof SearchOptions) => setOpts((o) => ({ ...o, [k]: !o[k] }));

  return (
    <section
      className="search-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby="search-title"
      data-testid="search-panel"
      onKeyDown={closeOnEscape(onClose)}
    >
      <div className="overlay-head">
        <h2 id="search-title">Search in files</h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label="Close search" title="Close (Escape)">
          <Icon name="close" />
        </button>
      </div>
      <label>
        Search{' '}
        <input
          ref={input}
          type="search"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setDone(null);
          }}
          data-testid="search-input"
          aria-invalid={!compiled.ok}
          aria-describedby={!compiled.ok ? 'search-error' : undefined}
          spellCheck={false}
        />
      </label>
      <div className="search-options" role="group" aria-label="Search options">
        <label>
          <input type="checkbox" checked={opts.matchCase} onChange={() => toggle('matchCase')} data-testid="search-case" /> Match case
        </label>
        <label>
          <input type="checkbox" checked={opts.wholeWord} onChange={() => toggle('wholeWord')} data-testid="search-word" /> Whole word
        </label>
        <label>
          <input type="checkbox" checked={opts.regex} onChange={() => toggle('regex')} data-testid="search-regex" /> Regular expression
        </label>
      </div>
      {!compiled.ok && query && (
        <p className="search-error" id="search-error" role="alert" data-testid="search-error">
          {compiled.error}
        </p>
      )}
      <label>
        Replace with{' '}
        <input
          type="text"
          value={replacement}
          onChange={(e) => setReplacement(e.target.value)}
          data-testid="replace-input"
          spellCheck={false}
          placeholder={opts.regex ? '$1, $<name> and $& refer to the match' : ''}
        />
      </label>
      <div className="search-actions">
        {!confirmAll ? (
          <button type="button" disabled={!total} onClick={() => setConfirmAll(true)} data-testid="replace-all">
            Replace all
          </button>
        ) : (
          <>
            <span>
              Replace {total} {total === 1 ? 'match' : 'matches'} in {result.files.length} {result.files.length === 1 ? 'file' : 'files'}?
              One Ctrl+Z undoes it in every file.
            </span>
            <button type="button" onClick={replaceAll} data-testid="replace-all-confirm">
              Replace
            </button>
            <button type="button" onClick={() => setConfirmAll(false)}>
              Cancel
            </button>
          </>
        )}
      </div>
      <p className="search-summary" role="status" data-testid="search-summary">
        {done ??
          (query && compiled.ok
            ? `${total}${result.truncated ? '+' : ''} ${total === 1 ? 'match' : 'matches'} in ${result.files.length} ${result.files.length === 1 ? 'file' : 'files'}${result.truncated ? ' (narrow the search to see the rest)' : ''}`
            : '')}
      </p>
      <div className="search-results" data-testid="search-results">
        {result.files.map((f) => (
          <section key={f.path} aria-label={f.path} data-testid="search-file" data-path={f.path}>
            <h3>
              {f.path} <span className="count">{f.matches.length}</span>
            </h3>
            <ul>
              {f.matches.map((m) => (
                <li key={m.offset}>
                  <button
                    type="button"
                    className="search-hit"
                    onClick={() => openAt(f.path, m)}
                    data-testid="search-hit"
                    data-line={m.line}
                  >
                    <span className="line-no">{m.line}</span> <MatchLine match={m} />
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    onClick={() => replaceOne(f.path, m)}
                    aria-label={`Replace the match on line ${m.line} of ${f.path}`}
                    title="Replace this match"
                    data-testid="replace-one"
                  >
                    <Icon name="replace" />
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}

/** The matching line, the match marked; a long line is cut around it. */
function MatchLine({ match }: { match: TextMatch }) {
  const start = match.column - 1;
  const end = Math.min(match.lineText.length, start + match.length);
  const from = Math.max(0, start - 40);
  return (
    <code>
      {from > 0 && '…'}
      {match.lineText.slice(from, start)}
      <mark>{match.lineText.slice(start, end) || ' '}</mark>
      {match.lineText.slice(end, end + 80)}
    </code>
  );
}
