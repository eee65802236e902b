// The search panel's matches, per file: each opens the file at the match, or replaces just it.
import type { TextMatch } from '../workspace/search';
import { Icon } from './Icon';
import type { SearchState } from './hooks/use-search';
import { matchLineParts } from './search-text';

interface Props {
  search: SearchState;
  openAt: (path: string, match: TextMatch) => void;
}

export function SearchResults({ search, openAt }: Props) {
  return (
    <div className="search-results" data-testid="search-results">
      {search.result.files.map((f) => (
        <section key={f.path} aria-label={f.path} data-testid="search-file" data-path={f.path}>
          <h3>
            {f.path} <span className="count">{f.matches.length}</span>
          </h3>
          <ul>
            {f.matches.map((m) => (
              <SearchHit key={m.offset} path={f.path} match={m} openAt={openAt} replaceOne={search.replaceOne} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

interface HitProps {
  path: string;
  match: TextMatch;
  openAt: Props['openAt'];
  replaceOne: SearchState['replaceOne'];
}

function SearchHit({ path, match: m, openAt, replaceOne }: HitProps) {
  return (
    <li>
      <button type="button" className="search-hit" onClick={() => openAt(path, m)} data-testid="search-hit" data-line={m.line}>
        <span className="line-no">{m.line}</span> <MatchLine match={m} />
      </button>
      <button
        type="button"
        className="icon-button"
        onClick={() => replaceOne(path, m)}
        aria-label={`Replace the match on line ${m.line} of ${path}`}
        title="Replace this match"
        data-testid="replace-one"
      >
        <Icon name="replace" />
      </button>
    </li>
  );
}

/** The matching line, the match marked; a long line is cut around it. */
function MatchLine({ match }: { match: TextMatch }) {
  const { cut, before, hit, after } = matchLineParts(match);
  return (
    <code>
      {cut && '…'}
      {before}
      <mark>{hit}</mark>
      {after}
    </code>
  );
}
