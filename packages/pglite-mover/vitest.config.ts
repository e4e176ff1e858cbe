import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./vitest.global-setup.ts'],
    // Opening the fixture with PGlite (WebAssembly) and copying it takes seconds on a busy 2-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
