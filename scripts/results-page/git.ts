// The git section of docs/results.md: bench/results/git.json (bench/git.ts),
// a clone through the documented nginx front, the browser beside the command line.
import { ms, num, ratio, record, table } from './format';

type Summary = { p50?: number };

export function gitTables(r: Record<string, unknown>): string[] {
  const repo = record(r.repo) as { commits?: number; objects?: number; packBytes?: number; files?: number } | undefined;
  const p50 = (x: unknown) => (record(x) as Summary | undefined)?.p50;
  const cli = p50(r.cliMs);
  const row = (what: string, x: unknown) => [what, ms(p50(x)), cli && p50(x) ? ratio(p50(x)! / cli) : undefined];
  const steps = (x: unknown) => record(x) ?? {};
  const app = steps(r.moduleSteps);
  const plain = steps(r.lightningFsStoreSteps);
  return [
    `The repository: ${num(repo?.commits)} commits, ${num(repo?.objects)} objects, ${num((repo?.packBytes ?? NaN) / 1e6, 1)} MB packed, ${num(repo?.files)} files; medians of ${num(r.rounds)} rounds. Target: the browser within ${num(r.targetRatio)}x of \`git clone\`.`,
    table(
      ['clone', 'median', 'against git clone'],
      [
        ['`git clone` (command line)', ms(cli), '1x'],
        ...(r.appMs ? [row('the app: Clone until "Cloned into"', r.appMs)] : []),
        row("the app's Git module (bench/git/page.ts)", r.moduleMs),
        row("the same on lightning-fs's own store", r.lightningFsStoreMs),
      ],
    ),
    ...(typeof r.appError === 'string' ? [`The app itself could not clone it in this run: ${r.appError}`] : []),
    ...shallowTables(record(r.shallow)),
    ...(r.appSteps
      ? [
          "Where the app's time goes (medians of each step, from the panel's User Timing marks): the Git module's clone as it runs in the app's page, then the files read back, taken into the workspace, and stored (the workspace's store and the Git file system written at once, the branches listed meanwhile), until the message shows.",
          table(
            ['step', 'median'],
            [
              ['from the click to the clone', 'beforeMs'],
              ['git.clone (download, index, checkout)', 'cloneMs'],
              ['files read back as text', 'readMs'],
              ['taken into the workspace', 'workspaceMs'],
              ['stored (workspace and Git file system)', 'storedMs'],
              ['until the message shows', 'afterMs'],
            ].map(([what, k]) => [what, ms(p50(steps(r.appSteps)[k]))]),
          ),
        ]
      : []),
    "Where the Git module's time goes (medians): the pack's download ends and isomorphic-git starts indexing it (its first pass inflates and hashes every object) when *Receiving objects* begins; *Resolving deltas* is its second pass; the checkout runs from *Analyzing workdir* to the end of `git.clone`; then the files are read for the workspace.",
    table(
      ['store', 'git.clone', 'of which checkout', 'files read for the workspace'],
      [
        ["the app's (batched)", ms(p50(app.cloneMs)), ms(p50(app.checkoutMs)), ms(p50(app.readMs))],
        ["lightning-fs's own", ms(p50(plain.cloneMs)), ms(p50(plain.checkoutMs)), ms(p50(plain.readMs))],
      ],
    ),
    table(
      ['phase', 'starts at (median)'],
      Object.entries(record(app.phaseStartMs) ?? {}).map(([k, v]) => [k, ms(v)]),
    ),
  ];
}

/** The shallow clones' table: `git clone --depth N` beside the app and the Git module with the same depth. */
function shallowTables(sh: Record<string, unknown> | undefined): string[] {
  if (!sh) return [];
  const p50 = (x: unknown) => (record(x) as Summary | undefined)?.p50;
  const cli = p50(sh.cliMs);
  const rel = (x: unknown) => [ms(p50(x)), cli && p50(x) ? ratio(p50(x)! / cli) : undefined];
  return [
    `Shallow clone, ${sh.depth === 1 ? 'the last commit' : `the last ${num(sh.depth)} commits`} (*History: last commits* in the panel; ${num(sh.files)} files), in the same rounds:`,
    table(
      ['shallow clone', 'median', 'against git clone --depth'],
      [
        [`\`git clone --depth ${num(sh.depth)}\``, ms(cli), '1x'],
        ...(sh.appMs ? [['the app: Clone until "Cloned into"', ...rel(sh.appMs)]] : []),
        ["the app's Git module", ...rel(sh.moduleMs)],
      ],
    ),
  ];
}
