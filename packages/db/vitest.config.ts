import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Starting PGlite (WebAssembly) and migrating takes seconds on a busy 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Files share their worker's loaded modules, PGlite's compiled WebAssembly among them; each test opens its own database.
    isolate: false,
  },
});
