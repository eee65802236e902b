// The layer rules (docs/architecture.md), checked by `npm run layers`, which
// `npm test` runs first. Type-only imports count: a circle of types is still
// a circle for the reader.
const fs = require('node:fs');
const path = require('node:path');

// Tests (`*.test.ts`) sit beside the code they test; their support lives in testing/.
const TESTS = '\\.test\\.tsx?$';

// The rooms, bottom to top. A room may import only the rooms listed below it,
// so rooms never import each other in a circle and a reader can learn them in
// this order: each one is explained by what is under it. `workers` are the
// thin worker hosts outside src/ (the editor and the engine start them).
// Completion is one folder in three parts, each a room of its own at the
// level its imports need, named for where its code runs (docs/architecture.md):
// `completion/common` anywhere (the page, the workers, Node), `completion/worker`
// in the model's Web Worker, `completion/browser` on the page.
// Tests are exempt: a test may borrow support from any room.
const ROOMS = [
  'vocabulary',
  'languages',
  'platform',
  'syntax',
  'semantic',
  'checks',
  'prompt',
  'privacy',
  'endpoint',
  'completion/common',
  'completion/worker',
  'config',
  'workspace',
  'git',
  'workers',
  'editor',
  'completion/browser',
  'app',
];
const roomPath = (room) => (room === 'workers' ? '^workers/' : `^src/${room}/`);
const roomFolder = (room) => (room === 'workers' ? 'workers/' : `src/${room}/`);

// A folder of src/ that holds rooms in parts: its parts are rooms, and its
// entry point (index.ts) belongs to none (the harness's door to them).
const PARTED = ['completion'];

