import { describe, expect, it } from 'vitest';
import { runsInBrowser } from './browser-code';

describe('runsInBrowser', () => {
  it('TSX, a React import and a browser global are browser code', () => {
    expect(runsInBrowser('tsx', 'export const x = 1;')).toBe(true);
    expect(runsInBrowser('typescript', "import { useState } from 'react';")).toBe(true);
    expect(runsInBrowser('javascript', "const { createRoot } = require('react-dom/client');")).toBe(true);
    expect(runsInBrowser('typescript', "const m = await import('react-dom');")).toBe(true);
    expect(runsInBrowser('typescript', 'document.title = "x";')).toBe(true);
    expect(runsInBrowser('javascript', 'const lang = navigator.language;')).toBe(true);
    expect(runsInBrowser('typescript', 'const v = localStorage.getItem("k");')).toBe(true);
    expect(runsInBrowser('typescript', "window['app'] = {};")).toBe(true);
    expect(runsInBrowser('typescript', 'const w = window?.innerWidth;')).toBe(true);
  });

  it('Node code and look-alike names are not', () => {
    expect(runsInBrowser('typescript', "import { readFileSync } from 'node:fs';\nconst url = new URL('x', 'http://a');")).toBe(false);
    expect(runsInBrowser('javascript', "const r = require('react-native-thing');")).toBe(false);
    expect(runsInBrowser('typescript', 'const doc = this.document.title; const windowSize = 3; myWindow.open();')).toBe(false);
    expect(runsInBrowser('typescript', "import { x } from './react';")).toBe(false);
  });
});
