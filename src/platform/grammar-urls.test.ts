// Every grammar a supported language needs is bundled under its specifier, and
// each is the file Node's validator loads (so the browser parses with the same
// grammar as the tests and the eval harness).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { grammarSpecifier } from '../languages/grammar';
import { languageSpec } from '../languages/registry';
import { SUPPORTED_LANGUAGES } from '../../testing/languages/supported';
import { grammarPath } from '../syntax/node-runtime';
import { GRAMMAR_URLS, grammarUrl } from './grammar-urls';

describe('grammar URLs', () => {
  it('one per supported language, each naming the file Node loads', () => {
    expect(new Set(Object.keys(GRAMMAR_URLS))).toEqual(
      new Set(SUPPORTED_LANGUAGES.map((l) => grammarSpecifier(languageSpec(l)!.grammar!))),
    );
    for (const [specifier, url] of Object.entries(GRAMMAR_URLS)) {
      // Under vitest a `?url` import gives the dev server's URL: the path of the file below the project root.
      expect(fs.existsSync(path.join(process.cwd(), url))).toBe(true);
      expect(path.join(process.cwd(), url)).toBe(grammarPath(specifier));
    }
  });

  it('an unknown grammar is a clear error', () => {
    expect(() => grammarUrl('@vscode/tree-sitter-wasm/wasm/tree-sitter-cobol.wasm', 'http://localhost')).toThrow(/not bundled/);
  });
});
