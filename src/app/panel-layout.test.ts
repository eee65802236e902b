import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readPanelLayout, writePanelLayout } from './panel-layout';

// The stored key and the starting width are the ones docs/ui.md names.
const PANEL_LAYOUT_KEY = 'router-ide.panels';

describe('panel layout', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts with the side panel collapsed below 1280 px and open from 1280 px, the tree open', () => {
    expect(readPanelLayout(1024).side.collapsed).toBe(true);
    expect(readPanelLayout(1279).side.collapsed).toBe(true);
    expect(readPanelLayout(1280).side).toEqual({ collapsed: false, px: 380 });
    expect(readPanelLayout(1024).tree.collapsed).toBe(false);
  });

  it("keeps the user's choice whatever the window width", () => {
    writePanelLayout({ tree: { collapsed: true, px: 200 }, side: { collapsed: false, px: 300 } });
    expect(readPanelLayout(1024)).toEqual({ tree: { collapsed: true, px: 200 }, side: { collapsed: false, px: 300 } });
  });

  it('falls back to the default when what is stored is not a layout', () => {
    localStorage.setItem(PANEL_LAYOUT_KEY, '{"tree":{"collapsed":"no","px":200},"side":{"collapsed":false,"px":300}}');
    expect(readPanelLayout(1400).tree).toEqual({ collapsed: false, px: 250 });
    localStorage.setItem(PANEL_LAYOUT_KEY, '{"tree":{"collapsed":false,"px":-5},"side":{"collapsed":false,"px":300}}');
    expect(readPanelLayout(1400).tree.px).toBe(250);
    localStorage.setItem(PANEL_LAYOUT_KEY, 'not json');
    expect(readPanelLayout(1400).side.collapsed).toBe(false);
  });
});
