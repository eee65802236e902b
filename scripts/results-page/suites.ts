// Each suite's headline figures as the page shows them: what the suite's
// targets and the docs talk about, not every number in its JSON (the file
// holds the rest). A suite not listed here gets a pointer to its file.
import type { Row as EarlyRow } from '../../bench/early-escalation';
import type { CriteriaCostRow } from '../../bench/early-escalation/criteria-cost';
import type { StepCostRow } from '../../bench/early-escalation/step-cost';
import type { ExtentRow } from '../../bench/extent';
import type { RuntimeResult } from '../../bench/inference/measure';
import type { AcceptSummary, ReplaySummary, ThreadSpeed } from '../../bench/latency';
import type { RetrievalSummary } from '../../bench/retrieval';
import type { SemanticRow } from '../../bench/semantic';
import type { CorpusRow } from '../../bench/semantic-corpus';
import type { summarize } from '../../bench/stats';
import type { TimingOutcome } from '../../bench/timing';
import type { Target } from '../../bench/ui';
import type { HotSpot, ProfileSummary } from '../../bench/ui/profile';
import { UI_SIZES } from '../../bench/ui/files';
import { ghostCell, type CaseResult } from '../../bench/ui/typing';
import { ms, num, percent, ratio, record, share, table } from './format';
import { embeddingTables } from './embedding';
import { gitTables } from './git';
import { syntaxTables } from './syntax';
import { busyTables } from './ui-busy';

type Summary = ReturnType<typeof summarize>;

export interface SuiteSection {
  /** One line: what the suite measures. */
  about: string;
  tables(results: Record<string, unknown>): string[];
}

/** The semantic suite's code nobody here wrote (bench/semantic-corpus.ts): ground truths, value-method mutants and cost per check. */
function semanticCorpus(stdlib: Record<string, unknown> | undefined): string[] {
  if (!stdlib) return [];
  const halves = (['tuning', 'held-out'] as const).map((h) => [h, record(stdlib[h]) as CorpusRow | undefined] as const);
  return [
    `Code nobody here wrote: ${String(stdlib.corpus)}. A line that reads an attribute taken out and put back (any finding is a false flag); a method of a built-in value renamed to a slip (\`xs.push\`, \`s.startwith\`, \`d.iteritems\`); the check's time per line on whole files, each opened in the worker first as the editor opens it (the app's budget is 50 ms; CPU: the process's CPU time per check, which waiting for a core on a loaded machine does not count). The held-out half is never looked at for tuning.`,
    table(
      [
        'half',
        'files',
        'ground truths',
        'false flags',
        'value-method mutants caught',
        'check p50',
        'check p95',
        'CPU p50 / p95',
        'over 50 ms',
      ],
      halves
        .filter(([, v]) => v)
        .map(([h, v]) => [
          h,
          num(v!.files),
          num(v!.groundTruths),
          num(v!.falseFlags),
          `${v!.caught}/${v!.mutants} (${share(v!.caught, v!.mutants)})`,
          ms(v!.checkP50),
          ms(v!.checkP95),
          v!.cpuP50 === undefined ? 'n/a' : `${ms(v!.cpuP50)} / ${ms(v!.cpuP95)}`,
          share(v!.overBudget, v!.groundTruths),
        ]),
    ),
  ];
}

const semantic: SuiteSection = {
  about:
    'The semantic check (names that exist nowhere) beside the syntax check, per completion, on every Python task of the development sets with its ground-truth middle (target: p50 ≤ 2 ms).',
  tables: (r) => {
    const rows = Object.entries(r).filter(([, v]) => record(v)?.tasks !== undefined) as [string, SemanticRow][];
    return [
      ...semanticCorpus(record(r.stdlib)),
      table(
        ['set', 'tasks', 'syntax p50', 'semantic p50', 'semantic p95', 'semantic not checked'],
        rows.map(([set, v]) => [
          set === 'overall' ? '**all**' : set,
          num(v.tasks),
          ms(v.syntaxP50),
          ms(v.semanticP50),
          ms(v.semanticP95),
          v.unchecked,
        ]),
      ),
    ];
  },
};

const extent: SuiteSection = {
  about:
    "How the rest-of-line / block decision splits the HumanEval infilling sets, as given (the hole at a line's start) and mid-line (half the first line typed), and the middle tokens a line request leaves for the next request. No model.",
  tables: (r) => {
    const rows = Object.entries(r).filter(([, v]) => record(v)?.tasks !== undefined) as [string, ExtentRow][];
    return [
      `Tokens: ${String(r.tokenizer ?? 'n/a')}.`,
      table(
        [
          'set',
          'tasks',
          'asked for a line',
          'asked for a block',
          'middle tokens',
          'not generated (line stop)',
          'multi-line middles cut short',
        ],
        rows.map(([set, v]) => [
          set,
          num(v.tasks),
          `${num(v.line)} (${share(v.line, v.tasks)})`,
          `${num(v.block)} (${share(v.block, v.tasks)})`,
          num(v.middleTokens),
          `${num(v.savedTokens)} (${share(v.savedTokens, v.middleTokens)})`,
          num(v.cutShort),
        ]),
      ),
    ];
  },
};

