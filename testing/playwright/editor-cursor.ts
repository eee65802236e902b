// The one way the end-to-end specs and the benches put Monaco's cursor on a
// line: through the test build's `__ide` handle, so no click lands on a
// glyph, a fold or ghost text. Free of Playwright Test's fixtures, so a bench
// can import it.
import type { Page } from '@playwright/test';

/** Focus the editor and put the cursor at the end of line `line` (1-based). */
export async function cursorToEndOfLine(page: Page, line: number): Promise<void> {
  await page.evaluate((ln) => {
    const { editor } = (
      window as unknown as {
        __ide: { editor: { setPosition(p: object): void; focus(): void; getModel(): { getLineMaxColumn(l: number): number } } };
      }
    ).__ide;
    editor.focus();
    editor.setPosition({ lineNumber: ln, column: editor.getModel().getLineMaxColumn(ln) });
  }, line);
}