// A new folder in src/ (or in a parted one) must take its place in the order before it can be checked.
const folders = (dir) =>
  fs
    .readdirSync(path.join(__dirname, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const unlisted = folders('src')
  .flatMap((name) => (PARTED.includes(name) ? folders(`src/${name}`).map((part) => `${name}/${part}`) : [name]))
  .filter((room) => !ROOMS.includes(room))
  .map((room) => `src/${room}`);
if (unlisted.length) throw new Error(`.dependency-cruiser.cjs: add ${unlisted.join(', ')} to ROOMS, in its place bottom to top`);

const roomOrder = ROOMS.map((room, i) => ({
  name: `rooms-in-order-${room}`,
  severity: 'error',
  comment:
    `${roomFolder(room)} may import only the rooms below it (${ROOMS.slice(0, i).join(', ') || 'none'}). ` +
    'Move what both sides need down (a shared type into src/vocabulary) instead of importing upward.',
  from: { path: roomPath(room), pathNot: TESTS },
  to: {
    path: '^(src|workers|testing|eval|bench|scripts|e2e)/',
    pathNot: ROOMS.slice(0, i + 1)
      .map(roomPath)
      .join('|'),
  },
}));
// The harness (bench/, eval/, scripts/, testing/) reaches a room of src/
// only through its entry point, src/<room>/index.ts. These few modules are
// imported by path instead, each by the files named: none of them can sit in
// an entry point that both Node and a browser worker load.
const HARNESS_DEEP_IMPORTS = {
  // Vite-only: the WASM files' URLs come from `?url` imports; the bench's browser workers.
  'src/platform/ort-wasm.ts': ['bench/inference/browser-worker.ts', 'bench/latency/worker.ts', 'bench/lookup/worker.ts'],
  'src/platform/syntax-port.ts': ['bench/syntax/browser-worker.ts'],
  // A browser worker: the checks' entry point also loads their Node service (node:fs).
  'src/checks/syntax-service.ts': ['bench/syntax/browser-worker.ts'],
  // The engine needs Vite (import.meta.env, worker URLs) and has no entry point; the bench's page.
  'src/completion/browser/completion-engine.ts': ['bench/inference/page-probe.ts'],
  // Node only (node:path): kept out of the platform entry point, which browser workers load.
  'src/platform/bench-dir.ts': ['eval/data/load.ts', 'testing/syntax/bench-tasks.ts'],
};
const HARNESS = '^(bench|eval|scripts|testing)/';
const exactPath = (file) => `^${file.replace(/[.]/g, '\\.')}$`;
const harnessEntryPoints = [
  {
    name: 'harness-through-entry-points',
    severity: 'error',
    comment:
      'bench/, eval/, scripts/ and testing/ import a room of src/ through its entry point (src/<room>/index.ts): ' +
      'export what the harness needs from there. The exceptions are HARNESS_DEEP_IMPORTS in .dependency-cruiser.cjs.',
    from: { path: HARNESS },
    to: { path: '^src/[^/]+/', pathNot: ['^src/[^/]+/index\\.ts$', ...Object.keys(HARNESS_DEEP_IMPORTS).map(exactPath)] },
  },
  ...Object.entries(HARNESS_DEEP_IMPORTS).map(([target, importers]) => ({
    name: 'harness-through-entry-points',
    severity: 'error',
    comment: `Only ${importers.join(', ')} may import ${target} by path (HARNESS_DEEP_IMPORTS in .dependency-cruiser.cjs); others go through the entry point.`,
    from: { path: HARNESS, pathNot: importers.map(exactPath) },
    to: { path: exactPath(target) },
  })),
];
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module may not reach itself through its imports: split the shared part out (src/vocabulary for types).',
      from: { path: '^(src|workers|bench|eval|scripts|testing|e2e)/' },
      to: { circular: true },
    },
    {
      name: 'vocabulary-is-a-leaf',
      severity: 'error',
      comment: 'src/vocabulary is the bottom layer every room shares: it imports nothing of ours.',
      from: { path: '^src/vocabulary/' },
      to: { path: '^(src|workers|testing|eval|bench|scripts|e2e)/', pathNot: '^src/vocabulary/' },
    },
    ...roomOrder,
    ...harnessEntryPoints,
    {
      name: 'shared-rooms-stay-portable',
      severity: 'error',
      comment: 'The rooms the Node harness shares with the browser hold no DOM, React, Monaco or worker plumbing.',
      // A language folder's monaco.ts is the editor's: only the editor loads it.
      from: {
        path: '^src/(vocabulary|languages|syntax|semantic|checks|prompt|completion/common)/',
        pathNot: `${TESTS}|^src/languages/[^/]+/monaco\\.ts$`,
      },
      to: { path: '^src/(app|editor|completion/browser)/|node_modules/(react|react-dom|monaco-editor|comlink)/' },
    },
    {
      name: 'completion-split-by-environment',
      severity: 'error',
      comment:
        'src/completion/common/ runs anywhere: it imports neither worker/ (the model worker) nor browser/ (the page). ' +
        'src/completion/worker/ never imports browser/. Move what both need into common/.',
      from: { path: '^src/completion/common/', pathNot: TESTS },
      to: { path: '^src/completion/(worker|browser)/' },
    },
    {
      name: 'completion-split-by-environment',
      severity: 'error',
      comment: "src/completion/worker/ runs in the model worker (and Node): it never imports the page's browser/.",
      from: { path: '^src/completion/worker/', pathNot: TESTS },
      to: { path: '^src/completion/browser/|node_modules/(react|react-dom|monaco-editor)/' },
    },
    {
      name: 'app-on-top',
      severity: 'error',
      comment: 'Only the app (and its tests) may import the app.',
      from: { path: '^src/', pathNot: '^src/app/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'test-support-stays-in-tests',
      severity: 'error',
      comment:
        'Shipped code (src/, workers/) never imports test support: testing/ (fixture models, loopback servers, test data, per-room helpers) or the e2e specs.',
      from: { path: '^(src|workers)/', pathNot: TESTS },
      to: { path: '^(testing|e2e)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|node_modules)' },
  },
};
