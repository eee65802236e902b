import { describe, expect, it } from 'vitest';
import { featuresIn, when, type Feature } from './feature-slots';

const none = () => null;
const state = (
  o: { view?: 'editor' | 'review'; search?: number; picker?: 'quickOpen' | 'palette' | null; help?: boolean; settings?: boolean } = {},
) => ({
  view: o.view ?? 'editor',
  search: { request: o.search ?? 0, open: () => {}, close: () => {} },
  overlays: {
    picker: o.picker ?? null,
    setPicker: () => {},
    helpOpen: !!o.help,
    openHelp: () => {},
    closeHelp: () => {},
    settingsOpen: !!o.settings,
    setSettingsOpen: () => {},
  },
});
const LIST: Feature[] = [
  { id: 'search', slot: 'side', Component: none, shown: when.searching },
  { id: 'badge', slot: 'side', Component: none, shown: when.notSearching },
  { id: 'tree', slot: 'tree', Component: none },
  { id: 'ledger', slot: 'side', Component: none, shown: when.notSearching },
  { id: 'review', slot: 'editor', Component: none, shown: when.reviewing },
  { id: 'editor', slot: 'editor', Component: none },
];
const ids = (fs: Feature[]) => fs.map((f) => f.id);

describe('feature slots', () => {
  it('a slot gets its contributions in the list order, the always-shown ones always', () => {
    expect(ids(featuresIn(LIST, 'tree', state()))).toEqual(['tree']);
    expect(ids(featuresIn(LIST, 'editor', state()))).toEqual(['editor']);
    expect(ids(featuresIn(LIST, 'editor', state({ view: 'review' })))).toEqual(['review', 'editor']);
    expect(featuresIn(LIST, 'overlays', state())).toEqual([]);
  });

  it('search takes the side panel while open; the badge and the ledger come back when it closes', () => {
    expect(ids(featuresIn(LIST, 'side', state()))).toEqual(['badge', 'ledger']);
    expect(ids(featuresIn(LIST, 'side', state({ search: 2 })))).toEqual(['search']);
  });

  it('each overlay shows while it is open, the two pickers one at a time', () => {
    expect(when.quickOpen(state({ picker: 'quickOpen' }))).toBe(true);
    expect(when.palette(state({ picker: 'quickOpen' }))).toBe(false);
    expect(when.palette(state({ picker: 'palette' }))).toBe(true);
    expect(when.help(state({ help: true }))).toBe(true);
    expect(when.settings(state())).toBe(false);
    expect(when.settings(state({ settings: true }))).toBe(true);
  });
});
