// Lint rules for the whole tree (npm run lint). Layer rules live in
// .dependency-cruiser.cjs (npm run layers); formatting is Prettier's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-*/',
      'packages/*/dist/',
      'public/',
      'bench/results/',
      'test-results/',
      'playwright-report/',
      '.cache/',
      '.scratch/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.worker } },
    rules: {
      // `ok ? a() : b()` and `x && f()` are statements here, on purpose.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      // `_name` marks a binding kept for its position (a destructured field left out, a callback's first argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // The shell's components and hooks stay small enough to read in one go:
    // a longer one is split along its seams (a hook, a child component, a
    // plain module with its test). Tests are tables and scenarios: exempt.
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/**/*.test.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true }] },
  },
  {
    // CommonJS config files (.dependency-cruiser.cjs) load what they need with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