const retrieval: SuiteSection = {
  about:
    'Does workspace retrieval find the file that defines the name a completion needs? recall@k of that file among the chosen snippets, against the k most recently opened files; then the prompt budget split between snippets and the window. No model.',
  tables: (raw) => {
    const r = raw as RetrievalSummary;
    const ks = Object.keys(r.recall ?? {});
    const split = Object.entries(r.split ?? {});
    const projects = (r.perProject ?? []).filter((p) => p.holes > 0);
    // The projects the weights were tuned on, pooled: a project's share (one decimal of at most 150 holes) gives back its exact count.
    const tuned = projects.filter((p) => !p.heldOut);
    const tunedHoles = tuned.reduce((n, p) => n + p.holes, 0);
    const pooled = (of: 'recall' | 'baseline', i: number) =>
      percent((100 * tuned.reduce((n, p) => n + Math.round((p[of][i] * p.holes) / 100), 0)) / tunedHoles);
    return [
      `${num(r.holes)} holes in ${num(r.projects)} projects; the baseline is the ${num(r.recent)} most recently opened files (a seeded random order), the list retrieval is also given. Retrieval takes ${ms(r.retrievalMsMean)} a request (mean, index warm).`,
      table(
        ['project', 'holes', ...ks.map((k) => `recall${k}`), ...ks.map((k) => `baseline${k}`)],
        [
          ...projects.map((p) => [
            `${p.project}${p.heldOut ? ' (held out)' : ''}`,
            num(p.holes),
            ...p.recall.map((x) => percent(x)),
            ...p.baseline.map((x) => percent(x)),
          ]),
          ...(tunedHoles
            ? [['**tuned on**', num(tunedHoles), ...ks.map((_, i) => pooled('recall', i)), ...ks.map((_, i) => pooled('baseline', i))]]
            : []),
          [
            '**held out** (not looked at while tuning)',
            num(r.heldOut?.holes),
            ...ks.map((k) => percent(r.heldOut?.recall[k])),
            ...ks.map((k) => percent(r.heldOut?.baseline[k])),
          ],
          ['**all**', num(r.holes), ...ks.map((k) => percent(r.recall[k])), ...ks.map((k) => percent(r.baseline[k]))],
        ],
      ),
      `The budget split: ${num(r.budget)} tokens (${r.tokenizer}), the snippets given a share of it.`,
      table(
        ['snippet share', 'defining file in the prompt', 'snippet tokens (mean)', 'window tokens (mean)'],
        split.map(([s, v]) => [`${num(Number(s) * 100)}%`, percent(v.definingInPrompt), num(v.snippetTokens), num(v.windowTokens)]),
      ),
    ];
  },
};

const inference: SuiteSection = {
  about:
    "Inference on the real-architecture fixture, side by side: onnxruntime-node, and the app in Chromium on WebGPU (SwiftShader here) and on WASM. Our full local path against a bare generate() on the same prompt (target: at most 1.05x), a 50-line against a 5,000-line file windowed to the same budget, typing to ghost text in the editor, the main thread's longest task while a completion runs (target: none over 50 ms).",
  tables: (r) => {
    const rows = (r.results ?? []) as RuntimeResult[];
    const p50 = (s: { p50: number } | undefined) => ms(s?.p50);
    const memory = (m: Record<string, number> | undefined) =>
      m?.rendererMB !== undefined ? `renderer ${num(m.rendererMB)} MB` : m?.rssMB !== undefined ? `process ${num(m.rssMB)} MB` : 'n/a';
    return [
      `Model \`${String(r.model)}\`, ${num(r.maxNewTokens)} new tokens, prompt budget ${num(r.promptBudget)} tokens, ${num(r.reps)} repetitions in Node.`,
      table(
        [
          'runtime',
          'device',
          'load',
          'first token p50',
          'tokens/s',
          'pipeline / bare',
          '5,000 / 50 lines',
          'typing to ghost text p50',
          'longest main-thread task',
          'memory',
        ],
        rows.map((x) => [
          x.runtime,
          x.device,
          ms(x.loadMs),
          p50(x.ttft),
          num(x.decodeTokPerS, 1),
          ratio(x.overheadRatio),
          ratio(x.bigFileRatio),
          x.typing ? p50(x.typing) : 'n/a',
          x.longestTaskMs === undefined ? 'n/a' : ms(x.longestTaskMs),
          memory(x.memory),
        ]),
      ),
    ];
  },
};

const timing: SuiteSection = {
  about:
    'When to ask for a completion: a fixed 250 ms wait against the adaptive one, on the typing replay (a real file retyped with human pauses) by three typists and three model latencies. A simulation of the policy, no model.',
  tables: (r) => {
    const rows = (r.rows ?? []) as ({ keyMedianMs: number; latencyMs: number } & Record<string, TimingOutcome>)[];
    const policies = ['fixed 250 ms', 'adaptive'];
    return [
      table(
        ['typist (key gap)', 'model latency', 'policy', 'requests/min', 'cancelled by the next key', 'ghost text p50'],
        rows.flatMap((row) =>
          policies
            .filter((p) => row[p])
            .map((p) => [
              `~${row.keyMedianMs} ms`,
              ms(row.latencyMs),
              p,
              num(row[p].requestsPerMin, 1),
              percent(row[p].cancelledShare * 100, 0),
              ms(row[p].ghostP50),
            ]),
        ),
      ),
    ];
  },
};

