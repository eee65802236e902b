// `npm run eval -- <command> [options]`: the evaluation harness's CLI.
//   run        generate (or read) completions, check syntax, judge, store JSONL
//   sanity     ground-truth middles as the model: must pass >= 99% per set
//   report     routing simulation (+ calibration) from stored runs -> md/html/json
//   calibrate  per-language thresholds -> the router block the IDE loads
//   semantic   the semantic check on ground truths (false flags) and their mutants (share caught)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { FIM_FAMILIES, type FimFamily, type ModelSource } from '../src/vocabulary';
import { ENDPOINT_PROTOCOLS, type EndpointProtocol } from '../src/endpoint';
import { calibrate, routerConfigJson, type Objective } from './analysis/calibrate';
import { groundTruthRecords, splitJudgeable } from './analysis/judgeable';
import { buildRows } from './analysis/rows';
import { GRID_POLICIES } from './analysis/sweep';
import { DEFAULT_BENCH_DIR, DEV_SETS, loadBenchmarks, resolveBenchmarkPath, type TaskFilter } from './data/load';
import { Judge } from './execute/judge';
import { probeSandbox } from './execute/sandbox';
import { endpointSource } from './models/endpoint-source';
import { groundTruthSource } from './models/ground-truth';
import { jsonlSource } from './models/jsonl-source';
import { localModelSource } from './models/local-source';
import type { CompletionSource } from './models/types';
import { buildReport } from './report/build';
import { toHtml } from './report/html';
import { headlineChart, HEADLINE_SVG, toMarkdown } from './report/markdown';
import { runModel } from './run/runner';
import { readRecords, RecordStore } from './run/store';
import { sanityCheck, formatSanity } from './sanity';
import { formatSemantic, semanticHarness } from './semantic';
import { methodCallLines, pythonStdlib } from './semantic-classes';

/** Lines of Python modules the semantic command checks beside the development sets. */
const CLASS_LINES = 1_500;

const USAGE = `Usage: npm run eval -- <command> [options]

Commands:
  run        --bench NAME|PATH... --model ground-truth|local|endpoint|jsonl --out RUN.jsonl [--resume]
  sanity     [--bench NAME|PATH...] [--out-dir DIR]     ground truth must pass >= 99% on every set
  report     --local RUN.jsonl... [--large RUN.jsonl...] --out-dir DIR [--budget 0.4 | --floor 0.8]
  calibrate  --local RUN.jsonl... [--large RUN.jsonl...] (--budget 0.4 | --floor 0.8) --out router.json
  semantic   [--bench NAME|PATH...] [--python-source DIR] [--out-dir DIR]
                                                        semantic check: false flags on ground truth, mutants caught
                                                        (with lines of DIR's modules that call methods; default
                                                        without --bench: the local python3's standard library)

Benchmarks (--bench, repeatable): a path to any HumanEval-Infilling or SAFIM .jsonl[.gz], or a
development set in --bench-dir (default ${DEFAULT_BENCH_DIR}): ${Object.keys(DEV_SETS).join(', ')}
Filters: --limit N (per file), --languages python,java,cpp, --task-id ID|GLOB (repeatable)
Judge: --concurrency N (default: cores), --toolchain-path PATH, --cache-dir DIR, --safim-exact-shortcut
Models:
  --model local     --local-model NAME [--local-root DIR | --local-hub | --local-mirror URL] --family F
                    [--dtype fp32] [--device cpu] [--max-new-tokens 64]
  --model endpoint  --endpoint-url http://host:8000/v1 --endpoint-model M --family F [--max-tokens 64]
                    [--endpoint-protocol ${ENDPOINT_PROTOCOLS.join('|')}] [--endpoint-logprobs]
                    [--timeout-ms 30000] [--api-key-env VAR]
  --model jsonl     --completions FILE.jsonl   ({"task_id","completion","token_probs"?} per line)
  --role local|large   which side of the router these completions play (default: local; ground truth: large)
Report/calibrate: --ground-truth GT.jsonl... (default: the sanity stores *.ground-truth.jsonl next to --local):
                  tasks whose ground truth fails there are not judgeable and left out of every pass@1
                  --held-out 0.3 --seed S --thresholds 0,0.05,...,1 --no-progress
                  --policy syntax+confidence|syntax+confidence+semantic|confidence-only (calibrated policy)
`;

