// The JavaScript/TypeScript semantic checkers' cost and honesty on real code:
// this repository's own TypeScript files of ~200 lines (150 to 300: the
// window is the whole file, as the checkers require), one line taken out
// and put back as the "completion" (a ground truth: any flag is a false
// flag), and the same line with one referenced name turned into a near miss
// (a mutant: should be flagged), or one member of a type another file of the
// repository declares (a workspace member: the types check knows it only
// through the imports it resolves). The types check is given the
// repository's files as the workspace (`--import-depth 0`: none; 1: direct
// imports only; the browser's checks are given the same files per case).
// p50/p95 per check, names and types apart, after a warm-up
// (the first types check loads the compiler and its lib).
// Then the same checks in Chromium, through the app's types check in
// Monaco's TypeScript worker (./semantic-ts/browser.ts); `--browser-only`
// measures that part alone, `--no-browser` leaves it out.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Node } from 'web-tree-sitter';
import {
  javascriptNamesChecker,
  createTypescriptTypesChecker,
  IMPORT_BUDGET,
  ImportGraph,
  type SemanticInput,
  type PackageFiles,
} from '../src/semantic';
import { jsInput } from '../testing/semantic/js-input';
import { diskPackages } from '../testing/semantic/disk-packages';
import type { BenchSuite } from './suite';
import type { BrowserCase } from './semantic-ts/browser';
import { workspaceMembers } from './semantic-ts/workspace-members';
import { JAVASCRIPT_CORPUS, largeFileChecks, TYPESCRIPT_CORPUS } from './semantic-ts/large-files';
import { folderFiles } from './semantic-ts/folder-files';
import { timedCheck as timed } from './semantic-ts/timed-check';
import { fmtMs, summarize } from './stats';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MIN_LINES = 150;
const MAX_LINES = 300;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|js-globals\.ts$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  );
}

interface Case {
  file: string;
  language: 'typescript' | 'tsx';
  prefix: string;
  line: string;
  suffix: string;
}

/** Lines worth completing (code, not blank or a comment), every `stride`-th one, each in its window. */
function cases(limit: number): Case[] {
  const out: Case[] = [];
  for (const file of sourceFiles(join(REPO, 'src'))) {
    const lines = readFileSync(file, 'utf8').split('\n');
    if (lines.length < MIN_LINES || lines.length > MAX_LINES) continue;
    for (let i = 20; i < lines.length && out.length < limit; i += 23) {
      const line = lines[i];
      if (line.trim().length < 12 || /^\s*(\/\/|\*|\/\*)/.test(line)) continue;
      out.push({
        file: relative(REPO, file),
        language: file.endsWith('.tsx') ? 'tsx' : 'typescript',
        prefix: lines.slice(0, i).join('\n') + '\n',
        line,
        suffix: '\n' + lines.slice(i + 1).join('\n'),
      });
    }
  }
  return out;
}

const mark = (c: Case, line: string) => `${c.prefix}«${line}»${c.suffix}`;

/** This repository as the workspace (its node_modules aside). */
export const repoFiles = () => folderFiles(REPO);

/** The files a reader read, by path (none without one). */
function readFiles(reader: { read: Map<string, string | undefined> } | undefined): Record<string, string> {
  return Object.fromEntries([...(reader?.read ?? [])].filter((e): e is [string, string] => e[1] !== undefined));
}

/** The line with the property name at `offset` (in the line) losing its second letter, when the name is long enough. */
function dropSecond(line: string, offset: number): string | undefined {
  const name = /^[\w$]+/.exec(line.slice(offset))?.[0] ?? '';
  return name.length >= 4 ? line.slice(0, offset) + name[0] + name.slice(2) + line.slice(offset + name.length) : undefined;
}

/**
 * A near miss in the line, second letter dropped: of a name it refers to (not
 * one it declares, nor a JSX tag: a lowercase one names no variable), or with
 * `member`, of a property it reads (`a.bar` -> `a.br`).
 */
function mutant(input: SemanticInput, member = false): string | undefined {
  const { tree, completionStart, completionEnd, text } = input;
  const stack: Node[] = [tree.rootNode];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.endIndex <= completionStart || n.startIndex >= completionEnd) continue;
    const parentType = n.parent?.type ?? '';
    const target = member
      ? n.type === 'property_identifier' && parentType === 'member_expression'
      : n.type === 'identifier' &&
        !/declarator|parameter|import|export|pattern|function_declaration|class_declaration|jsx_/.test(parentType);
    if (target && n.text.length >= 4 && n.startIndex >= completionStart && n.endIndex <= completionEnd) {
      const miss = n.text[0] + n.text.slice(2);
      return text.slice(completionStart, n.startIndex) + miss + text.slice(n.endIndex, completionEnd);
    }
    stack.push(...n.children.slice().reverse());
  }
  return undefined;
}