const REPLAY_ROWS: [string, string][] = [
  ['noreuse', 'no reuse'],
  ['reuse_cursor_in_prefix', "reuse, the cursor at the prefix's end"],
  ['reuse', "reuse, the cursor's line in the middle (default)"],
];

/** Speed per thread count and the typing replay with and without KV-cache reuse, for one runtime's record. */
function latencyTables(runtime: string, rec: Record<string, unknown>): string[] {
  const out: string[] = [];
  const threads = record(rec.threads) as Record<string, ThreadSpeed> | undefined;
  if (threads) {
    const budgets = [...new Set(Object.values(threads).flatMap((t) => Object.keys(t.ttft_ms ?? {})))];
    out.push(
      table(
        [`${runtime}, threads`, ...budgets.map((b) => `time to first token, prompt ${num(Number(b))}`), 'writing', 'renderer MB'],
        Object.entries(threads).map(([n, t]) => [
          n,
          ...budgets.map((b) => ms(t.ttft_ms?.[Number(b)])),
          `${num(t.decode_tok_s, 1)} tok/s`,
          t.rendererMB === undefined ? '' : num(t.rendererMB),
        ]),
      ),
    );
    const paired = rec.pairedRatios as number[] | undefined;
    if (paired?.length)
      out.push(
        `Writing speed, all threads against one, per round measured side by side: ${paired.map((x) => ratio(x)).join(', ')} (target at least 1.6x).`,
      );
  }
  const replay = record(rec.replay) as Record<string, ReplaySummary> | undefined;
  if (replay?.reuse) {
    const base = replay.noreuse;
    out.push(
      table(
        [
          'typing replay',
          'requests',
          'prompt tokens computed per request p50',
          'keystroke to ghost text p50 / p95',
          'reading / writing p50',
          'answers later than the next key',
        ],
        REPLAY_ROWS.filter(([k]) => replay[k]).map(([k, label]) => {
          const r = replay[k];
          const faster = base && k !== 'noreuse' ? ` (${ratio(base.ghost_ms_p50 / r.ghost_ms_p50, 1)} faster)` : '';
          return [
            label,
            r.requests,
            num(r.prompt_tokens_p50),
            `${ms(r.ghost_ms_p50)} / ${ms(r.ghost_ms_p95)}${faster}`,
            `${ms(r.prefill_ms_p50)} / ${ms(r.decode_ms_p50)}`,
            r.cancelled,
          ];
        }),
      ),
    );
    if (rec.outputs_identical !== undefined)
      out.push(
        `Reuse wrote the same tokens as a fresh computation on every pause: ${rec.outputs_identical ? 'yes' : 'no'}${
          rec.outputs_identical
            ? ''
            : ' (expected of a quantised model, which quantises its activations per call: [performance.md](performance.md#what-to-expect))'
        }.`,
      );
  }
  return out;
}

const latency: SuiteSection = {
  about:
    'What a completion costs at real model size, on a random-weight twin of the model (same cost as the real one): time to first token and writing speed per thread count, and a typing replay (a real file retyped with human pauses, a request after each pause) without and with KV-cache reuse, side by side in one run.',
  tables: (r) => {
    const head = `Model: ${String(r.model ?? 'n/a')} (${String(r.dtype ?? 'n/a')}).`;
    const runtimes: [string, string][] = [
      ['chromiumWasm', 'Chromium, WASM'],
      ['node', 'Node, onnxruntime-node'],
    ];
    const tables = runtimes.flatMap(([key, label]) => {
      const rec = record(r[key]);
      return rec ? latencyTables(label, rec) : [];
    });
    const accept = record(r.accept) as Record<string, AcceptSummary> | undefined;
    return [head, ...tables, ...(accept ? acceptTable(runtimes, accept) : [])];
  },
};

/** The next suggestion ready on accept (`--accept-only`): Tab to the next ghost text without and with the prediction. */
function acceptTable(runtimes: [string, string][], accept: Record<string, AcceptSummary>): string[] {
  const rows = runtimes.filter(([key]) => accept[key]);
  if (!rows.length) return [];
  const readMs = accept[rows[0][0]].read_ms;
  return [
    `The next suggestion ready on accept: a suggestion read for ${ms(readMs)}, then Tab; the time to the next ghost text without a prediction and with one started when the suggestion showed (target: at most 100 ms with), what the prediction read and wrote, and the predictions thrown away when the person typed on instead. Each runtime has the prompt budget and new tokens the app chooses from the speed measured there.`,
    table(
      [
        'runtime',
        'budget: prompt / new tokens',
        'accepts',
        'Tab to ghost text p50, without / with',
        'prediction p50',
        'its prompt tokens computed p50',
        'its reading / writing p50',
        'same tokens as the request',
        'thrown away (compute)',
      ],
      rows.map(([key, label]) => {
        const a = accept[key];
        return [
          label,
          `${num(a.prompt_budget)} / ${num(a.max_new_tokens)}`,
          a.accepts,
          `${ms(a.accept_to_ghost_ms_p50.without)} / ${ms(a.accept_to_ghost_ms_p50.with)}`,
          ms(a.prediction_ms_p50),
          num(a.prediction_prompt_tokens_p50),
          `${ms(a.prediction_prefill_ms_p50)} / ${ms(a.prediction_decode_ms_p50)}`,
          a.prediction_same_as_request,
          `${a.discarded.count} (${ms(a.discarded.ms_total)})`,
        ];
      }),
    ),
  ];
}