const OPTIONS = {
  bench: { type: 'string', multiple: true },
  'bench-dir': { type: 'string' },
  'python-source': { type: 'string' },
  limit: { type: 'string' },
  languages: { type: 'string' },
  'task-id': { type: 'string', multiple: true },
  model: { type: 'string' },
  role: { type: 'string' },
  out: { type: 'string' },
  'out-dir': { type: 'string' },
  resume: { type: 'boolean' },
  concurrency: { type: 'string' },
  'toolchain-path': { type: 'string' },
  'cache-dir': { type: 'string' },
  'safim-exact-shortcut': { type: 'boolean' },
  policy: { type: 'string' },
  'local-model': { type: 'string' },
  'local-root': { type: 'string' },
  'local-hub': { type: 'boolean' },
  'local-mirror': { type: 'string' },
  family: { type: 'string' },
  dtype: { type: 'string' },
  device: { type: 'string' },
  'max-new-tokens': { type: 'string' },
  'endpoint-url': { type: 'string' },
  'endpoint-model': { type: 'string' },
  'endpoint-protocol': { type: 'string' },
  'endpoint-logprobs': { type: 'boolean' },
  'max-tokens': { type: 'string' },
  'timeout-ms': { type: 'string' },
  'api-key-env': { type: 'string' },
  completions: { type: 'string' },
  local: { type: 'string', multiple: true },
  large: { type: 'string', multiple: true },
  'ground-truth': { type: 'string', multiple: true },
  budget: { type: 'string' },
  floor: { type: 'string' },
  'held-out': { type: 'string' },
  seed: { type: 'string' },
  thresholds: { type: 'string' },
  'no-progress': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

class UsageError extends Error {}

function num(v: string | undefined, name: string, dflt?: number): number | undefined {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new UsageError(`--${name} must be a number, got "${v}"`);
  return n;
}

function need<T>(v: T | undefined, what: string): T {
  if (v === undefined || v === '') throw new UsageError(`missing ${what}`);
  return v;
}

function family(v: Values): FimFamily {
  const f = need(v.family, `--family (${FIM_FAMILIES.join(', ')})`);
  if (!FIM_FAMILIES.includes(f as FimFamily)) throw new UsageError(`unknown --family "${f}": use ${FIM_FAMILIES.join(', ')}`);
  return f as FimFamily;
}

function protocol(v: Values): EndpointProtocol {
  const p = v['endpoint-protocol'] ?? 'openai-completions';
  if (!ENDPOINT_PROTOCOLS.includes(p as EndpointProtocol))
    throw new UsageError(`unknown --endpoint-protocol "${p}": use ${ENDPOINT_PROTOCOLS.join(', ')}`);
  return p as EndpointProtocol;
}

function filterOf(v: Values): TaskFilter {
  return {
    limit: num(v.limit, 'limit'),
    languages: v.languages
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    taskIds: v['task-id'],
  };
}

function benchPaths(v: Values, dflt: string[] = []): string[] {
  const names = v.bench?.length ? v.bench : dflt;
  if (!names.length) throw new UsageError('missing --bench (a dev-set name or a path)');
  return names.map((n) => resolveBenchmarkPath(n, v['bench-dir'] ? resolve(v['bench-dir']) : DEFAULT_BENCH_DIR));
}

function judgeOf(v: Values): Judge {
  return new Judge({
    concurrency: num(v.concurrency, 'concurrency'),
    toolchainPath: v['toolchain-path'],
    cacheDir: v['cache-dir'],
    exactMatchShortcut: v['safim-exact-shortcut'],
  });
}

async function sourceOf(v: Values): Promise<CompletionSource> {
  const role = v.role === 'large' ? 'large' : v.role === 'local' ? 'local' : undefined;
  switch (v.model) {
    case 'ground-truth':
      return groundTruthSource(role ?? 'large');
    case 'jsonl':
      return jsonlSource(resolve(need(v.completions, '--completions FILE.jsonl')), role ?? 'local');
    case 'local': {
      const source: ModelSource = v['local-hub']
        ? { kind: 'hub' }
        : v['local-mirror']
          ? { kind: 'url', url: v['local-mirror'] }
          : { kind: 'bundled', root: resolve(v['local-root'] ?? 'public/models/fixtures') };
      return localModelSource({
        model: need(v['local-model'], '--local-model'),
        source,
        family: family(v),
        device: (v.device as 'cpu' | 'wasm' | undefined) ?? 'cpu',
        dtype: v.dtype,
        maxNewTokens: num(v['max-new-tokens'], 'max-new-tokens', 64)!,
      });
    }
    case 'endpoint': {
      const key = v['api-key-env'] ? process.env[v['api-key-env']] : undefined;
      return endpointSource(
        {
          url: need(v['endpoint-url'], '--endpoint-url'),
          model: need(v['endpoint-model'], '--endpoint-model'),
          family: family(v),
          protocol: protocol(v),
          ...(v['endpoint-logprobs'] && { logprobs: true }),
          timeoutMs: num(v['timeout-ms'], 'timeout-ms', 30_000)!,
          maxTokens: num(v['max-tokens'], 'max-tokens', 64)!,
          ...(key && { apiKey: key }),
        },
        role ?? 'large',
      );
    }
    default:
      throw new UsageError('--model must be ground-truth, local, endpoint or jsonl');
  }
}

async function cmdRun(v: Values): Promise<number> {
  const tasks = await loadBenchmarks(benchPaths(v), filterOf(v));
  const out = resolve(need(v.out, '--out RUN.jsonl'));
  const source = await sourceOf(v);
  const judge = judgeOf(v);
  const chain = await judge.toolchain();
  const sandbox = probeSandbox();
  console.error(
    `sandbox: ${sandbox.mode}${sandbox.note ? ` (${sandbox.note})` : ''}; tools: ${Object.values(chain.tools)
      .map((t) => t.version)
      .join('; ')}`,
  );
  for (const m of Object.values(chain.missing)) console.error(`warning: ${m}: its tasks will fail with no_runtime`);
  const store = new RecordStore(out, Boolean(v.resume));
  writeFileSync(
    `${out}.meta.json`,
    JSON.stringify(
      {
        source: source.name,
        role: source.role,
        benches: benchPaths(v),
        filter: filterOf(v),
        sandbox,
        toolchain: chain,
        started: new Date().toISOString(),
      },
      null,
      2,
    ),
  );
  const s = await runModel({ tasks, source, judge, store, progress: !v['no-progress'] });
  await source.close?.();
  const passed = s.records.filter((r) => r.pass).length;
  console.log(
    `${source.name}: ${passed}/${s.records.length} passed (pass@1 ${((100 * passed) / Math.max(1, s.records.length)).toFixed(2)}%), ` +
      `${s.skipped} resumed, ${s.seconds.toFixed(1)} s, ${((s.total - s.skipped) / Math.max(s.seconds, 1e-9)).toFixed(1)} tasks/s -> ${out}`,
  );
  return 0;
}

async function cmdSanity(v: Values): Promise<number> {
  const paths = benchPaths(v, Object.keys(DEV_SETS));
  const outDir = v['out-dir'] ? resolve(v['out-dir']) : undefined;
  const results = await sanityCheck(paths, { filter: filterOf(v), judge: judgeOf(v), outDir, progress: !v['no-progress'] });
  console.log(formatSanity(results));
  return results.every((r) => r.passAt1 >= 0.99) ? 0 : 1;
}

async function cmdSemantic(v: Values): Promise<number> {
  const paths = benchPaths(v, Object.keys(DEV_SETS));
  // The development sets call no method of a class of their files: lines of real modules that do, beside them.
  const source = v['python-source'] ? resolve(v['python-source']) : v.bench?.length ? undefined : pythonStdlib();
  const extra = source ? [{ label: `${source} (method calls)`, tasks: methodCallLines(source, CLASS_LINES) }] : [];
  const results = await semanticHarness(paths, { filter: filterOf(v), extra });
  const table = formatSemantic(results);
  console.log(table);
  if (v['out-dir']) {
    const dir = resolve(v['out-dir']);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'semantic.md'), table + '\n');
    writeFileSync(join(dir, 'semantic.json'), JSON.stringify(results, null, 2) + '\n');
  }
  return results.every((r) => r.falseFlags.length === 0) ? 0 : 1;
}

