// The layer rules (docs/architecture.md), checked by `npm run layers`, which
// `npm test` runs first. Type-only imports count: a circle of types is still
// a circle for the reader.
const TESTS = '\\.test\\.tsx?$|/testing/';
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module may not reach itself through its imports: split the shared part out (src/vocabulary for types).',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'vocabulary-is-a-leaf',
      severity: 'error',
      comment: 'src/vocabulary is the bottom layer every room shares: it imports nothing of ours.',
      from: { path: '^src/vocabulary/' },
      to: { path: '^(src|workers|eval|bench|scripts|e2e)/', pathNot: '^src/vocabulary/' },
    },
    {
      name: 'languages-above-the-vocabulary-only',
      severity: 'error',
      comment:
        'src/languages (the language registry and its lexer) sits just above the vocabulary: every room reads it, so it imports nothing of ours but src/vocabulary.',
      from: { path: '^src/languages/', pathNot: TESTS },
      to: { path: '^(src|workers|eval|bench|scripts|e2e)/', pathNot: '^src/(vocabulary|languages)/' },
    },
    {
      name: 'shared-rooms-stay-portable',
      severity: 'error',
      comment: 'The rooms the Node harness shares with the browser hold no DOM, React, Monaco or worker plumbing.',
      from: { path: '^src/(vocabulary|languages|completion|syntax|semantic)/', pathNot: TESTS },
      to: { path: '^src/(app|editor|engine)/|node_modules/(react|react-dom|monaco-editor|comlink)/' },
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
      comment: "Shipped code never imports test support (testing/ folders, e2e fixtures, the harness's test data).",
      from: { path: '^src/', pathNot: TESTS },
      to: { path: '/testing/|^e2e/|^eval/test/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|node_modules)' },
  },
};