/** The types check at one import depth, over the same cases. */
interface DepthRow {
  depth: number;
  wall: ReturnType<typeof summarize>;
  cpu: ReturnType<typeof summarize>;
  falseFlags: number;
  /** What each false flag was: the file, the line, what the check said. */
  flagged: string[];
  member: { n: number; caught: number };
  workspace: { n: number; caught: number };
}

/**
 * The types check's cost on the ground truths and its catch of property
 * mutants at each import depth (0: no workspace), the depths taking turns on
 * each case, so that a loaded machine slows them alike.
 */
async function byDepth(probes: readonly BrowserCase[], depths: readonly number[], packages?: PackageFiles): Promise<DepthRow[]> {
  const checkers = depths.map((depth) =>
    createTypescriptTypesChecker(depth > 0 ? repoFiles() : undefined, { budget: { ...IMPORT_BUDGET, depth }, packages }),
  );
  const rows = depths.map(() => ({
    wall: [] as number[],
    cpu: [] as number[],
    falseFlags: 0,
    flagged: [] as string[],
    member: { n: 0, caught: 0 },
    workspace: { n: 0, caught: 0 },
  }));
  for (const p of probes) {
    if (p.kind === 'name') continue;
    const input = await jsInput(p.language, `${p.prefix}«${p.completion}»${p.suffix}`, { file: p.file });
    for (const [i, checker] of checkers.entries()) {
      const t = await timed(checker.check, input);
      const row = rows[i];
      if (p.kind === 'truth') {
        row.wall.push(t.ms);
        row.cpu.push(t.cpu);
        row.falseFlags += Number(t.findings.length > 0);
        for (const f of t.findings) row.flagged.push(`${p.file}: ${p.completion.trim()} -> ${f.kind} ${f.name}: ${f.detail}`);
      } else {
        row[p.kind].n++;
        row[p.kind].caught += Number(t.findings.length > 0);
      }
    }
    input.tree.delete();
    input.baseline.tree.delete();
  }
  return rows.map((r, i) => ({ ...r, depth: depths[i], wall: summarize(r.wall), cpu: summarize(r.cpu) }));
}

