/** Process entry: read the environment, start, and shut down gracefully on SIGTERM/SIGINT. */
import { loadEnv } from './env.js';
import { startupBanner } from './bootstrap/startup-banner.js';
import { startServer } from './server.js';

const env = loadEnv();
const server = await startServer(env);
console.log(startupBanner(server.url, server.generatedAdmin));

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
