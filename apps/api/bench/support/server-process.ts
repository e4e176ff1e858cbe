/** The benchmarks' server: the real API in a child process, so its memory is sampled apart from the benchmark's. */
import { loadEnv } from '../../src/env.js';
import { type ApiProcess, startApiProcess } from '../../src/test/api-process.js';
import { CookieJar } from '../../src/test/cookie-jar.js';
import { ApiClient } from '../../src/test/harness.js';

export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench-admin-1' };
/** Another user (a Vendedor) whose lead list is timed while heavy work runs: not the one doing it. */
export const BENCH_OTHER = { username: 'bench-otro', password: 'bench-otro-1' };

/**
 * The product's own budget of expensive work (env.ts's defaults), not the test harness's lifted one:
 * what a benchmark measures is what a user gets. A benchmark that must go past it says so in `extraEnv`.
 */
const { WORK_BUDGET_BURST, WORK_BUDGET_PER_SECOND } = loadEnv({});
export const PRODUCT_WORK_BUDGET = { burst: WORK_BUDGET_BURST, perSecond: WORK_BUDGET_PER_SECOND };

/**
 * For a benchmark that times the same expensive call again and again (latency, not fairness): the
 * budget would refuse its repeats, so it is lifted there. `bench:abuse` measures the budget itself.
 */
export const LIFTED_WORK_BUDGET = { WORK_BUDGET_BURST: '1000000', WORK_BUDGET_PER_SECOND: '100000', WORK_SLOTS_PER_USER: '1000' };

export function startServerProcess(
  database: { DATABASE_URL?: string; DATA_DIR?: string },
  extraEnv: Record<string, string> = {},
): Promise<ApiProcess> {
  return startApiProcess({
    databaseUrl: database.DATABASE_URL,
    env: {
      WORK_BUDGET_BURST: String(WORK_BUDGET_BURST),
      WORK_BUDGET_PER_SECOND: String(WORK_BUDGET_PER_SECOND),
      ...extraEnv,
      ...(database.DATA_DIR ? { DATA_DIR: database.DATA_DIR } : {}),
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      NODE_ENV: 'production',
    },
  });
}

/** Signs in (as the bench admin unless told otherwise) and returns the cookie header to send. */
export async function loginCookie(url: string, credentials: { username: string; password: string } = BENCH_ADMIN): Promise<string> {
  const response = await fetch(new URL('/api/login', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  const jar = new CookieJar();
  jar.store(response.headers);
  return jar.header();
}

/** Samples `read` every `everyMs` until stopped; answers the highest value seen. */
export function samplePeak(read: () => Promise<number>, everyMs = 25): { stop(): Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await read().catch(() => 0));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak;
    },
  };
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A JSON client that sends the given session cookie (`name=value`). */
export function clientWithCookie(url: string, cookie: string): ApiClient {
  const client = new ApiClient(url);
  const [name = '', value = ''] = cookie.split('=');
  client.cookies.set(name, value);
  return client;
}
