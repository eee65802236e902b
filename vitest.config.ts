import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'testing/**/*.test.ts', 'scripts/**/*.test.ts', 'eval/**/*.test.ts', 'bench/*.test.ts'],
    testTimeout: 60000,
  },
});