const SIZE_LABELS: Record<string, string> = Object.fromEntries(Object.entries(UI_SIZES).map(([k, v]) => [k, v.label]));

const ui: SuiteSection = {
  about:
    'The editor on the built app (`vite preview`), Chromium on WASM: navigation to the first keystroke while the model loads, and typing into files of 1,000 lines, 20,000 lines and 5 MB with completions on and off (keystroke to the next frame, long tasks, input delay, ghost text, memory).',
  tables: (r) => {
    const out: string[] = [];
    const rows: string[][] = [];
    let firstBursts = false;
    let perRound = false;
    for (const [size, modes] of Object.entries(record(r.sizes) ?? {})) {
      for (const [mode, aggregate] of Object.entries(record(modes) ?? {})) {
        for (const [language, v] of Object.entries(record(aggregate) ?? {})) {
          const c = record(v) as CaseResult | undefined;
          if (c?.frame_p95_ms === undefined) continue;
          firstBursts ||= c.first_burst !== undefined;
          perRound ||= c.round_frame_p95_ms !== undefined;
          rows.push([
            `${SIZE_LABELS[size] ?? size}, ${language}`,
            mode.replace('_', ' '),
            `${ms(c.frame_p50_ms)} / ${ms(c.frame_p95_ms)}`,
            c.round_frame_p95_ms?.map((x) => num(x)).join(', ') ?? '',
            `${c.longtask_count}, ${ms(c.longtask_max_ms)}`,
            ms(c.input_delay_p95_ms),
            mode === 'off' ? '' : ghostCell(c, ms),
            `${num(c.heap_mb)} / ${num(c.renderer_mb)}`,
            c.first_burst ? `${ms(c.first_burst.frame_p50_ms)} / ${ms(c.first_burst.frame_max_ms)}` : '',
          ]);
        }
      }
    }
    const options = record(r.options);
    const machine = record(r.machine);
    if (options)
      out.push(
        `${num(options.keys)} keystrokes a case${Number(options.rounds) > 1 ? ` in each of ${num(options.rounds)} rounds (${perRound ? "the tables pool the rounds' keys; a frame target takes the median of the rounds' own p95s, and on against off the median of the rounds' ratios, each round's on and off typed in one page, on first" : "pooled: the tables and the targets over all the rounds' keys"})` : ''} at ${num(options.keyMs)} ms a key; completions from the ${String(options.model)}${options.twin ? ` and the ${String(options.twin)}` : ''}.${machine ? ` Load average ${num((machine.loadavgBefore as number[])?.[0], 1)} before the cases, ${num((machine.loadavgAfter as number[])?.[0], 1)} after (${num(machine.cores)} cores).` : ''}`,
      );
    const tti = record(r.interactive);
    if (tti)
      out.push(
        `Navigation to the first keystroke: ${ms(tti.p50)} p50, ${ms(tti.p95)} p95, the model still loading in ${num(tti.loadingAtKeystroke)} of ${num(tti.reps)} (target 1.5 s).`,
      );
    // Runs from before the rounds were kept apart have no such column.
    const kept = (row: string[]) => row.filter((_, i) => (i !== 3 || perRound) && (i !== 8 || firstBursts));
    if (rows.length)
      out.push(
        table(
          kept([
            'file',
            'completions',
            'keystroke to next frame p50 / p95',
            'frame p95 of each round, ms',
            'long tasks while typing: count, longest',
            'input delay p95',
            'ghost text p50 (shown / bursts)',
            'JS heap / renderer MB',
            // Runs from before the first burst was kept apart have no such column.
            'first burst: frame p50 / max',
          ]),
          rows.map(kept),
        ),
      );
    const targets = (r.targets ?? []) as Target[];
    if (targets.length)
      out.push(
        table(
          ['target', 'measured', 'met'],
          targets.map((t) => [t.target, t.measured, t.met ? 'yes' : 'no']),
        ),
      );
    out.push(...busyTables(r, SIZE_LABELS));
    const profiles = Object.entries(record(r.profile) ?? {}).filter(([k]) => k !== 'machine');
    if (profiles.length) {
      // The hot spots of each profiled case (`--profile-only`); every function's figures are in the JSON.
      const spots = (xs: HotSpot[] | undefined, key: 'selfMs' | 'totalMs') =>
        (xs ?? [])
          .filter((x) => !x.fn.startsWith('('))
          .slice(0, 3)
          .map((x) => `${x.fn.replace(/^monaco: /, '')} ${ms(x[key])}`)
          .join('; ');
      out.push(
        "Where the main thread's time goes (`--profile-only`: the CPU profile of the typing phase on an unminified build; per keystroke, pauses included):",
        table(
          ['case', 'main thread busy per keystroke', 'top functions by self time', 'our code by total time'],
          profiles.map(([k, v]) => {
            const p = record(record(v)?.profile) as ProfileSummary | undefined;
            const [size, language, mode] = k.split('/');
            return [
              `${SIZE_LABELS[size] ?? size}, ${language}, completions ${mode}`,
              p ? ms(p.busyMs / p.keys) : undefined,
              spots(p?.bySelf, 'selfMs'),
              spots(p?.byTotal, 'totalMs'),
            ];
          }),
        ),
      );
    }
    return out;
  },
};