function objectiveOf(v: Values, required: boolean): Objective | undefined {
  if (v.budget !== undefined && v.floor !== undefined) throw new UsageError('give --budget or --floor, not both');
  if (v.budget !== undefined) return { kind: 'budget', maxEscalationRate: num(v.budget, 'budget')! };
  if (v.floor !== undefined) return { kind: 'floor', minPassAt1: num(v.floor, 'floor')! };
  if (required) throw new UsageError('calibrate needs --budget MAX_ESCALATION_RATE or --floor MIN_PASS_AT_1');
  return undefined;
}

function calibrationPolicyOf(v: Values): (typeof GRID_POLICIES)[number] | undefined {
  if (v.policy === undefined) return undefined;
  if (!(GRID_POLICIES as readonly string[]).includes(v.policy)) throw new UsageError(`--policy must be one of ${GRID_POLICIES.join(', ')}`);
  return v.policy as (typeof GRID_POLICIES)[number];
}

function analyse(v: Values, requireObjective: boolean) {
  const localFiles = need(v.local, '--local RUN.jsonl').map((p) => resolve(p));
  const largeFiles = v.large?.map((p) => resolve(p));
  const allLocal = localFiles.flatMap(readRecords);
  if (!allLocal.length) throw new UsageError(`no records in ${localFiles.join(', ')}`);
  const allLarge = largeFiles?.flatMap(readRecords);
  const groundTruth = groundTruthRecords({ files: v['ground-truth']?.map((p) => resolve(p)), runFiles: localFiles, large: allLarge });
  const { local, large, notJudgeable } = splitJudgeable(allLocal, allLarge, groundTruth);
  if (!local.length) throw new UsageError(`no judgeable records in ${localFiles.join(', ')}: every task's ground truth fails`);
  const sim = buildRows(local, large);
  const thresholds = v.thresholds?.split(',').map(Number);
  const objective = objectiveOf(v, requireObjective);
  const policy = calibrationPolicyOf(v);
  const calibration = objective
    ? calibrate(sim.rows, { objective, heldOutFraction: num(v['held-out'], 'held-out', 0.3), seed: v.seed, ...(policy && { policy }) })
    : undefined;
  return { local, localFiles, large, largeFiles, sim, thresholds, calibration, notJudgeable };
}

