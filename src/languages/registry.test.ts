// The registry is the one list of languages: every record is complete, a
// file name leads to one language, and what reads the registry (the syntax
// check's grammars, the lexer's users, the harness's runners, the semantic
// checkers, the retrieval families) serves exactly the languages it names.
import { describe, expect, it } from 'vitest';
import { RUNTIMES } from '../../eval/execute/languages';
import { BracketScanner } from '../completion/common/bracket-scan';
import { GRAMMAR_URLS } from '../platform/grammar-urls';
import { identifierSet } from '../completion/common/workspace-context/identifiers';
import { declaredNamespaces } from '../completion/common/workspace-context/imports';
import { checkersFor } from '../semantic/check';
import { typesFileName } from '../semantic/type-diagnostics';
import { TYPE_CHECKED_LANGUAGES } from '../semantic/types-check';
import { unclosedOpeners } from '../syntax/unclosed-openers';
import { readdirSync, statSync } from 'node:fs';
import { FAMILIES } from './families';
import { PLUGINS } from './plugins';
import { grammarSpecifier } from './grammar';
import { isSupportedLanguage, LANGUAGE_SPECS, languageFromFileName, languageSpec, languagesWhere } from './registry';
import { SUPPORTED_LANGUAGES } from '../../testing/languages/supported';
import type { LanguageSpec } from './spec';

const FIELDS: readonly (keyof LanguageSpec)[] = [
  'id',
  'monaco',
  'extensions',
  'grammar',
  'checks',
  'statementMacros',
  'jsx',
  'reservedWords',
  'lineComment',
  'backslashJoinsLines',
  'commonWords',
  'lexer',
  'family',
  'runner',
  'semantic',
];
const ids = LANGUAGE_SPECS.map((s) => s.id);