export const suite: BenchSuite = {
  name: 'semantic-ts',
  description:
    'JavaScript/TypeScript semantic check: p50 per check (names, types) on real ~200-line TypeScript files; false flags on ground truths, mutants caught',
  async run(flags) {
    const browserOnly = flags['browser-only'] === true;
    const limit = Number(flags['cases'] ?? 80);
    const depth = Number(flags['import-depth'] ?? IMPORT_BUDGET.depth);
    const workspace = depth > 0 ? repoFiles() : undefined;
    const packages = flags['no-packages'] === true ? undefined : diskPackages(REPO);
    const typescriptTypesChecker = createTypescriptTypesChecker(workspace, { budget: { ...IMPORT_BUDGET, depth }, packages });
    // Files and characters each types check's program held beside the checked file.
    const importedFiles: number[] = [];
    const importedChars: number[] = [];
    const graph = new ImportGraph({ ...IMPORT_BUDGET, depth });
    /** Member mutants the types check missed though it types their value (the rest: a value of a package's type, \`any\` to it). */
    const typedMisses = { member: [] as string[], workspace: [] as string[] };
    const typedValue = async (c: Case, mutated: string) => {
      let at = 0;
      while (c.line[at] === mutated[at]) at++;
      const name = /^[\w$]+/.exec(c.line.slice(at - 1))![0];
      const probe = c.line.slice(0, at - 1) + 'notAMemberOfAnyType' + c.line.slice(at - 1 + name.length);
      const pi = await jsInput(c.language, mark(c, probe), { file: c.file });
      const flagged = (await typescriptTypesChecker.check(pi)).length > 0;
      pi.tree.delete();
      pi.baseline.tree.delete();
      return flagged;
    };
    // The browser part checks the same texts, and compares its answers with these.
    const probes: BrowserCase[] = [];
    const all = cases(limit);
    const names: number[] = [];
    const types: number[] = [];
    const namesCpu: number[] = [];
    const typesCpu: number[] = [];
    const falseFlags: string[] = [];
    let mutants = 0;
    const caught = { names: 0, types: 0, either: 0 };
    let memberMutants = 0;
    const memberCaught = { names: 0, types: 0, either: 0 };
    let workspaceMutants = 0;
    const workspaceCaught = { names: 0, types: 0, either: 0 };
    // Warm-up: the compiler's import and lib parse are paid once per process, not per check.
    const warm = await jsInput('typescript', 'const a = 1;\n«a;»');
    const coldStart = performance.now();
    await typescriptTypesChecker.check(warm);
    const coldMs = performance.now() - coldStart;
    warm.tree.delete();
    warm.baseline.tree.delete();
    const members = await workspaceMembers(REPO);

    for (const c of all) {
      const input = await jsInput(c.language, mark(c, c.line), { file: c.file });
      // The files the Node checks read for this case: the browser's checks are given these only, so that both see one closure.
      const closure = workspace ? [...graph.imports(c.file, [input.text], workspace).files] : [];
      if (workspace) {
        importedFiles.push(closure.length);
        importedChars.push(closure.reduce((a, [, t]) => a + t.length, 0));
      }
      const n = await timed(javascriptNamesChecker.check, input);
      const t = await timed(typescriptTypesChecker.check, input);
      names.push(n.ms);
      types.push(t.ms);
      namesCpu.push(n.cpu);
      typesCpu.push(t.cpu);
      for (const f of [...n.findings, ...t.findings]) falseFlags.push(`${c.file}: ${c.line.trim()} -> ${f.kind} ${f.name}: ${f.detail}`);
      const probe = (kind: BrowserCase['kind'], completion: string, types: readonly { name: string }[]) =>
        probes.push({
          kind,
          file: c.file,
          imports: closure.map(([path]) => path),
          language: c.language,
          prefix: c.prefix,
          completion,
          suffix: c.suffix,
          nodeTypes: types.map((f) => f.name),
        });
      probe('truth', c.line, t.findings);
      const m = mutant(input);
      const mm = mutant(input, true);
      const wm = members
        .at(c.file, c.prefix.length, c.prefix.length + c.line.length)
        .map((at) => dropSecond(c.line, at - c.prefix.length))
        .find((line) => line !== undefined);
      input.tree.delete();
      input.baseline.tree.delete();
      for (const [text, tally, count, kind] of [
        [m, caught, () => mutants++, 'name'],
        [mm, memberCaught, () => memberMutants++, 'member'],
        [wm, workspaceCaught, () => workspaceMutants++, 'workspace'],
      ] as const) {
        if (text === undefined) continue;
        const mi = await jsInput(c.language, mark(c, text), { file: c.file });
        const mn = (await javascriptNamesChecker.check(mi)).length > 0;
        const types = await typescriptTypesChecker.check(mi);
        const mt = types.length > 0;
        // A property the types check misses: is its value one the check types at all? Asked with a name no type has.
        if (!mt && kind !== 'name' && (await typedValue(c, text))) typedMisses[kind].push(`${c.file}: ${text.trim()}`);
        probe(kind, text, types);
        mi.tree.delete();
        mi.baseline.tree.delete();
        count();
        tally.names += Number(mn);
        tally.types += Number(mt);
        tally.either += Number(mn || mt);
      }
    }
    // Playwright and Vite: loaded only here.
    const browser =
      flags['no-browser'] === true
        ? undefined
        : await (await import('./semantic-ts/browser')).browserTypes(probes, readFiles(workspace), readFiles(packages));
    if (browserOnly) return { browser };
    // What each depth costs and catches (skipped when a depth was asked for: that run measures one).
    const depths = flags['import-depth'] === undefined ? await byDepth(probes, [0, 1, IMPORT_BUDGET.depth], packages) : undefined;
    // Long files nobody here wrote, checked one after another in each file as typing asks, against the targets.
    const large = await largeFileChecks(REPO, packages, TYPESCRIPT_CORPUS);
    const largeJs = await largeFileChecks(REPO, packages, JAVASCRIPT_CORPUS);
    const sn = summarize(names);
    const st = summarize(types);
    const cn = summarize(namesCpu);
    const ct = summarize(typesCpu);
    const lines = all.map((c) => (c.prefix + c.line + c.suffix).split('\n').length);
    console.log(`files of ${Math.min(...lines)} to ${Math.max(...lines)} lines, median ${summarize(lines).p50}\n`);
    console.log(`| check | cases | p50 wall | p95 wall | p50 CPU | p95 CPU |\n|---|---|---|---|---|---|`);
    console.log(`| names (tree-sitter scopes) | ${sn.n} | ${fmtMs(sn.p50)} | ${fmtMs(sn.p95)} | ${fmtMs(cn.p50)} | ${fmtMs(cn.p95)} |`);
    console.log(
      `| types (TypeScript compiler, completed; baseline when needed) | ${st.n} | ${fmtMs(st.p50)} | ${fmtMs(st.p95)} | ${fmtMs(ct.p50)} | ${fmtMs(ct.p95)} |`,
    );
    console.log(`\nfirst types check (compiler import, lib parse): ${fmtMs(coldMs)}`);
    console.log(`false flags on ground truths: ${falseFlags.length} of ${all.length}`);
    for (const f of falseFlags) console.log(`  ${f}`);
    const imported = { files: summarize(importedFiles), chars: summarize(importedChars) };
    if (workspace)
      console.log(
        `workspace files in a check's program (import depth ${depth}): p50 ${imported.files.p50} files, ${imported.chars.p50} chars; p95 ${imported.files.p95} files, ${imported.chars.p95} chars`,
      );
    const pct = (k: number, of: number) => (of ? `${((100 * k) / of).toFixed(0)}%` : 'n/a');
    console.log(
      `mutants (a referenced name, second letter dropped): ${mutants}; caught by names ${pct(caught.names, mutants)}, types ${pct(caught.types, mutants)}, either ${pct(caught.either, mutants)}`,
    );
    console.log(
      `mutants (a property read, second letter dropped): ${memberMutants}; caught by names ${pct(memberCaught.names, memberMutants)}, types ${pct(memberCaught.types, memberMutants)}, either ${pct(memberCaught.either, memberMutants)}`,
    );
    for (const [kind, misses] of Object.entries(typedMisses)) {
      console.log(`${kind} mutants missed on a value the types check types: ${misses.length}`);
      for (const m of misses) console.log(`  ${m}`);
    }
    console.log(
      `mutants (a member of a type another file declares): ${workspaceMutants}; caught by names ${pct(workspaceCaught.names, workspaceMutants)}, types ${pct(workspaceCaught.types, workspaceMutants)}, either ${pct(workspaceCaught.either, workspaceMutants)}`,
    );
    if (depths) {
      console.log(
        `\n| import depth | p50 wall | p95 wall | p50 CPU | p95 CPU | false flags | property reads caught | workspace members caught |`,
      );
      console.log('|---|---|---|---|---|---|---|---|');
      for (const d of depths)
        console.log(
          `| ${d.depth} | ${fmtMs(d.wall.p50)} | ${fmtMs(d.wall.p95)} | ${fmtMs(d.cpu.p50)} | ${fmtMs(d.cpu.p95)} | ${d.falseFlags} | ${pct(d.member.caught, d.member.n)} | ${pct(d.workspace.caught, d.workspace.n)} |`,
        );
      for (const d of depths) for (const f of d.flagged) console.log(`  false flag at import depth ${d.depth}: ${f}`);
    }
    for (const l of [large, largeJs]) {
      const lt = l.targets;
      const meets = (s: { p50: number; p95: number }) => (s.p50 <= lt.p50Ms && s.p95 <= lt.p95Ms ? 'meets' : 'misses');
      console.log(`\nlong files (${l.corpus}): ${l.files.map((f) => `${f.path} (${f.lines} lines)`).join(', ')}`);
      console.log(
        `| check, long files | checks | p50 wall | p95 wall | p50 CPU | p95 CPU | target p50 <= ${lt.p50Ms} ms, p95 <= ${lt.p95Ms} ms |`,
      );
      console.log('|---|---|---|---|---|---|---|');
      for (const [label, row] of [
        ['types, ground truths', l.truth],
        ['types, all checks (mutants too)', l.all],
        ['names, all checks', l.names],
      ] as const)
        console.log(
          `| ${label} | ${row.wall.n} | ${fmtMs(row.wall.p50)} | ${fmtMs(row.wall.p95)} | ${fmtMs(row.cpu.p50)} | ${fmtMs(row.cpu.p95)} | wall ${meets(row.wall)}, CPU ${meets(row.cpu)} |`,
        );
      const m = l.mutants;
      console.log(
        `long files: false flags ${l.falseFlags.length} of ${l.truth.wall.n}; property mutants caught ${m.caught} of ${m.n} (types ${m.byTypes}, names ${m.byNames})`,
      );
      for (const f of l.falseFlags) console.log(`  ${f}`);
    }
    return {
      large,
      largeJs,
      cases: all.length,
      names: sn,
      types: st,
      namesCpu: cn,
      typesCpu: ct,
      coldTypesMs: coldMs,
      falseFlags,
      mutants,
      caught,
      memberMutants,
      memberCaught,
      workspaceMutants,
      workspaceCaught,
      typedMisses,
      importDepth: depth,
      ...(depths && { byDepth: depths }),
      imported,
      ...(browser && { browser }),
    };
  },
};
