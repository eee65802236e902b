// Text that does not fit, as a reader meets it: a word split across two lines
// ("Loc" / "al"), or text clipped by its box where no tooltip carries the rest.
// Monaco's own DOM is excluded: its lines scroll and its widgets are its own.
import type { Page } from '@playwright/test';

/** Problems found in the page's visible chrome, one readable line each; empty when all text fits. */
export function textFitProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const ignored = (el: Element) => el.closest('.monaco-editor, .monaco-diff-editor, [aria-hidden="true"], [inert]') !== null;
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none' && el.getClientRects().length > 0;
    };
    const name = (el: Element) => {
      const id = el.closest('[data-testid]')?.getAttribute('data-testid');
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${cls}${id ? ` in [data-testid=${id}]` : ''}`;
    };

    // A word is a run of letters and digits: breaking after a slash, a dot or a hyphen is how long paths and
    // compounds wrap, breaking inside the run is what a reader trips on.
    const range = document.createRange();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ignored(parent) || !shown(parent)) continue;
      const text = (node as Text).data;
      for (const word of text.matchAll(/[\p{L}\p{N}_]{2,}/gu)) {
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).map((r) => Math.round(r.top + r.height / 2)),
        );
        if (lines.size > 1) problems.push(`"${word[0]}" is broken across lines in ${name(parent)}`);
      }
    }

    // Clipped text: a box that hides its overflow and holds more than it shows, with no title on it or above it.
    for (const el of document.body.querySelectorAll('*')) {
      if (ignored(el) || !shown(el) || el.clientWidth <= 1) continue; // a visually hidden box is read aloud, not looked at
      const style = getComputedStyle(el);
      if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
      const hasText = [...el.childNodes].some((c) => c.nodeType === Node.TEXT_NODE && c.textContent!.trim() !== '');
      if (!hasText && el.children.length > 0 && !style.textOverflow.includes('ellipsis')) continue;
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      if (el.closest('[title]')?.getAttribute('title')) continue;
      problems.push(
        `"${el.textContent!.trim().slice(0, 60)}" is cut (${el.scrollWidth} > ${el.clientWidth} px) with no tooltip: ${name(el)}`,
      );
    }
    return problems;
  });
}
