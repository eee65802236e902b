// Roving focus (the WAI-ARIA tree pattern): the file tree is one Tab stop; arrows, Home, End and
// a typed letter move inside it, so a 300-row folder is not 300 Tab presses.
import { useRef, useState } from 'react';
import type { TreeRow } from '../file-tree-keys';

/** `selected` is the row the toolbar acts on; `initial` the first Tab stop (the open file). */
export function useTreeFocus(visible: readonly TreeRow[], selected: string | undefined, initial: string | undefined) {
  /** The row that is the tree's one Tab stop. */
  const [focusPath, setFocusPath] = useState<string | undefined>(initial);
  const rowRefs = useRef(new Map<string, HTMLLIElement>());
  /** Set when a form or dialog of the tree closes: focus goes back to the tree, not to the page. */
  const refocus = useRef(false);
  const current = visible.find((r) => r.node.path === focusPath) ?? visible.find((r) => r.node.path === selected) ?? visible[0];

  const moveFocus = (path: string) => {
    setFocusPath(path);
    rowRefs.current.get(path)?.focus(); // the row exists already: only rows that are visible are targets
  };
  /** The ref callback of one row, so that keys can move focus to it. */
  const rowRef = (path: string) => (el: HTMLLIElement | null) => {
    if (el) rowRefs.current.set(path, el);
    else rowRefs.current.delete(path);
  };
  const focusTreeLater = () => {
    refocus.current = true;
  };
  /** After a render with no form open: focus returns to the Tab stop if focusTreeLater asked for it. */
  const returnFocusIfAsked = () => {
    if (!refocus.current) return;
    refocus.current = false;
    if (current) rowRefs.current.get(current.node.path)?.focus();
  };
  return { tabStop: current?.node.path, setFocusPath, moveFocus, rowRef, focusTreeLater, returnFocusIfAsked };
}

export type TreeFocus = ReturnType<typeof useTreeFocus>;
