// The tests every plug-in language folder runs on itself (its <id>.test.ts
// calls `pluginSuite` with its cases): the syntax check on its cases, each
// case's document judged by the language's real toolchain first (Debian's
// ruby, php, python3, g++, node, javac, mcs; the typescript package's
// parser), so no case rests on our own reading of the language; files
// broken elsewhere; no false rejection on random spans of library sources
// nobody here wrote (what Debian or npm installs); its import reader and
// definition patterns, through the workspace code that calls them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findDefinitions, PathLookup, resolveImports } from '../../src/completion';
import { languageFromFileName, languageSpec, type LanguagePlugin } from '../../src/languages';
import { createNodeValidator } from '../../src/syntax';
import { lexerDepartures, treeSitterReading } from './tree-sitter-oracle';

/** A completion at a spot: the text before it, the completion, the text after it. */
export type Spot = readonly [prefix: string, completion: string, suffix: string];

export interface PluginCases {
  /** Completions that add no syntax error. */
  valid: readonly Spot[];
  /** Completions that do. */
  invalid: readonly Spot[];
  /** Files broken away from the cursor: the good completion is never rejected, the bad one is. */
  editStates: readonly { name: string; prefix: string; suffix: string; good: string; bad: string }[];
  /**
   * What the import reader finds: the workspace's files, the importing file and its text, the files it finds
   * (and, for a language whose imports name namespaces, the files that declare each).
   */
  imports: readonly {
    files: readonly string[];
    from: string;
    text: string;
    found: readonly string[];
    namespaces?: Readonly<Record<string, readonly string[]>>;
  }[];
  /** What the definition patterns find in a text. */
  definitions: readonly { text: string; names: readonly string[] }[];
  /** The language's own syntax check: exits 0 on a file without syntax errors; the Debian or npm package it comes from. */
  toolchain: { command: string; args: readonly string[] } & ({ debianPackage: string } | { npmPackage: string });
  /** What the lexer is known not to read (its record says which): a held-out file where it departs from tree-sitter holds one of them. */
  lexerUnread: RegExp;
  /**
   * Library sources nobody here wrote, read as held-out code: folders a Debian package installs, or
   * the sources of npm packages in node_modules, or the members of a source archive (the first of
   * `zips` there, unpacked for the test); `{ none }`, with what is missing, where the machine holds
   * none (its two tests are skipped, saying so).
   */
  heldOut: HeldOut | { none: string };
}

export type HeldOut = { files: number; spansPerFile: number } & (
  | { roots: readonly string[]; debianPackages: readonly string[] }
  | { roots: readonly string[]; npmPackages: readonly string[] }
  | { zips: readonly string[]; members: string; debianPackages: readonly string[] }
);

/** Where held-out sources or a toolchain come from, and how to get them. */
function howToGet(from: { debianPackages: readonly string[] } | { npmPackages: readonly string[] }): string {
  if ('npmPackages' in from) return `the npm packages ${from.npmPackages.join(', ')} (npm install)`;
  return `Debian's ${from.debianPackages.join(', ')} (apt-get install ${from.debianPackages.join(' ')}; .ci/run installs them)`;
}

/** TypeScript's own syntax check (ts-syntax.mjs), for TypeScript's and TSX's cases: `node TS_SYNTAX FILE`. */
export const TS_SYNTAX = fileURLToPath(new URL('./ts-syntax.mjs', import.meta.url));

/** Long enough for the held-out reads on a busy machine: it catches a hang, not slowness. */
const HANG = 600_000;

