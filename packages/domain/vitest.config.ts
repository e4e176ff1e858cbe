import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Pure functions without module state: files share their worker's loaded modules instead of
    // importing zod and the schemas again for each of them.
    isolate: false,
  },
});
