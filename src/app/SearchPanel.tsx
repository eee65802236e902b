// Ctrl/Cmd+Shift+F: search and replace across the workspace's files. The
// search itself is src/workspace/search.ts; this panel holds the query, lists
// the matches per file and hands replacements to `apply` (one match: through
// the editor for an open file, the workspace otherwise) or `applyAll` (Replace
// all: every file through its editor model, undone by one Ctrl/Cmd+Z).
import { useEffect } from 'react';
import type { TextMatch } from '../workspace/search';
import type { TextEdit } from '../workspace/text-edits';
import type { Workspace } from '../workspace/workspace';
import { closeOnEscape } from './Dialog';
import { Icon } from './Icon';
import { useSearch, type SearchState } from './hooks/use-search';
import { SearchResults } from './SearchResults';
import { replaceAllQuestion, searchSummary } from './search-text';

interface Props {
  workspace: Workspace;
  /** Changes each time the search key is pressed: the query field takes focus again. */
  focusRequest: number;
  apply: (path: string, edits: TextEdit[]) => void;
  applyAll: (changes: [path: string, edits: TextEdit[]][]) => void;
  openAt: (path: string, match: TextMatch) => void;
  onClose: () => void;
}

export function SearchPanel({ workspace, focusRequest, apply, applyAll, openAt, onClose }: Props) {
  const search = useSearch(workspace, { apply, applyAll });
  const { query, compiled, result, total, input } = search;
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [focusRequest, input]);

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
      <SearchFields search={search} />
      <ReplaceAllActions search={search} />
      <p className="search-summary" role="status" data-testid="search-summary">
        {search.done ?? (query && compiled.ok ? searchSummary(total, result.files.length, result.truncated) : '')}
      </p>
      <SearchResults search={search} openAt={openAt} />
    </section>
  );
}

/** The query, its options, its error, and the replacement. */
function SearchFields({ search }: { search: SearchState }) {
  const { query, changeQuery, compiled, opts, toggle, replacement, setReplacement, input } = search;
  return (
    <>
      <label>
        Search{' '}
        <input
          ref={input}
          type="search"
          value={query}
          onChange={(e) => changeQuery(e.target.value)}
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
    </>
  );
}

/** Replace all, which asks first. */
function ReplaceAllActions({ search }: { search: SearchState }) {
  const { confirmAll, setConfirmAll, replaceAll, total, result } = search;
  return (
    <div className="search-actions">
      {!confirmAll ? (
        <button type="button" disabled={!total} onClick={() => setConfirmAll(true)} data-testid="replace-all">
          Replace all
        </button>
      ) : (
        <>
          <span>{replaceAllQuestion(total, result.files.length)}</span>
          <button type="button" onClick={replaceAll} data-testid="replace-all-confirm">
            Replace
          </button>
          <button type="button" onClick={() => setConfirmAll(false)}>
            Cancel
          </button>
        </>
      )}
    </div>
  );
}