const semanticTs: SuiteSection = {
  about:
    "The JavaScript/TypeScript semantic checkers on this repository's own ~200-line TypeScript files: a line taken out and put back (any flag is a false flag), and the same line with a referenced name, a property read, or a member of a type another file declares turned into a near miss (should be flagged). The types check reads the workspace files each file imports and the packages' declarations its bare imports name (the repository is the workspace, its node_modules the packages).",
  tables: (r) => {
    const row = (name: string, wall: Summary, cpu: Summary) => [name, num(wall.n), ms(wall.p50), ms(wall.p95), ms(cpu.p50), ms(cpu.p95)];
    const caught = (c: Record<string, number>, of: number) =>
      `names ${share(c.names, of)}, types ${share(c.types, of)}, either ${share(c.either, of)}`;
    return [
      table(
        ['check', 'cases', 'p50 wall', 'p95 wall', 'p50 CPU', 'p95 CPU'],
        [
          row('names (tree-sitter scopes)', r.names as Summary, r.namesCpu as Summary),
          row('types (TypeScript compiler)', r.types as Summary, r.typesCpu as Summary),
        ],
      ),
      table(
        ['measure', 'result'],
        [
          ['first types check (compiler import, lib parse)', ms(r.coldTypesMs)],
          ['false flags on ground truths', `${(r.falseFlags as string[]).length} of ${num(r.cases)}`],
          [`mutants, a referenced name (${num(r.mutants)})`, caught(r.caught as Record<string, number>, r.mutants as number)],
          [
            `mutants, a property read (${num(r.memberMutants)})`,
            caught(r.memberCaught as Record<string, number>, r.memberMutants as number),
          ],
          ...(r.workspaceMutants === undefined
            ? []
            : [
                [
                  `mutants, a member of a type another file declares (${num(r.workspaceMutants)})`,
                  caught(r.workspaceCaught as Record<string, number>, r.workspaceMutants as number),
                ],
              ]),
          ...typedMisses(record(r.typedMisses)),
          ...importedFiles(r),
        ],
      ),
      ...semanticTsDepths(r.byDepth as DepthRow[] | undefined),
      ...semanticTsLarge(record(r.large)),
      ...semanticTsLarge(record(r.largeJs)),
      ...semanticTsBrowser(record(r.browser)),
    ];
  },
};

/** Property mutants the types check missed on a value it types (the others: values of a package's type, `any` to it). */
function typedMisses(m: Record<string, unknown> | undefined): string[][] {
  if (!m) return [];
  const n = (k: string) => ((m[k] ?? []) as unknown[]).length;
  return [
    [
      'property mutants missed on a value the types check types (the rest: a value it does not type)',
      `${n('member')} property reads, ${n('workspace')} workspace members`,
    ],
  ];
}

/** Mutants the browser's types check flagged, by kind. */
function browserMutants(m: Record<string, unknown> | undefined): string[][] {
  const kinds: [string, string][] = [
    ['member', 'property reads'],
    ['workspace', 'workspace members'],
  ];
  return kinds.flatMap(([k, name]) => {
    const c = record(m?.[k]) as { n: number; caught: number } | undefined;
    return c ? [[`mutants flagged, ${name}`, `${num(c.caught)} of ${num(c.n)}`]] : [];
  });
}

/** How many workspace files a check's program held. */
function importedFiles(r: Record<string, unknown>): string[][] {
  const i = record(r.imported) as { files?: Summary; chars?: Summary } | undefined;
  if (!i?.files?.n) return [];
  return [
    [
      `workspace files in a check's program (import depth ${num(r.importDepth)}), p50 / p95`,
      `${num(i.files.p50)} files, ${num(i.chars?.p50)} chars / ${num(i.files.p95)} files, ${num(i.chars?.p95)} chars`,
    ],
  ];
}

interface DepthRow {
  depth: number;
  wall: Summary;
  cpu: Summary;
  falseFlags: number;
  member: { n: number; caught: number };
  workspace: { n: number; caught: number };
}

/** The types check at each import depth (0: no workspace), the depths taking turns on each case. */
function semanticTsDepths(rows: DepthRow[] | undefined): string[] {
  if (!rows?.length) return [];
  return [
    'The types check by import depth (0: no workspace file; 1: the direct imports only), the depths taking turns on each case:',
    table(
      ['import depth', 'p50 wall', 'p95 wall', 'p50 CPU', 'p95 CPU', 'false flags', 'property reads caught', 'workspace members caught'],
      rows.map((d) => [
        num(d.depth),
        ms(d.wall.p50),
        ms(d.wall.p95),
        ms(d.cpu.p50),
        ms(d.cpu.p95),
        `${num(d.falseFlags)} of ${num(d.wall.n)}`,
        `${share(d.member.caught, d.member.n)} of ${num(d.member.n)}`,
        `${share(d.workspace.caught, d.workspace.n)} of ${num(d.workspace.n)}`,
      ]),
    ),
  ];
}

