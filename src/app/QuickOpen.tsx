// Ctrl/Cmd+P: a file of the workspace by a few letters of its path, ranked
// by fuzzysort (consecutive letters and word starts first).
import { Command } from 'cmdk';
import fuzzysort from 'fuzzysort';
import { useMemo, useState, type ReactNode } from 'react';
import { PickerDialog } from './Dialog';

/** Enough to pick from; typing narrows a longer list. */
const SHOWN = 50;

interface Props {
  paths: readonly string[];
  onOpen: (path: string) => void;
  onClose: () => void;
}

export function QuickOpen({ paths, onOpen, onClose }: Props) {
  const [query, setQuery] = useState('');
  const ranked = useMemo(
    () =>
      query.trim()
        ? fuzzysort
            .go(query.trim(), paths, { limit: SHOWN })
            .map((r) => ({ path: r.target, shown: r.highlight((m, i) => <mark key={i}>{m}</mark>) }))
        : paths.slice(0, SHOWN).map((p) => ({ path: p, shown: [p] as ReactNode[] })),
    [query, paths],
  );
  return (
    <PickerDialog title="Go to file" titleId="quick-open-title" testId="quick-open" onClose={onClose}>
      <Command label="Go to file" shouldFilter={false} loop>
        <Command.Input
          value={query}
          onValueChange={setQuery}
          placeholder="Type a few letters of the file's path"
          autoFocus
          data-testid="quick-open-input"
        />
        <Command.List>
          <Command.Empty>{paths.length ? 'No file matches.' : 'The workspace has no files yet.'}</Command.Empty>
          {ranked.map((r) => (
            <Command.Item
              key={r.path}
              value={r.path}
              onSelect={() => {
                onClose();
                onOpen(r.path);
              }}
              data-testid="quick-open-item"
              data-path={r.path}
            >
              <span className="picker-path">{r.shown}</span>
            </Command.Item>
          ))}
        </Command.List>
      </Command>
    </PickerDialog>
  );
}
