// Whether a file runs in a browser, so that its types check reads the DOM's
// types (lib.dom): then a wrong member of a `Response`, a `URL` or
// `document` is caught, where a check without the DOM lib leaves those
// values unchecked or unknown. A file that does not run in a browser is
// checked without it: Node code gains little from it (`URL`, `TextEncoder`,
// `fetch` are in both) and would pay its cost. One rule for both hosts of
// the types check (type-diagnostics.ts asks it), read from the text alone.
import type { LanguageId } from '../vocabulary/types';

/** A React or React DOM import (`react`, `react-dom/client`) in an import, export ... from, `import()` or `require()`. */
const REACT_IMPORT = /(?:\bfrom|\bimport|\brequire\s*\()\s*\(?\s*['"]react(?:-dom)?(?:\/[^'"]*)?['"]/;

/** A member read off a browser global (`document.title`, `window['x']`, `navigator.language`, `localStorage.getItem`). */
const BROWSER_GLOBAL = /(?<![\w$.])(?:document|window|navigator|localStorage|sessionStorage)\s*(?:\?\.|\.|\[)/;

/**
 * A file runs in a browser when it is TSX, imports React or React DOM, or
 * reads a member of `document`, `window`, `navigator`, `localStorage` or
 * `sessionStorage`. A text scan: a match in a comment or a string counts
 * too, which costs the check the DOM lib's time, never a finding.
 */
export function runsInBrowser(language: LanguageId, text: string): boolean {
  return language === 'tsx' || REACT_IMPORT.test(text) || BROWSER_GLOBAL.test(text);
}