async function cmdReport(v: Values): Promise<number> {
  const a = analyse(v, false);
  const outDir = resolve(need(v['out-dir'], '--out-dir DIR'));
  mkdirSync(outDir, { recursive: true });
  const report = buildReport({
    local: a.local,
    localFiles: a.localFiles,
    large: a.large,
    largeFiles: a.largeFiles,
    sim: a.sim,
    calibration: a.calibration,
    thresholds: a.thresholds,
    notJudgeable: a.notJudgeable,
  });
  writeFileSync(join(outDir, 'report.json'), JSON.stringify(report, null, 2));
  writeFileSync(join(outDir, 'report.md'), toMarkdown(report));
  writeFileSync(join(outDir, HEADLINE_SVG), headlineChart(report.headline));
  writeFileSync(join(outDir, 'report.html'), toHtml(report));
  if (a.calibration) {
    writeFileSync(join(outDir, 'router-config.json'), `${JSON.stringify(routerConfigJson(a.calibration), null, 2)}\n`);
    if (!a.calibration.chosen.feasible)
      console.error(
        'warning: the calibration objective cannot be met on these runs; router-config.json holds the closest choice (see report.md)',
      );
  }
  console.log(
    `report: ${join(outDir, 'report.md')}, ${HEADLINE_SVG}, report.html, report.json${a.calibration ? ', router-config.json' : ''}`,
  );
  return 0;
}

async function cmdCalibrate(v: Values): Promise<number> {
  const a = analyse(v, true);
  const c = a.calibration!;
  const out = resolve(need(v.out, '--out router.json'));
  writeFileSync(out, `${JSON.stringify(routerConfigJson(c), null, 2)}\n`);
  writeFileSync(out.replace(/(\.json)?$/, '.details.json'), `${JSON.stringify(c, null, 2)}\n`);
  const f = c.chosen.fit;
  const h = c.heldOut;
  console.log(
    `${c.chosen.feasible ? '' : 'objective NOT met on the fit split; closest choice: '}aggregation ${c.chosen.aggregation}, thresholds ${JSON.stringify(c.chosen.perLanguage)}, fallback ${c.chosen.threshold}`,
  );
  console.log(
    `fit (${f.n}): pass@1 ${(100 * f.passAt1).toFixed(1)}%, escalated ${(100 * f.escalationRate).toFixed(1)}%` +
      (h
        ? `; held-out (${h.n}): pass@1 ${(100 * h.passAt1).toFixed(1)}%, escalated ${(100 * h.escalationRate).toFixed(1)}% (${c.heldOutMeets ? 'meets' : 'does NOT meet'} the objective)`
        : ''),
  );
  if (a.notJudgeable.total)
    console.log(
      `${a.notJudgeable.total} task(s) not judgeable (ground truth fails here), left out: ${Object.entries(a.notJudgeable.perLanguage)
        .map(([l, x]) => `${l} ${x.count}`)
        .join(', ')}`,
    );
  console.log(`-> ${out}`);
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const [cmd] = parsed.positionals;
  if (parsed.values.help || !cmd) {
    console.log(USAGE);
    return cmd || parsed.values.help ? 0 : 2;
  }
  const commands: Record<string, (v: Values) => Promise<number>> = {
    run: cmdRun,
    sanity: cmdSanity,
    report: cmdReport,
    calibrate: cmdCalibrate,
    semantic: cmdSemantic,
  };
  const fn = commands[cmd];
  if (!fn) {
    console.error(`unknown command "${cmd}"\n\n${USAGE}`);
    return 2;
  }
  try {
    return await fn(parsed.values);
  } catch (e) {
    console.error(e instanceof UsageError ? `${e.message}\n\n${USAGE}` : `error: ${(e as Error).message}`);
    return e instanceof UsageError ? 2 : 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