/** A small seeded generator (mulberry32): the same spans on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function filesUnder(root: string, extensions: readonly string[], out: string[] = []): string[] {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const path = join(root, entry.name);
    if (entry.isDirectory()) filesUnder(path, extensions, out);
    else if (entry.isFile() && extensions.some((e) => entry.name.endsWith(e))) out.push(path);
  }
  return out;
}

export function pluginSuite(plugin: LanguagePlugin, cases: PluginCases): void {
  const { spec } = plugin;
  const validator = createNodeValidator();
  const check = (prefix: string, completion: string, suffix: string) =>
    validator.validate({ language: spec.id, prefix, completion, suffix });
  const scratch = mkdtempSync(join(tmpdir(), `lang-${spec.id}-`));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** Whether the real toolchain accepts the text; a missing toolchain fails the test with what to install. */
  function toolchainAccepts(text: string): boolean {
    const file = join(scratch, `case${spec.extensions[0]}`);
    writeFileSync(file, text);
    const { command, args } = cases.toolchain;
    const run = spawnSync(command, [...args, file], { encoding: 'utf8' });
    if (run.error || ('npmPackage' in cases.toolchain && /Cannot find (module|package)/.test(run.stderr)))
      throw new Error(
        'npmPackage' in cases.toolchain
          ? `${cases.toolchain.npmPackage} is not installed: the ${spec.id} cases are judged by it (npm install)`
          : `${command} is not installed: the ${spec.id} cases are judged by it (apt-get install ${cases.toolchain.debianPackage}; .ci/run installs it)`,
      );
    return run.status === 0;
  }

  describe(`${spec.id} as a plug-in language`, () => {
    it('is in the registry by its extensions, with its grammar', () => {
      expect(languageSpec(spec.id)).toBe(spec);
      for (const ext of spec.extensions) expect(languageFromFileName(`lib/a${ext}`)).toBe(spec.id);
      expect(spec.grammar).not.toBeNull();
    });

    it('accepts the valid cases and rejects the invalid ones, as the real toolchain does', async () => {
      for (const [prefix, completion, suffix] of cases.valid) {
        expect(toolchainAccepts(prefix + completion + suffix), `${cases.toolchain.command} on ${JSON.stringify(completion)}`).toBe(true);
        expect(await check(prefix, completion, suffix), completion).toMatchObject({ checked: true, valid: true });
      }
      for (const [prefix, completion, suffix] of cases.invalid) {
        expect(toolchainAccepts(prefix + completion + suffix), `${cases.toolchain.command} on ${JSON.stringify(completion)}`).toBe(false);
        expect(await check(prefix, completion, suffix), completion).toMatchObject({ checked: true, valid: false });
      }
    });

    it('in a file broken elsewhere, never rejects the good completion and catches the bad one', async () => {
      for (const c of cases.editStates) {
        // The file is broken as the toolchain sees it, with either completion.
        expect(toolchainAccepts(c.prefix + c.good + c.suffix), c.name).toBe(false);
        const good = await check(c.prefix, c.good, c.suffix);
        expect(good.checked && !good.valid, `${c.name}: ${JSON.stringify(good.errors)}`).toBe(false);
        expect(await check(c.prefix, c.bad, c.suffix), c.name).toMatchObject({ checked: true, valid: false });
      }
    });

    /** The held-out files, in a seeded shuffle (the same on every run, from the whole tree); a missing tree fails with what to install. */
    function heldOutFiles(heldOut: HeldOut, next: () => number): { present: string[]; all: string[] } {
      let roots: readonly string[];
      if ('zips' in heldOut) {
        roots = [unpacked(heldOut)];
      } else roots = heldOut.roots;
      const present = roots.filter((r) => statSync(r, { throwIfNoEntry: false })?.isDirectory());
      if (!present.length)
        throw new Error(`none of ${roots.join(', ')} is there: the held-out ${spec.id} sources come from ${howToGet(heldOut)}`);
      const all = present.flatMap((r) => filesUnder(r, spec.extensions)).sort();
      for (let i = all.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [all[i], all[j]] = [all[j], all[i]];
      }
      return { present, all };
    }

    /** The archive's members, unpacked once into the scratch folder. */
    let unpackedRoot: string | undefined;
    function unpacked(heldOut: HeldOut & { zips: readonly string[]; members: string }): string {
      if (unpackedRoot) return unpackedRoot;
      const zip = heldOut.zips.find((z) => {
        try {
          return statSync(z).isFile();
        } catch {
          return false; // not there, or a path through a file
        }
      });
      if (!zip)
        throw new Error(`none of ${heldOut.zips.join(', ')} is there: the held-out ${spec.id} sources come from ${howToGet(heldOut)}`);
      const into = join(scratch, 'held-out');
      const run = spawnSync('unzip', ['-q', '-o', zip, `${heldOut.members}*`, '-d', into], { encoding: 'utf8' });
      if (run.error) throw new Error(`unzip is not installed: the held-out ${spec.id} sources are in ${zip} (apt-get install unzip)`);
      if (run.status !== 0) throw new Error(`unzip ${zip} ${heldOut.members}*: ${run.stderr}`);
      unpackedRoot = join(into, heldOut.members);
      console.info(`${spec.id}: held-out sources ${heldOut.members} from ${zip}`);
      return unpackedRoot;
    }

    const heldOut = 'none' in cases.heldOut ? undefined : cases.heldOut;
    const heldOutIt = heldOut ? it : it.skip;
    const noHeldOut = 'none' in cases.heldOut ? ` (skipped: ${cases.heldOut.none})` : '';

    heldOutIt(
      `rejects no random span of the library sources the distribution installs (held-out code)${noHeldOut}`,
      async () => {
        const { files: wanted, spansPerFile } = heldOut!;
        const next = random(51);
        const { present, all } = heldOutFiles(heldOut!, next);
        const rejected: string[] = [];
        let spans = 0;
        let tested = 0;
        let unparsed = 0;
        for (const path of all) {
          if (tested === wanted) break;
          const text = readFileSync(path, 'utf8');
          if (text.length < 200 || text.length > 200_000) continue;
          // A file the grammar itself cannot parse says nothing of the check (tree-sitter's own reading: the
          // validator's, with the cursor at the end, counts no error there when the error runs to the end).
          if (!(await treeSitterReading(spec.id, text)).clean) {
            unparsed++;
            continue;
          }
          tested++;
          for (let s = 0; s < spansPerFile; s++) {
            let start: number;
            let end: number;
            if (s % 2 === 0) {
              // Whole lines, as a completion of one to six lines gives them.
              const lineStarts = [0, ...[...text.matchAll(/\n/g)].map((m) => m.index! + 1)].filter((o) => o < text.length);
              const first = Math.floor(next() * lineStarts.length);
              const last = Math.min(lineStarts.length, first + 1 + Math.floor(next() * 6));
              start = lineStarts[first];
              end = last < lineStarts.length ? lineStarts[last] : text.length;
            } else {
              // Any characters, cut mid-token as a cursor may stand.
              start = Math.floor(next() * text.length);
              end = Math.min(text.length, start + 1 + Math.floor(next() * 300));
            }
            spans++;
            const v = await check(text.slice(0, start), text.slice(start, end), text.slice(end));
            if (v.checked && !v.valid) rejected.push(`${path} [${start}, ${end}): ${JSON.stringify(v.errors.slice(0, 2))}`);
          }
        }
        console.info(
          `${spec.id}: ${spans} spans of ${tested} files under ${present.join(', ')} (${unparsed} files skipped: the grammar finds errors in them), ${rejected.length} rejected`,
        );
        expect(tested, `files under ${present.join(', ')}`).toBe(wanted);
        expect(rejected).toEqual([]);
      },
      HANG,
    );

    heldOutIt(
      `lexes the held-out sources as tree-sitter reads them, but where they hold what the lexer does not read${noHeldOut}`,
      async () => {
        const { all } = heldOutFiles(heldOut!, random(7));
        let agree = 0;
        let read = 0;
        const unexplained: string[] = [];
        for (const path of all.slice(0, heldOut!.files)) {
          const text = readFileSync(path, 'utf8');
          const departures = await lexerDepartures(spec.id, text);
          if (!departures) continue; // tree-sitter finds an error: no oracle there
          read++;
          if (!departures.length) agree++;
          else if (!cases.lexerUnread.test(text)) unexplained.push(`${path}: ${departures.slice(0, 3).join('; ')}`);
        }
        console.info(`${spec.id}: the lexer reads ${agree} of ${read} held-out files as tree-sitter does`);
        expect(read).toBeGreaterThan(heldOut!.files / 2);
        expect(unexplained).toEqual([]);
      },
      HANG,
    );

    it('finds the files a file imports, through the workspace reader', () => {
      for (const c of cases.imports) {
        const namespaces = new Map(Object.entries(c.namespaces ?? {}));
        const found = resolveImports(c.text, c.from, spec.family, new PathLookup(c.files), namespaces).map((f) => f.path);
        expect(found.sort(), c.from).toEqual([...c.found].sort());
      }
    });

    it('finds the definitions a file makes', () => {
      for (const c of cases.definitions) expect(findDefinitions(c.text, spec.family).map((d) => d.name)).toEqual(c.names);
    });
  });
}