/** The types check on long files of installed packages, checked one after another in each file, against the targets. */
function semanticTsLarge(l: Record<string, unknown> | undefined): string[] {
  if (!l) return [];
  type Row = { wall: Summary; cpu: Summary };
  const files = l.files as { path: string; lines: number }[];
  const t = l.targets as { p50Ms: number; p95Ms: number };
  const m = l.mutants as { n: number; caught: number; byTypes?: number; byNames?: number };
  const meets = (s: Summary) => (s.p50 <= t.p50Ms && s.p95 <= t.p95Ms ? 'meets' : 'misses');
  const row = (name: string, r: Row) => [
    name,
    num(r.wall.n),
    ms(r.wall.p50),
    ms(r.wall.p95),
    ms(r.cpu.p50),
    ms(r.cpu.p95),
    `wall ${meets(r.wall)}, CPU ${meets(r.cpu)}`,
  ];
  const corpus = typeof l.corpus === 'string' ? l.corpus : "installed packages' TypeScript sources";
  const byCheck = m.byTypes === undefined ? '' : ` (types check ${num(m.byTypes)}, names check ${num(m.byNames)})`;
  return [
    `The semantic check on long files nobody here wrote (${corpus}: ${files.map((f) => `${f.path}, ${num(f.lines)} lines`).join('; ')}), a code line taken out and put back, then a property read in it misspelled, one check after another in each file as typing asks; false flags ${num((l.falseFlags as string[]).length)} of ${num((l.truth as Row).wall.n)}, property mutants caught ${num(m.caught)} of ${num(m.n)}${byCheck}:`,
    table(
      [
        'check, long files',
        'checks',
        'p50 wall',
        'p95 wall',
        'p50 CPU',
        'p95 CPU',
        `target p50 ≤ ${num(t.p50Ms)} ms, p95 ≤ ${num(t.p95Ms)} ms`,
      ],
      [
        row('types, ground truths', l.truth as Row),
        row('types, all checks (mutants too)', l.all as Row),
        ...(l.names ? [row('names, all checks', l.names as Row)] : []),
      ],
    ),
  ];
}

/** The same checks in Chromium, through the app's types check in Monaco's TypeScript worker (target: p50 ≤ 20 ms). */
function semanticTsBrowser(b: Record<string, unknown> | undefined): string[] {
  if (!b) return [];
  if (typeof b.skipped === 'string') return [`In Chromium: skipped (${b.skipped}).`];
  const row = (name: string, x: unknown) => {
    const v = record(x) as Summary | undefined;
    return [name, num(v?.n), ms(v?.p50), ms(v?.p95)];
  };
  const threads = ((b.threads ?? []) as { thread: string; perCheckMs: number }[]).map((t) => `${t.thread} ${ms(t.perCheckMs)}`).join(', ');
  return [
    "In Chromium, the app's types check (Monaco's TypeScript worker, through the test build's `window.__ide`), on the same texts, target p50 ≤ 20 ms:",
    table(
      ['types check in the browser', 'checks', 'p50', 'p95'],
      [
        row('ground truths, call to answer', b.wall),
        row('all checks (mutants too)', b.wallAll),
        row("...main thread: the hidden model's edit", b.main),
        row('...worker: program update (parse)', b.program),
        row('...worker: region check (a new checker)', b.check),
        row('...messages and waiting', b.messages),
      ],
    ),
    table(
      ['measure', 'result'],
      [
        ['first check (worker start, compiler load, lib parse, warm-up)', ms(b.coldMs)],
        ...(b.packagesMs === undefined
          ? []
          : [["reading the packages' types into the worker (one pass over the ground truths)", ms(b.packagesMs)]]),
        ['CPU per check, mean, busiest threads', threads || 'n/a'],
        [`checks over the app's budget (${num(b.budgetMs)} ms)`, `${num(b.overBudget)} of ${num(b.checks)}`],
        ["answers that differ from the Node compiler's", `${num((b.disagree as unknown[] | undefined)?.length)} of ${num(b.checks)}`],
        ['false flags on ground truths', num(b.falseFlags)],
        ...browserMutants(record(b.mutants)),
      ],
    ),
  ];
}

const earlyEscalation: SuiteSection = {
  about:
    "Early escalation: the bracket check's cost per decoding step and the early-stop criteria's (before: everything redone each step; after: incremental), then decoding steps and local latency with early escalation off and on, on the fixture models (syntax+confidence, threshold 0.5, at most 32 new tokens).",
  tables: (r) => {
    const perStep = (r.perStep ?? []) as StepCostRow[];
    const criteria = (r.criteria ?? []) as CriteriaCostRow[];
    const rows = (r.rows ?? []) as EarlyRow[];
    return [
      table(
        [
          'language',
          'prefix chars',
          'steps',
          'bracket check per step: re-lex → incremental',
          'first step (prefix lexed once)',
          'per request',
        ],
        perStep.map((s) => [
          s.language,
          num(s.prefixChars),
          s.steps,
          `${ms(s.relexStepMs)} → ${ms(s.incrementalStepMs)}`,
          ms(s.firstStepMs),
          `${ms(s.relexRequestMs)} → ${ms(s.incrementalRequestMs)}`,
        ]),
      ),
      table(
        ['generated tokens', 'criteria per step: re-decode → incremental', 'incremental without the check', 'per request'],
        criteria.map((c) => [
          c.tokens,
          `${ms(c.redecodeStepMs)} → ${ms(c.incrementalStepMs)}`,
          ms(c.incrementalOwnStepMs),
          `${ms(c.redecodeRequestMs)} → ${ms(c.incrementalRequestMs)}`,
        ]),
      ),
      table(
        ['model', 'aggregation', 'stopped early', 'steps off → on', 'local p50 off → on'],
        rows.map((x) => [
          x.model,
          x.aggregation,
          percent(x.earlyShare * 100, 0),
          `${x.stepsOff} → ${x.stepsOn}`,
          `${ms(x.msOff)} → ${ms(x.msOn)}`,
        ]),
      ),
    ];
  },
};

