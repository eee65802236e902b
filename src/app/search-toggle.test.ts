import { describe, expect, it } from 'vitest';
import { closeSearch, openSearch, SEARCH_CLOSED } from './search-toggle';

describe('search and the side panel', () => {
  it('search opened over a collapsed side panel collapses it again on closing', () => {
    const open = openSearch(SEARCH_CLOSED, true);
    expect(open).toEqual({ request: 1, sideWasCollapsed: true });
    const { next, collapseSide } = closeSearch(open, false);
    expect(collapseSide).toBe(true);
    expect(next.request).toBe(0);
  });

  it('an open side panel stays open after search closes', () => {
    const open = openSearch(SEARCH_CLOSED, false);
    expect(closeSearch(open, false).collapseSide).toBe(false);
  });

  it('opening again while open asks for focus again and keeps the state from before the first opening', () => {
    const first = openSearch(SEARCH_CLOSED, true);
    const again = openSearch(first, false);
    expect(again).toEqual({ request: 2, sideWasCollapsed: true });
    expect(closeSearch(again, false).collapseSide).toBe(true);
  });

  it('a side panel the user collapsed while search was open is not toggled open again', () => {
    const open = openSearch(SEARCH_CLOSED, true);
    expect(closeSearch(open, true).collapseSide).toBe(false);
  });

  it('after closing, the next opening reads the side panel afresh', () => {
    const { next } = closeSearch(openSearch(SEARCH_CLOSED, true), false);
    expect(openSearch(next, false)).toEqual({ request: 1, sideWasCollapsed: false });
  });
});
