import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'e2e/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each file starts its own servers and databases; a few at a time keeps CI steady.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