const secretGuard: SuiteSection = {
  about:
    "The secret guard that every escalation passes: its cost on a 1 MB prefix+suffix of this repository's code with credentials planted (target under 20 ms), and its false alarms over every source and config file in `node_modules`, each finding listed for review (budget: at most 1 per 10,000 lines).",
  tables: (r) => {
    const out: string[] = [];
    const parts = (r.parts ?? []) as { name: string; wall: Summary; cpu: Summary; minWall: number }[];
    if (parts.length) {
      out.push(
        table(
          ['run (1 MB)', 'CPU median', 'CPU p95', 'wall median', 'wall fastest'],
          parts.map((p) => [p.name, ms(p.cpu.p50), ms(p.cpu.p95), ms(p.wall.p50), ms(p.minWall)]),
        ),
      );
      const slices = record(r.prescanSlices);
      out.push(
        `${num(r.findings)} findings in the 1 MB; a cold scan reads ${num(r.coldMBPerCpuSecond, 1)} MB a second of CPU; a cold prescan of it takes ${num(slices?.count)} slices (wall median ${ms(slices?.p50)}, longest ${ms(slices?.max)}).`,
      );
    }
    const alarms = record(r.falseAlarms);
    if (alarms?.lines !== undefined) {
      out.push(
        `**False alarms**: ${num(alarms.findings)} findings in ${num(alarms.lines)} lines (${num(Number(alarms.bytes) / 1e6, 1)} MB) of \`node_modules\`, ${num(alarms.per10kLines, 2)} per 10,000 lines (budget ${num(alarms.budgetPer10kLines)}), scanned cold at ${num(alarms.coldMBPerCpuSecond, 1)} MB a second of CPU. Each finding is a false alarm or a real key shipped in a package: the review is in [privacy.md](privacy.md#false-alarms-in-real-code).`,
      );
      const list = (alarms.list ?? []) as { where: string; kind: string }[];
      if (list.length)
        out.push(
          table(
            ['where', 'kind'],
            list.map((f) => [`\`${f.where}\``, `\`${f.kind}\``]),
          ),
        );
    }
    return out;
  },
};

/** One runtime's figures in bench/results/lookup.json: the Node run at the top level, a Chromium run under `chromiumWasm`. */
interface LookupRun {
  runtime?: string;
  context: number;
  reps: number;
  threads?: number;
  passMs?: number[];
  fit?: { msPerPass: number; msPerToken: number };
  trimMs?: number;
  cost: { verify: number[]; trim: number };
  projectedSpeedUp: number;
  pooledSpeedUp: number;
  bestMaxDraft: number;
  defaultOnAt: number;
  defaultOn: boolean;
  lookup?: { maxDraft: number };
  sets?: Record<string, { tasks: number; tokens: number; byMaxDraft: Record<string, LookupWalk> }>;
  total?: Record<string, LookupWalk>;
}

/** The walk of one set's middles at one largest draft: passes it took, draft tokens accepted, and its cost in one-token passes. */
interface LookupWalk {
  tokens: number;
  passes: number;
  accepted: number;
  cost: number;
}

/** Per set and pooled: how much a draft proposed correctly, and the speed-up each runtime's costs project, by the largest draft. */
function lookupSetsTable(runs: [string, LookupRun][]): string | undefined {
  const first = runs[0][1];
  if (!first.sets || !first.total) return undefined;
  const drafts = Object.keys(first.total);
  const rows: [string, number | undefined, (run: LookupRun) => Record<string, LookupWalk> | undefined][] = [
    ...Object.entries(first.sets).map(
      ([name, set]) =>
        [name, set.tasks, (run: LookupRun) => run.sets?.[name]?.byMaxDraft] as [
          string,
          number,
          (run: LookupRun) => Record<string, LookupWalk> | undefined,
        ],
    ),
    ['all, pooled', Object.values(first.sets).reduce((n, s) => n + s.tasks, 0), (run: LookupRun) => run.total],
  ];
  const each = (walks: Record<string, LookupWalk> | undefined, f: (w: LookupWalk) => string) =>
    walks ? drafts.map((d) => (walks[d] ? f(walks[d]) : 'n/a')).join(' / ') : 'n/a';
  const ds = drafts.join(' / ');
  return table(
    [
      'set',
      'tasks',
      'middle tokens',
      `drafted correctly, d <= ${ds}`,
      `tokens per pass, d <= ${ds}`,
      ...runs.map(([name]) => `projected speed-up, ${name}, d <= ${ds}`),
    ],
    rows.map(([name, tasks, walksOf]) => {
      const walks = walksOf(first);
      const tokens = walks ? Object.values(walks)[0]?.tokens : undefined;
      return [
        name,
        num(tasks),
        num(tokens),
        each(walks, (w) => share(w.accepted, w.tokens)),
        each(walks, (w) => num(w.tokens / w.passes, 2)),
        ...runs.map(([, run]) => each(walksOf(run), (w) => ratio(w.tokens / w.cost))),
      ];
    }),
  );
}

