// `npm run bench syntax`: the syntax validator against the compilers' front
// ends, side by side in one run on the same contexts, and the live-document
// path on files of 100, 1,000 and 10,000 lines, in each of the 8 languages.
//
// Targets: p50 <= 1 ms and p95 <= 5 ms per validation on the
// benchmark contexts; >= 100x faster than javac and g++ -fsyntax-only (run
// per file, as processes, which is how those front ends are used); a
// 10,000-line file within 3x of a 100-line one on the live path.
//
// Then a 5 MB document being opened: how long a check on another (small)
// document waits meanwhile, with the parse in one go (the old path,
// `sliceMs: Infinity`) and in slices (the default), side by side.
// `--large-only` runs only that part; `--edit-states-only` only the corpus
// of edit states through the live path; `--sizes-only` only the files of
// 100, 1,000 and 10,000 lines (all 8 languages, bench/syntax/synthetic.ts).
//
// Last, the same in Chromium (bench/syntax/browser.ts): the syntax worker's
// pauses by setTimeout(0) and by a message, side by side; `--browser-only`
// runs only that part.
//
// "Per validation" is one completion at a fresh cursor position: the window
// (or the document) is parsed without the completion and with it. The
// compilers get the whole file with the ground truth spliced in; python3
// compiles it in one long-lived process (compile(): ast.parse plus the
// checks CPython makes when compiling), timed per call round trip.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SyntaxRequest, SyntaxVerdict } from '../src/vocabulary';
import { LiveDocuments, createNodeValidator } from '../src/syntax';
import { benchPresent, BENCH_DIR, loadAllTasks, type FimTask } from '../testing/syntax/bench-tasks';
import { corpusPresent, corpusTable, loadCorpus, runCorpus } from '../testing/syntax/edit-states-corpus';
import { PythonReference, python3Available } from '../testing/syntax/python-reference';
import type { BenchSuite } from './suite';
import { fmtMs, summarize } from './stats';
import { SYNTHETIC_LANGUAGES, syntheticFile } from './syntax/synthetic';

type Summary = ReturnType<typeof summarize>;
const COMPILER_SAMPLES = Number(process.env.SYNTAX_BENCH_COMPILER_SAMPLES ?? 20);

const row = (name: string, s: Summary, extra = '') =>
  console.log(`${name.padEnd(44)} ${String(s.n).padStart(6)}  p50 ${fmtMs(s.p50).padStart(9)}  p95 ${fmtMs(s.p95).padStart(9)}  ${extra}`);

function has(cmd: string, args: string[]): boolean {
  try {
    return spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
  } catch {
    return false;
  }
}

/** Our validation, per completion at a fresh spot: the editor's live path (window) and the full-text check. */
async function ours(
  tasks: FimTask[],
): Promise<{ live: number[]; full: number[]; cpu: number[]; byLanguage: Record<string, { live: number[]; full: number[] }> }> {
  const validator = createNodeValidator();
  const docs = new LiveDocuments(validator);
  for (const language of ['python', 'java', 'cpp']) await validator.validate({ language, prefix: '', completion: '', suffix: '' }); // load grammars
  const live: number[] = [];
  const full: number[] = [];
  const cpu: number[] = [];
  const byLanguage: Record<string, { live: number[]; full: number[] }> = {};
  for (const [i, t] of tasks.entries()) {
    await docs.openDocument('bench', t.language, t.prefix + t.suffix, i);
    // The same check twice more, each at a fresh document version, keeping
    // the fastest: what the validator costs without the scheduler's pauses
    // for other processes (this machine has 2 cores and is shared).
    let best = Infinity;
    for (let k = 0; k < 3; k++) {
      await docs.openDocument('again', t.language, t.prefix + t.suffix, k);
      const started = performance.now();
      await docs.validate({
        language: t.language,
        prefix: t.prefix,
        completion: t.middle,
        suffix: t.suffix,
        documentId: 'again',
        version: k,
      });
      best = Math.min(best, performance.now() - started);
    }
    cpu.push(best);
    let started = performance.now();
    await docs.validate({
      language: t.language,
      prefix: t.prefix,
      completion: t.middle,
      suffix: t.suffix,
      documentId: 'bench',
      version: i,
    });
    const l = performance.now() - started;
    started = performance.now();
    await validator.validate({ language: t.language, prefix: t.prefix, completion: t.middle, suffix: t.suffix });
    const f = performance.now() - started;
    live.push(l);
    full.push(f);
    (byLanguage[t.language] ??= { live: [], full: [] }).live.push(l);
    byLanguage[t.language].full.push(f);
  }
  return { live, full, cpu, byLanguage };
}

