// The semantic check's types rule (src/semantic/type-diagnostics.ts) in the
// browser, on Monaco's TypeScript worker (its TypeScriptWorker, in
// workers/typescript.worker.ts, with the rule added): a hidden model per
// checked file name holds the window with the completion, and the worker
// checks it, and the text without the completion when it needs to.
//
// What the main thread does per check stays the size of the window and
// less: the hidden model takes one edit of the part that differs from what
// it held (the completion, the keys typed since), and Monaco sends the
// worker that edit, not the text. The workspace files the checked file
// imports go to the worker once per text (a file changed since it was sent
// goes again); a check sends only its links to them. The worker, its
// compiler and its lib files are Monaco's own, started here rather than
// through Monaco's TypeScript language support: that would serve the user's
// models too (suggestions, hovers, squiggles), and bundle a second copy of
// the worker. The hidden models live under their own URI scheme, which the
// syntax worker's mirror leaves out.
//
// The installed packages' types come from the opened folder's node_modules
// (`setPackageSource`): a check answers with the package paths its imports asked
// about that the worker does not hold, and those are read here and sent, in
// the background, until the resolution asks for nothing new. A check never
// waits for them: until they are in, a package's values are `any`.
import { TYPES_COMPILER_OPTIONS, typesFileName } from '../semantic/type-diagnostics';
import { createTypesCheck, type FindTypeErrors, type TypesCheck } from '../semantic/types-check';
import TypeScriptWorkerScript from '../../workers/typescript.worker?worker';
import { monaco } from './monaco';
import { TEST_SEAMS } from '../platform/test-seams';
import type { CheckingWorker, HeldFile } from '../semantic/typescript-worker-api';
import { ImportGraph, type TypeImports } from '../semantic/type-imports';
import { answerProbes, type PackageProbe, type PackageSource } from '../semantic/package-types';

/** The hidden models' URI scheme: no user file has it. */
export const TYPES_CHECK_SCHEME = 'semantic-check';

/** Where one check's time went: the main thread's part, the worker's two parts, and the round trip around them. */
export interface TypesCheckTiming {
  mainMs: number;
  programMs: number;
  checkMs: number;
  roundTripMs: number;
  /** The text without the completion was checked too. */
  baseline: boolean;
}

/** A hidden model and the text it holds (kept here: reading it back from the model would copy it). */
class HiddenFile {
  readonly model: monaco.editor.ITextModel;
  private text = '';

  constructor(fileName: string) {
    const uri = monaco.Uri.from({ scheme: TYPES_CHECK_SCHEME, authority: 'types', path: `/${fileName}` });
    // Plain text: the worker reads the language from the name's extension, and the main thread tokenizes nothing.
    this.model = monaco.editor.getModel(uri) ?? monaco.editor.createModel('', 'plaintext', uri);
    this.model.setValue('');
  }

  /** Makes the model hold `text` by one edit: the span between the common start and the common end of the old and new text. */
  hold(text: string): void {
    const old = this.text;
    if (old === text) return;
    const most = Math.min(old.length, text.length);
    let head = 0;
    while (head < most && old.charCodeAt(head) === text.charCodeAt(head)) head++;
    let tail = 0;
    while (tail < most - head && old.charCodeAt(old.length - 1 - tail) === text.charCodeAt(text.length - 1 - tail)) tail++;
    const m = this.model;
    const range = monaco.Range.fromPositions(m.getPositionAt(head), m.getPositionAt(old.length - tail));
    m.applyEdits([{ range, text: text.slice(head, text.length - tail) }]);
    this.text = text;
  }
}

let client: monaco.editor.MonacoWebWorker<CheckingWorker> | undefined;

/** The worker holding `model`'s current text (the first call starts it). */
function workerFor(model: monaco.editor.ITextModel): Promise<CheckingWorker> {
  if (!client) {
    const worker = new TypeScriptWorkerScript({ name: 'typescript' });
    // Monaco's protocol: a first message wakes the worker, the second gives the service its settings.
    worker.postMessage('ignore');
    worker.postMessage({ compilerOptions: TYPES_COMPILER_OPTIONS, extraLibs: {}, inlayHintsOptions: {} });
    client = monaco.editor.createWebWorker<CheckingWorker>({ worker, keepIdleModels: true });
  }
  return client.withSyncedResources([model.uri]);
}

