/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, type InlineConfig } from 'vite';
import { firstLoadChunks } from './tools/first-load-chunks.ts';
import { mantineIdPlugin } from './tools/mantine-id-plugin.ts';
import { precompressPlugin } from './tools/precompress-plugin.ts';
import { screenPreloadsPlugin } from './tools/screen-preloads-plugin.ts';
import { sessionHintPlugin } from './tools/session-hint-plugin.ts';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

/** The app as it builds, before first-load-chunks.ts groups its chunks (which builds it this way first). */
const appConfig = () =>
  ({
    root: import.meta.dirname,
    plugins: [react(), mantineIdPlugin()],
    build: {
      rolldownOptions: {
        treeshake: {
          // react-remove-scroll marks its sidecar as a side effect, which kept its scroll lock (and the
          // modules under it) in the entry through Mantine's barrel; Modal and Drawer import it for real.
          moduleSideEffects: [{ test: /react-remove-scroll\/dist\/es2015\/sidecar\.js$/, sideEffects: false }],
        },
      },
    },
  }) satisfies InlineConfig;

const app = appConfig();

export default defineConfig(async ({ command }) => ({
  plugins: [...app.plugins, sessionHintPlugin(), screenPreloadsPlugin(), precompressPlugin()],
  server: {
    proxy: {
      '/api': api,
      '/trpc': { target: api, ws: true },
      '/ws': { target: api, ws: true },
    },
  },
  build: {
    chunkSizeWarningLimit: 700,
    // The manifest lets a test read what each first load downloads (src/first-load-budget.test.ts).
    manifest: true,
    rolldownOptions: {
      ...app.build.rolldownOptions,
      output: command === 'build' ? { codeSplitting: await firstLoadChunks(appConfig()) } : {},
    },
  },
  test: {
    environment: 'jsdom',
    // One jsdom per worker rather than per file: building it and importing Mantine again for each file
    // was most of the run. Each test renders into a DOM that setup.ts cleans after it.
    isolate: false,
    setupFiles: ['./src/test-utils/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // jsdom renders Mantine slowly on a busy 2-core machine: typing a field can take seconds there.
    testTimeout: 30_000,
  },
}));