async function pythonCompile(tasks: FimTask[]): Promise<number[]> {
  const ref = new PythonReference();
  try {
    await ref.check('pass\n'); // interpreter start-up is not per call
    const ms: number[] = [];
    for (const t of tasks) {
      const started = performance.now();
      await ref.check(t.prefix + t.middle + t.suffix);
      ms.push(performance.now() - started);
    }
    return ms;
  } finally {
    ref.close();
  }
}

/** One process per file, as an IDE or a build would run the front end. */
function perFile(tasks: FimTask[], command: (file: string, dir: string) => [string, string[]], fileName: (t: FimTask) => string): number[] {
  const ms: number[] = [];
  for (const t of tasks) {
    const dir = mkdtempSync(join(tmpdir(), 'syntax-bench-'));
    try {
      const file = join(dir, fileName(t));
      writeFileSync(file, t.prefix + t.middle + t.suffix);
      const [cmd, args] = command(file, dir);
      const started = performance.now();
      spawnSync(cmd, args, { stdio: 'ignore', timeout: 120_000 });
      ms.push(performance.now() - started);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return ms;
}

const javaFileName = (t: FimTask) => `${/public\s+(?:final\s+)?class\s+(\w+)/.exec(t.prefix + t.suffix)?.[1] ?? 'Main'}.java`;

async function sizes(): Promise<Record<string, unknown>> {
  const validator = createNodeValidator();
  const docs = new LiveDocuments(validator);
  const out: Record<string, unknown> = {};
  const table = [
    '| live document, valid completion, p50 / p95 | 100 lines | 1,000 lines | 10,000 lines | 10,000 / 100 | whole-text reparse at 10,000 |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const language of SYNTHETIC_LANGUAGES) {
    const perSize: Record<number, { live: Summary; full: Summary; keystroke: Summary; invalidLive: Summary }> = {};
    for (const lines of [100, 1000, 10_000]) {
      const { text, offset, completion } = syntheticFile(language, lines);
      const rounds = lines === 10_000 ? 30 : 100;
      const live: number[] = [];
      const invalidLive: number[] = [];
      const full: number[] = [];
      const keystroke: number[] = [];
      await docs.openDocument('big', language, text, 0);
      for (let v = 1; v <= rounds; v++) {
        // A keystroke near the cursor: a blank line typed above its line, then deleted again.
        const at = text.lastIndexOf('\n', offset - 1) + 1;
        const edit = v % 2 ? { rangeOffset: at, rangeLength: 0, text: '\n' } : { rangeOffset: at, rangeLength: 1, text: '' };
        const shift = v % 2 ? 1 : 0;
        const current = v % 2 ? `${text.slice(0, at)}\n${text.slice(at)}` : text;
        let started = performance.now();
        await docs.applyEdits('big', v, [edit], current.length);
        keystroke.push(performance.now() - started);
        const around = {
          language,
          prefix: current.slice(0, offset + shift),
          suffix: current.slice(offset + shift),
          documentId: 'big',
          version: v,
        };
        started = performance.now();
        await docs.validate({ ...around, completion }); // fresh spot: a new version
        live.push(performance.now() - started);
        started = performance.now();
        await docs.validate({ ...around, completion: 'a + (b' }); // same spot, unbalanced
        invalidLive.push(performance.now() - started);
      }
      // The whole-text check in a loop of its own: interleaved, the garbage
      // of its walk over a 10,000-line tree was collected during the live
      // checks after it and inflate their times, while the editor makes no
      // whole-text check between keystrokes.
      for (let v = 1; v <= rounds; v++) {
        const started = performance.now();
        await validator.validate({ language, prefix: text.slice(0, offset) + ' '.repeat(v % 3), completion, suffix: text.slice(offset) });
        full.push(performance.now() - started);
      }
      perSize[lines] = {
        live: summarize(live),
        full: summarize(full),
        keystroke: summarize(keystroke),
        invalidLive: summarize(invalidLive),
      };
      row(`${language} ${lines} lines: live (window), valid`, perSize[lines].live);
      row(`${language} ${lines} lines: live, unbalanced (same spot)`, perSize[lines].invalidLive);
      row(`${language} ${lines} lines: full reparse`, perSize[lines].full);
      row(`${language} ${lines} lines: keystroke (tree.edit + reparse)`, perSize[lines].keystroke);
    }
    const ratio = perSize[10_000].live.p50 / perSize[100].live.p50;
    console.log(`${language}: live p50 10,000 / 100 lines = ${ratio.toFixed(2)}x (target <= 3x: ${ratio <= 3 ? 'ok' : 'MISSED'})\n`);
    out[language] = { ...perSize, ratio10kTo100: ratio };
    const cell = (s: Summary) => `${fmtMs(s.p50)} / ${fmtMs(s.p95)}`;
    table.push(
      `| ${language} | ${cell(perSize[100].live)} | ${cell(perSize[1000].live)} | ${cell(perSize[10_000].live)} | ${ratio.toFixed(2)}x${ratio <= 3 ? '' : ' (over 3x)'} | ${fmtMs(perSize[10_000].full.p50)} |`,
    );
  }
  console.log(`the 8 languages side by side (docs/results.md):\n${table.join('\n')}\n`);
  return out;
}

/**
 * A 5 MB Python document is opened, then a `(` is typed at its top (the
 * reparse runs to the end of the file), while checks on a small Java
 * document arrive every 50 ms (the completion pipeline's requests, through
 * the live document). A request's wait counts from when it arrived (its
 * timer was due), so with the parse in one go a request arriving during it
 * waits for the rest of it, as a message to the worker would.
 */
async function largeDocument(): Promise<Record<string, unknown>> {
  const big = syntheticFile('python', 0, 5 * 1024 * 1024);
  const small = syntheticFile('java', 100);
  const smallReq = (i: number): SyntaxRequest => ({
    language: 'java',
    prefix: small.text.slice(0, small.offset),
    completion: i % 2 ? 'a + (b' : small.completion,
    suffix: small.text.slice(small.offset),
    documentId: 'Small.java',
    version: 1,
  });
  const bigReq = (text: string, offset: number, version: number): SyntaxRequest => ({
    language: 'python',
    prefix: text.slice(0, offset),
    completion: big.completion,
    suffix: text.slice(offset),
    documentId: 'big.py',
    version,
  });
  const typed = 'x = (\n';
  const edited = typed + big.text;
  const probe = createNodeValidator();
  const l = await probe.load('python');
  if (typeof l === 'string') throw new Error(l);
  let started = performance.now();
  l.parser.parse(big.text)?.delete();
  const plainParse = performance.now() - started;
  console.log(
    `${(big.text.length / 1e6).toFixed(2)} M code units of Python (a plain parse: ${fmtMs(plainParse)}); checks on a 100-line Java file arrive every 50 ms while it is opened, then while \`${JSON.stringify(typed).slice(1, -1)}\` typed at its top is reparsed`,
  );
  const out: Record<string, unknown> = { codeUnits: big.text.length, plainParseMs: plainParse };
  const modes = [
    ['parse in one go (before)', { sliceMs: Infinity }, { budgetMs: Infinity }],
    ['parse in slices (after)', {}, {}],
  ] as const;
  for (const [name, validatorOptions, docsOptions] of modes) {
    const validator = createNodeValidator(validatorOptions);
    const docs = new LiveDocuments(validator, docsOptions);
    await docs.openDocument('Small.java', 'java', small.text, 1);
    for (let i = 0; i < 5; i++) await docs.validate(smallReq(i)); // warm
    const phases: Record<string, unknown> = {};
    const phase = async (label: string, work: () => Promise<unknown>, own: SyntaxRequest) => {
      const m = await whileBusy(
        work,
        () => docs.validate(own),
        (i) => docs.validate(smallReq(i)).then((v) => v.valid === (i % 2 === 0)),
        plainParse * 8,
      );
      const w = summarize(m.waits);
      const ownSays = m.own.checked ? `checked (${m.own.valid ? 'valid' : 'invalid'})` : `not checked (${m.own.uncheckedReason})`;
      console.log(
        `${name}, ${label}: ${fmtMs(m.workMs)}; ${w.n} small-document checks arrived meanwhile, wait p50 ${fmtMs(w.p50)}, p95 ${fmtMs(w.p95)}, max ${fmtMs(m.maxWait)}${m.wrong ? `, ${m.wrong} WRONG verdicts` : ''}; its own check asked at the start: ${ownSays} after ${fmtMs(m.ownMs)}`,
      );
      phases[label] = {
        ms: m.workMs,
        smallCheckWait: { ...w, max: m.maxWait },
        wrongVerdicts: m.wrong,
        ownCheck: { ms: m.ownMs, checked: m.own.checked, valid: m.own.valid, reason: m.own.uncheckedReason },
      };
    };
    await phase('open', () => docs.openDocument('big.py', 'python', big.text, 1), bigReq(big.text, big.offset, 1));
    started = performance.now();
    const after = await docs.validate(bigReq(big.text, big.offset, 1));
    phases.checkOnceOpenMs = performance.now() - started;
    console.log(
      `  once opened, a check in the 5 MB document: ${after.checked && after.valid ? 'valid' : 'NOT valid'} in ${fmtMs(performance.now() - started)} (its window)`,
    );
    await phase(
      `"${JSON.stringify(typed).slice(1, -1)}" typed at the top`,
      () => docs.applyEdits('big.py', 2, [{ rangeOffset: 0, rangeLength: 0, text: typed }], edited.length),
      bigReq(edited, big.offset + typed.length, 2),
    );
    out[name] = phases;
  }
  return out;
}

/**
 * Run `work`; meanwhile ask `own` once at the start and `check(i)` at each
 * 50 ms arrival until `work` is done. A wait counts from the arrival.
 */
async function whileBusy(
  work: () => Promise<unknown>,
  own: () => Promise<SyntaxVerdict>,
  check: (i: number) => Promise<boolean>,
  horizonMs: number,
) {
  const waits: number[] = [];
  let wrong = 0;
  let doneAt = Infinity;
  const t0 = performance.now();
  const working = work().then(() => {
    doneAt = performance.now() - t0;
  });
  const asked = own().then((v) => ({ v, ms: performance.now() - t0 }));
  const timers: ReturnType<typeof setTimeout>[] = [];
  const answers: Promise<void>[] = [];
  for (let i = 0, at = 10; at < horizonMs; i++, at += 50) {
    timers.push(
      setTimeout(() => {
        if (at >= doneAt) return; // arrived after the work: not counted
        answers.push(
          check(i).then((right) => {
            waits.push(performance.now() - (t0 + at));
            if (!right) wrong++;
          }),
        );
      }, at),
    );
  }
  await working;
  // Arrivals due before the work ended whose timers could not fire yet (the parse in one go held the thread) fire now.
  timers.forEach((timer, i) => {
    if (10 + i * 50 >= doneAt) clearTimeout(timer);
  });
  await new Promise((resolve) => setTimeout(resolve, 1));
  await Promise.all(answers);
  const ownCheck = await asked;
  return { workMs: doneAt, waits, maxWait: waits.length ? Math.max(...waits) : Number.NaN, wrong, own: ownCheck.v, ownMs: ownCheck.ms };
}

/**
 * The corpus of edit states (8 languages, clean and with an unrelated error
 * planted, labels from the real compilers) through the editor's live path:
 * each state opened as a document, each middle checked at its cursor. The
 * per-language table and the p50 of the check. `--no-large` stops after
 * this part and the file sizes (no 5 MB document, no browser).
 */
async function editStates(): Promise<Record<string, unknown>> {
  if (!corpusPresent()) {
    console.log('testing/syntax/data/edit-states.jsonl.gz not found: the edit-state part is skipped (npx tsx scripts/make-edit-states.ts)');
    return {};
  }
  const docs = new LiveDocuments(createNodeValidator());
  let version = 0;
  let heldText = '';
  const result = await runCorpus(loadCorpus(), async (req) => {
    const text = req.prefix + req.suffix;
    if (text !== heldText) {
      await docs.openDocument('state', req.language, text, ++version);
      heldText = text;
    }
    const started = performance.now();
    const v = await docs.validate({ ...req, documentId: 'state', version }, Infinity); // the table is about verdicts, not the time budget
    return { ...v, ms: performance.now() - started };
  });
  console.log(`edit states through the live path (docs/results.md):\n${corpusTable(result)}\n`);
  const ms: Record<string, Summary> = {};
  for (const [language, values] of Object.entries(result.ms)) {
    ms[language] = summarize(values);
    row(`  ${language}: live check, edit states`, ms[language], `target p50 <= 1 ms: ${ms[language].p50 <= 1 ? 'ok' : 'MISSED'}`);
  }
  if (result.rejected.length) console.log(`false rejections:\n${result.rejected.join('\n')}`);
  console.log('');
  return { tallies: result.tallies, ms };
}

export const suite: BenchSuite = {
  name: 'syntax',
  description:
    'validation per completion vs python3 compile(), javac and g++ -fsyntax-only; live documents of 100 / 1,000 / 10,000 lines; a 5 MB document being opened, in Node and in Chromium',
  async run(flags) {
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (2 cores: timings above ~2 are contended)\n`,
    );
    const results: Record<string, unknown> = {};
    if (flags['browser-only']) {
      results.browser = await (await import('./syntax/browser')).browserPath(); // Playwright and Vite: loaded only here
      return results;
    }
    if (flags['edit-states-only']) {
      results.editStates = await editStates();
      results.loadAverage = loadavg();
      return results;
    }
    if (flags['sizes-only']) {
      results.sizes = await sizes();
      results.loadAverage = loadavg();
      return results;
    }
    if (flags['large-only']) {
      results.largeDocument = await largeDocument();
      results.loadAverage = loadavg();
      return results;
    }
    if (!benchPresent()) {
      console.log(`${BENCH_DIR} not found: the benchmark-context part is skipped (put SAFIM and HumanEval-infilling there)`);
    } else {
      const all = loadAllTasks();
      // The contexts: every SAFIM dev task (python, java, cpp) and every HumanEval single-line task.
      const tasks = all.filter((t) => t.set !== 'humaneval-multi');
      const o = await ours(tasks);
      const live = summarize(o.live);
      const full = summarize(o.full);
      row('ours, live document (window)', live, `target p50 <= 1 ms, p95 <= 5 ms: ${live.p50 <= 1 && live.p95 <= 5 ? 'ok' : 'MISSED'}`);
      const cpu = summarize(o.cpu);
      row('ours, live document, best of 3 per context', cpu, `target: ${cpu.p50 <= 1 && cpu.p95 <= 5 ? 'ok' : 'MISSED'}`);
      row('ours, full text', full, `target: ${full.p50 <= 1 && full.p95 <= 5 ? 'ok' : 'MISSED'}`);
      const perLanguage: Record<string, unknown> = {};
      for (const [language, v] of Object.entries(o.byLanguage)) {
        perLanguage[language] = { live: summarize(v.live), full: summarize(v.full) };
        row(`  ${language}: live`, summarize(v.live));
        row(`  ${language}: full`, summarize(v.full));
      }
      Object.assign(results, { contexts: tasks.length, ours: { live, bestOf3: cpu, full, perLanguage } });

      const python = tasks.filter((t) => t.language === 'python');
      if (python3Available()) {
        const py = summarize(await pythonCompile(python));
        const ourPy = summarize(o.byLanguage.python.live);
        const r = py.p50 / ourPy.p50;
        row(
          'python3 compile(), long-lived process',
          py,
          r >= 1 ? `ours is ${r.toFixed(1)}x faster at p50` : `python3 is ${(1 / r).toFixed(1)}x faster at p50`,
        );
        results.python3 = { ...py, ratioP50: py.p50 / ourPy.p50 };
      }
      const sample = (language: string) =>
        tasks
          .filter((t) => t.language === language)
          .filter((_, i, a) => i % Math.max(1, Math.floor(a.length / COMPILER_SAMPLES)) === 0)
          .slice(0, COMPILER_SAMPLES);
      if (has('javac', ['-version'])) {
        const j = summarize(perFile(sample('java'), (file, dir) => ['javac', ['-d', dir, '-proc:none', file]], javaFileName));
        const ourJava = summarize(o.byLanguage.java.live);
        const ratio = j.p50 / ourJava.p50;
        row('javac per file', j, `ours is ${ratio.toFixed(0)}x faster at p50 (target >= 100x: ${ratio >= 100 ? 'ok' : 'MISSED'})`);
        results.javac = { ...j, ratioP50: ratio };
      } else console.log('javac not found: skipped');
      if (has('g++', ['--version'])) {
        const g = summarize(
          perFile(
            sample('cpp'),
            (file) => ['g++', ['-std=c++17', '-fsyntax-only', file]],
            () => 'main.cpp',
          ),
        );
        const ourCpp = summarize(o.byLanguage.cpp.live);
        const ratio = g.p50 / ourCpp.p50;
        row(
          'g++ -fsyntax-only per file',
          g,
          `ours is ${ratio.toFixed(0)}x faster at p50 (target >= 100x: ${ratio >= 100 ? 'ok' : 'MISSED'})`,
        );
        results.gpp = { ...g, ratioP50: ratio };
      } else console.log('g++ not found: skipped');
      console.log('');
    }
    results.editStates = await editStates();
    results.sizes = await sizes();
    console.log('');
    if (flags['no-large']) return results;
    results.largeDocument = await largeDocument();
    results.loadAverage = loadavg();
    console.log('');
    results.browser = await (await import('./syntax/browser')).browserPath(); // Playwright and Vite: loaded only here
    return results;
  },
};
