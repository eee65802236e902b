// Code that runs in a browser is checked with the DOM's types (browser-code.ts
// decides; both hosts take the same option sets): its DOM values' wrong
// members are caught, its correct DOM code and its own globals on `window`
// are not charged, and code that does not run in a browser keeps the check
// without the DOM lib.
import { describe, expect, it } from 'vitest';
import { typescriptTypesChecker } from '../../testing/semantic/node-check';
import { jsInput } from '../../testing/semantic/js-input';

async function codes(language: string, source: string): Promise<string[]> {
  const input = await jsInput(language, source);
  try {
    return (await typescriptTypesChecker.check(input)).map((f) => f.name);
  } finally {
    input.tree.delete();
    input.baseline.tree.delete();
  }
}

describe('types check of browser code (the DOM lib)', () => {
  it('a wrong member of a value the DOM types is flagged', async () => {
    expect(await codes('typescript', 'const el = document.body;\n«document.titel = "x";»')).toEqual(['TS2551']);
    expect(
      await codes(
        'typescript',
        'document.title = "";\nexport async function f() {\n  const r = await fetch("/x", { signal: AbortSignal.timeout(5) });\n  «return r.jsn();»\n}',
      ),
    ).toEqual(['TS2551']);
    expect(await codes('tsx', 'export function f(u: string) {\n  «return new URL(u).hostnam;»\n}')).toEqual(['TS2551']);
    expect(await codes('typescript', 'const bytes = new TextEncoder().encode(document.title);\n«const n = bytes.lenth;»')).toEqual([
      'TS2551',
    ]);
  });

  it('correct DOM code is not charged', async () => {
    for (const source of [
      'const el = document.getElementById("x");\n«el?.addEventListener("click", (e) => console.log(e.clientX));»',
      'export function f() {\n  «const lang = navigator.language + location.href;»\n  return lang;\n}',
      'const r = new Response("x");\n«r.headers.get("content-type");»\ndocument.title = "";',
      'import { useState } from "react";\nexport function f() {\n  «const [v] = useState(""); localStorage.setItem("k", v);»\n}',
    ])
      expect(await codes(source.includes('useState') ? 'tsx' : 'typescript', source), source).toEqual([]);
  });

  it("a browser script's own globals on window, self and globalThis are not charged, in JavaScript and TypeScript", async () => {
    expect(await codes('javascript', 'document.title = "";\n«window.app = { start() {} };»\nwindow.app.start();')).toEqual([]);
    expect(await codes('javascript', 'document.title = "";\n«self.config.debug = true;»')).toEqual([]);
    expect(await codes('typescript', 'document.title = "";\n«const ide = window.__ide; globalThis.x = 1;»')).toEqual([]);
    // A local named `window` is judged as any value.
    expect(await codes('typescript', 'document.title = "";\nconst window = { a: 1 };\n«window.b;»')).toEqual(['TS2339']);
  });

  it('code that does not run in a browser is checked without the DOM lib', async () => {
    // `document` unknown there: left to the names check, as before.
    expect(await codes('typescript', "import { readFileSync } from 'node:fs';\n«const t = readFileSync('x', 'utf8').trim();»")).toEqual([]);
    expect(await codes('typescript', 'const o = { a: 1 };\n«o.b;»')).toEqual(['TS2339']);
  });
});
