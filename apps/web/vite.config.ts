/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './tools/precompress-plugin';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precompressPlugin()],
  server: {
    proxy: {
      '/api': api,
      '/trpc': { target: api, ws: true },
      '/ws': { target: api, ws: true },
    },
  },
  build: { chunkSizeWarningLimit: 700 },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-utils/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // jsdom renders Mantine slowly on a busy 2-core machine: typing a field can take seconds there.
    testTimeout: 30_000,
  },
});
