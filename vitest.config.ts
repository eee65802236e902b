import { defineConfig } from 'vitest/config';

// Files that replace a module (vi.mock) or a global need a module graph of
// their own; every other file shares one per worker, which saves importing the
// parser, the compiler and the model runtime again for each file.
const OWN_MODULES = [
  'src/platform/bench-dir.test.ts',
  'src/app/settings-store.test.ts',
  'src/app/panel-layout.test.ts',
  'src/completion/common/pipeline.test.ts',
  'src/privacy/secret-prescan.test.ts',
  'src/platform/offline.test.ts',
];

const ALL = [
  'src/**/*.test.ts',
  'packages/*/src/**/*.test.ts',
  'testing/**/*.test.ts',
  'scripts/**/*.test.ts',
  'eval/**/*.test.ts',
  'bench/**/*.test.ts',
];

export default defineConfig({
  test: {
    // One bound for every test and set-up hook, there to catch a hang, not to measure speed: tests read corpora,
    // load grammars and run compilers, and on a loaded machine that outlasts Vitest's 10 s default many times over
    // without anything being stuck. A test sets its own bound only where its work is known to take longer still.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    projects: [
      { extends: true, test: { name: 'shared-modules', include: ALL, exclude: OWN_MODULES, isolate: false } },
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES } },
    ],
  },
});