const timings: TypesCheckTiming[] = [];

/** The workspace files the worker holds, by path, with the text each was sent with. */
const held = new Map<string, string>();

/** Sends the worker the files of `imports` it does not hold at their current texts. */
async function hold(worker: CheckingWorker, imports: TypeImports | undefined): Promise<void> {
  const send: HeldFile[] = [];
  // The same string compares by reference; an equal copy by content, once: it is then the one kept.
  for (const [path, text] of imports?.files ?? []) if (held.get(path) !== text) send.push({ path, text });
  if (send.length) await worker.holdFiles(send);
  for (const [path, text] of imports?.files ?? []) held.set(path, text);
}

/** Rounds of reading and learning per batch of probes: each follows one more step of the packages' imports. */
const MAX_PACKAGE_ROUNDS = 32;

let packageSource: PackageSource | undefined;
/** The packages being read and learnt, one batch after another. */
let learning: Promise<void> = Promise.resolve();

/** Reads what the worker asked for, teaches it, and goes on with what it asks next, until nothing (in the background). */
function learnPackages(worker: CheckingWorker, probes: readonly PackageProbe[]): void {
  const source = packageSource;
  if (!source || !probes.length) return;
  learning = learning.then(async () => {
    let next = probes;
    for (let round = 0; next.length && round < MAX_PACKAGE_ROUNDS && source === packageSource; round++)
      next = await worker.learnPackages(await answerProbes(source, next));
  });
  learning = learning.catch((e) => console.warn('package types not read:', e));
}

/**
 * The installed packages the types check reads bare imports' types from (the
 * opened folder; undefined: none). What the worker learnt from another
 * source is forgotten.
 */
export function setPackageSource(source: PackageSource | undefined): void {
  if (source === packageSource) return;
  packageSource = source;
  if (client) {
    const forget = client.getProxy().then((w) => w.forgetPackages());
    learning = learning.then(() => forget).catch(() => undefined);
  }
}

/** Resolves when the package reads started so far are learnt (the bench and tests wait on it). */
export function packagesLearnt(): Promise<void> {
  return learning;
}

function monacoFind(): FindTypeErrors {
  const files = new Map<string, HiddenFile>();
  const graph = new ImportGraph();
  return async ({ language, file: path, text, completionStart, completionEnd }, workspace) => {
    // The model would turn a \r\n into its own line break, and the offsets with it.
    if (text.includes('\r')) throw new Error('not checked: the text has \\r line breaks, which the hidden model would change');
    const t0 = performance.now();
    const name = typesFileName(language);
    let file = files.get(name);
    if (!file) files.set(name, (file = new HiddenFile(name)));
    file.hold(text);
    // Both texts' imports (the completion may add one): a scan of the window; the imported files' own are read once per text.
    const baseline = text.slice(0, completionStart) + text.slice(completionEnd);
    const imports = workspace && path !== undefined ? graph.imports(path, [text, baseline], workspace) : undefined;
    const mainMs = performance.now() - t0;
    const worker = await workerFor(file.model);
    const sent = performance.now();
    await hold(worker, imports);
    const links = imports && { file: imports.file, links: imports.links };
    const answer = await worker.typeFindings(file.model.uri.toString(), language, completionStart, completionEnd, links);
    learnPackages(worker, answer.packageProbes);
    // Kept for the bench (through the test seams) only: a production build records nothing.
    if (TEST_SEAMS) {
      const { programMs, checkMs, baseline } = answer;
      timings.push({ mainMs, programMs, checkMs, roundTripMs: performance.now() - sent, baseline });
      if (timings.length > 1000) timings.splice(0, timings.length - 1000);
    }
    return answer.findings;
  };
}

let check: TypesCheck | undefined;

/** The app's one types check (its worker starts on the first warm-up or check). */
export function monacoTypesCheck(): TypesCheck {
  return (check ??= createTypesCheck(monacoFind()));
}

/** The timings of the checks since the last call, oldest first (the bench reads them). */
export function takeTypesCheckTimings(): TypesCheckTiming[] {
  return timings.splice(0, timings.length);
}