describe('language registry', () => {
  it('holds every field in every record, none left undefined', () => {
    for (const spec of LANGUAGE_SPECS) {
      expect(Object.keys(spec).sort(), spec.id).toEqual([...FIELDS].sort());
      for (const field of FIELDS) expect(spec[field], `${spec.id}.${field}`).not.toBeUndefined();
      expect(spec.extensions.length, spec.id).toBeGreaterThan(0);
      if (spec.lexer) for (const [rule, value] of Object.entries(spec.lexer)) expect(value, `${spec.id}.lexer.${rule}`).not.toBeUndefined();
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives each extension to one language, and finds it from a file name in any case', () => {
    const all = LANGUAGE_SPECS.flatMap((s) => s.extensions);
    expect(new Set(all).size).toBe(all.length);
    for (const spec of LANGUAGE_SPECS) {
      for (const ext of spec.extensions) {
        expect(ext).toMatch(/^\.[a-z0-9+]+$/);
        expect(languageFromFileName(`src/Main${ext}`)).toBe(spec.id);
        expect(languageFromFileName(`MAIN${ext.toUpperCase()}`)).toBe(spec.id);
      }
    }
    expect(languageFromFileName('notes.txt')).toBeUndefined();
  });

  it('looks records up by id, and knows nothing of other ids', () => {
    for (const id of ids) expect(languageSpec(id)?.id).toBe(id);
    expect(languageSpec('cobol')).toBeUndefined();
    expect(languageSpec('toString')).toBeUndefined();
  });

  it('checks the syntax of the languages with a grammar, and bundles exactly their grammars', () => {
    expect(SUPPORTED_LANGUAGES).toEqual(languagesWhere((s) => s.grammar !== null));
    for (const id of ids) expect(isSupportedLanguage(id)).toBe(languageSpec(id)!.grammar !== null);
    expect(new Set(Object.keys(GRAMMAR_URLS))).toEqual(
      new Set(SUPPORTED_LANGUAGES.map((l) => grammarSpecifier(languageSpec(l)!.grammar!))),
    );
    // The reserved-word check is made on the grammar's identifiers: every checked language has its words.
    for (const id of SUPPORTED_LANGUAGES) expect(languageSpec(id)!.reservedWords.length, id).toBeGreaterThan(0);
  });

  it('runs the programs of exactly the languages that name a runner (the harness)', () => {
    expect(new Set(Object.keys(RUNTIMES))).toEqual(new Set(languagesWhere((s) => s.runner !== null)));
  });

  it('gives semantic checkers to exactly the languages that name them', () => {
    for (const id of ids) {
      const names = checkersFor(id).filter((c) => c.kind === 'names');
      expect(names.length, id).toBe(languageSpec(id)!.semantic.names ? 1 : 0);
    }
    expect(TYPE_CHECKED_LANGUAGES).toEqual(languagesWhere((s) => s.semantic.types !== null));
  });

  it("names the type check's file so that the compiler reads it as the language; counts sloppy globals only where the JavaScript checker reads", () => {
    for (const spec of LANGUAGE_SPECS) {
      if (spec.semantic.types) expect(languageFromFileName(typesFileName(spec.id)), spec.id).toBe(spec.id);
      if (spec.semantic.implicitGlobals) expect(spec.semantic.names, spec.id).toBe('javascript');
    }
  });

  it('leaves every common word out of retrieval, in any case', () => {
    for (const spec of LANGUAGE_SPECS) {
      expect(spec.commonWords.length, spec.id).toBeGreaterThan(0);
      for (const word of spec.commonWords) {
        expect(word, spec.id).toMatch(/^[a-z_]+$/);
        expect([...identifierSet(`${word} ${word.toUpperCase()} ${word[0].toUpperCase()}${word.slice(1)}`)], `${spec.id}: ${word}`).toEqual(
          [],
        );
      }
    }
  });

  it("reads the namespaces a family's files declare (every match: a global pattern), none where imports name files", () => {
    for (const [family, rules] of Object.entries(FAMILIES)) {
      if (rules.namespaces) expect(rules.namespaces.flags, family).toContain('g');
      else expect(declaredNamespaces('namespace A.B;\npackage c;\n', family as keyof typeof FAMILIES), family).toEqual([]);
    }
    expect(declaredNamespaces('namespace Acme.Models {\n}\n  namespace Acme.Util;\n', 'csharp')).toEqual(['Acme.Models', 'Acme.Util']);
  });

  it('lexes exactly the languages with lexer rules; early escalation reads those it can read without guessing', () => {
    for (const spec of LANGUAGE_SPECS) {
      expect(unclosedOpeners('f(', spec.id) !== undefined, spec.id).toBe(spec.lexer !== null);
      expect(BracketScanner.forPrefix(spec.id, 'f(') !== undefined, spec.id).toBe(spec.lexer !== null && !spec.lexer.regexLiterals);
    }
  });

  it('is one folder per language, each listed once in plugins.ts under its id; the languages of a family share its rules and reader', () => {
    const here = new URL('.', import.meta.url).pathname;
    const folders = readdirSync(here).filter((f) => statSync(`${here}${f}`).isDirectory());
    expect(PLUGINS.map((p) => p.spec.id).sort()).toEqual(folders.sort());
    for (const family of new Set(PLUGINS.map((p) => p.spec.family))) {
      const members = PLUGINS.filter((p) => p.spec.family === family);
      for (const p of members) {
        expect(p.family, `${p.spec.id}'s family rules`).toBe(members[0].family);
        expect(p.imports, `${p.spec.id}'s import reader`).toBe(members[0].imports);
      }
    }
  });

  it('puts every language in a family, and every family serves a language', () => {
    expect(new Set(LANGUAGE_SPECS.map((s) => s.family))).toEqual(new Set(Object.keys(FAMILIES)));
    for (const [family, rules] of Object.entries(FAMILIES)) expect(rules.definitions.length, family).toBeGreaterThan(0);
  });
});
