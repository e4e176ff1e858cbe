/**
 * Two API replicas on one PostgreSQL database, for the replica tests: this test process hosts one
 * (`local`, whose ctx also reads the shared database directly), a child process runs the other.
 * They share nothing but the database, so events cross only through LISTEN/NOTIFY and state only
 * through tables.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { type ApiProcess, startApiProcess } from './api-process.js';
import { ApiClient, startTestServer, type TestServer } from './harness.js';

export interface TwoReplicas {
  readonly local: TestServer;
  readonly child: ApiProcess;
  /** Starts the child replica again, with the same environment (after a test killed it). */
  restartChild(): Promise<void>;
}

/**
 * A `describe` whose tests run with both replicas up; `env` is given to both (a faster poll, say).
 * Both look for a silent replica's jobs every second, so a test that kills one sees its work handed
 * over within seconds (a single test server keeps the product's interval: the lookups cost CPU).
 */
export function describeOnTwoReplicas(title: string, body: (replicas: TwoReplicas) => void, replicaEnv: Record<string, string> = {}): void {
  const env = { JOB_SUPERVISE_SECONDS: '1', ...replicaEnv };
  describe(title, () => {
    let local: TestServer | undefined;
    let child: ApiProcess | undefined;
    const startChild = async () => {
      child = await startApiProcess({ databaseUrl: started(local).database.url, env });
    };

    beforeAll(async () => {
      local = await startTestServer(env);
      await startChild();
    });

    afterAll(async () => {
      await child?.stop();
      await local?.close();
    });

    body({
      get local() {
        return started(local);
      },
      get child() {
        return started(child);
      },
      restartChild: startChild,
    });
  });
}

function started<T>(replica: T | undefined): T {
  if (!replica) throw new Error('las réplicas se leen dentro de los tests, una vez arrancadas');
  return replica;
}

/** The same signed-in browser talking to another replica: sessions live in the shared database. */
export function sameBrowserOn(client: ApiClient, url: string): ApiClient {
  const other = new ApiClient(url);
  for (const [key, value] of client.cookies) other.cookies.set(key, value);
  return other;
}