const lookup: SuiteSection = {
  about:
    "Prompt-lookup decoding on the 0.5B twin: one forward pass verifying d draft tokens over a cache of real code, against a one-token pass, in Node (onnxruntime-node, CPU) and in Chromium (onnxruntime-web, WASM); and the decoding speed-up projected from those costs and the share of the development sets' middle tokens a draft proposes correctly ([prompt-lookup.md](prompt-lookup.md)).",
  tables: (r) => {
    const runs = (
      [
        ['Node CPU', r],
        ['Chromium WASM', r.chromiumWasm],
      ] as const
    ).filter(([, v]) => record(v)?.cost !== undefined && record(v)?.passMs !== undefined) as unknown as [string, LookupRun][];
    if (!runs.length) return ['No pass timings in this run (`--no-verify`).'];
    const drafts = runs[0][1].cost.verify.map((_, d) => d);
    return [
      table(
        ['draft tokens d', 'tokens read', ...runs.flatMap(([name]) => [`${name}: ms (median)`, `${name}: cost vs 1 token (fitted line)`])],
        drafts.map((d) => [d, d + 1, ...runs.flatMap(([, v]) => [ms(v.passMs?.[d]), ratio(v.cost.verify[d])])]),
      ),
      table(
        [
          'runtime',
          'cache',
          'repetitions',
          'fitted line',
          'cache cut',
          'projected speed-up at the default draft (mean of the sets)',
          'pooled',
          'best largest draft',
          'on by default',
        ],
        runs.map(([name, v]) => [
          `${name}${v.threads === undefined ? '' : ` (${v.threads} threads)`}`,
          `${num(v.context)} tokens`,
          v.reps,
          v.fit ? `${ms(v.fit.msPerPass)} a pass + ${ms(v.fit.msPerToken)} a token` : undefined,
          ms(v.trimMs),
          `${ratio(v.projectedSpeedUp)} (largest draft ${v.lookup?.maxDraft ?? 'n/a'})`,
          ratio(v.pooledSpeedUp),
          v.bestMaxDraft,
          `${v.defaultOn ? 'yes' : 'no'} (rule: >= ${ratio(v.defaultOnAt, 1)})`,
        ]),
      ),
      ...[lookupSetsTable(runs)].filter((t) => t !== undefined),
    ];
  },
};

/** One site variant's figures in bench/results/hosting.json (bench/hosting.ts). */
interface HostingRow {
  firstVisitBytes: number;
  firstVisitResponses: number;
  repeatVisitBytes: number;
  editorFirstMs: Summary;
  editorRepeatMs: Summary;
  offlineReadyMs: Summary;
}

const hosting: SuiteSection = {
  about:
    "The production build behind Debian's nginx with the shipped site file, a fresh Chromium profile per round, the demo model: the first visit's transferred bytes, headers included and model weights apart, until the app works offline (target ≤ 20 MB), with the site's compression and with it switched off; time from navigation to the editor on a first and a repeat visit (medians of the rounds).",
  tables: (r) => {
    const mb = (x: unknown) => (typeof x === 'number' ? `${num(x / 1e6, 1)} MB` : 'n/a');
    const rows = (['compressed', 'uncompressed'] as const)
      .map((k) => [k, record(r[k]) as HostingRow | undefined] as const)
      .filter((e): e is readonly [(typeof e)[0], HostingRow] => e[1] !== undefined);
    return [
      table(
        ['site', 'first visit', 'responses', 'repeat visit', 'editor, first visit', 'editor, repeat visit', 'offline-ready'],
        rows.map(([k, v]) => [
          k === 'compressed' ? 'as shipped (gzip_static, gzip_types)' : 'compression off',
          mb(v.firstVisitBytes),
          num(v.firstVisitResponses),
          mb(v.repeatVisitBytes),
          ms(v.editorFirstMs?.p50),
          ms(v.editorRepeatMs?.p50),
          ms(v.offlineReadyMs?.p50),
        ]),
      ),
    ];
  },
};

export const SECTIONS: Record<string, SuiteSection> = {
  syntax: {
    about:
      "The syntax validator: per completion against the compilers' front ends, the edit-state corpus (catch rate, false rejections), files of 100 to 10,000 lines, and a 5 MB file being opened.",
    tables: syntaxTables,
  },
  semantic,
  'semantic-ts': semanticTs,
  extent,
  retrieval,
  inference,
  timing,
  'early-escalation': earlyEscalation,
  'secret-guard': secretGuard,
  ui,
  lookup,
  latency,
  hosting,
  git: {
    about:
      "Clone of this repository's own history through the documented Git front (Debian's nginx with deploy/git/git-http-backend.conf, fcgiwrap, git http-backend, Basic auth), `git clone` against Chromium, side by side in each round: the built app's panel, the app's Git module alone (the panel's steps, timed one by one), and the same module on lightning-fs's own store.",
    tables: gitTables,
  },
  embedding: {
    about:
      'What embedding the engine costs a host (docs/embedding.md): the packages as `npm pack` makes them, and a second tab of one origin with one model per origin (a SharedWorker) against a worker and a model per tab.',
    tables: embeddingTables,
  },
};
