// Search opens the side panel; closing it gives the panel back as it was.
export interface SearchToggle {
  /** 0: the search panel is closed; each opening asks its field for focus again. */
  request: number;
  /** Whether the side panel was collapsed when search opened it. */
  sideWasCollapsed: boolean;
}

export const SEARCH_CLOSED: SearchToggle = { request: 0, sideWasCollapsed: false };

/** Opening (again): the side panel's state is the one before the first opening. */
export function openSearch(s: SearchToggle, sideCollapsed: boolean): SearchToggle {
  return { request: s.request + 1, sideWasCollapsed: s.request === 0 ? sideCollapsed : s.sideWasCollapsed };
}

/** Closing: collapse the side panel again when search opened it and it is still open. */
export function closeSearch(s: SearchToggle, sideCollapsed: boolean): { next: SearchToggle; collapseSide: boolean } {
  return { next: { ...s, request: 0 }, collapseSide: s.sideWasCollapsed && !sideCollapsed };
}
