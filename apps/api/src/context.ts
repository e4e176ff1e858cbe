/** What every service call runs with: the database, settings, the log, the event bus and the job queue. */
import type { Db } from '@crm/db';
import type { ApiTokenScope, User } from '@crm/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './env.js';
import type { EventBus } from './events/event-bus.js';
import type { JobEnqueuer } from './jobs/job-definition.js';
import type { LiveHub } from './live/live-hub.js';
import type { WorkerThreads } from './jobs/worker-threads.js';

export interface AppContext {
  db: Db;
  /** The small pool of heavy reads, at a lower priority: only expensive calls use it (endpoints/call-policy.ts). */
  heavyDb: Db;
  env: Env;
  log: FastifyBaseLogger;
  /** Chat messages, read receipts and presence, to every replica. */
  bus: EventBus;
  /** This replica's live connections (/ws sockets, tRPC subscriptions), fed from the bus. */
  live: LiveHub;
  /** Background work, run once by whichever replica takes it (jobs/). */
  jobs: JobEnqueuer;
  /** Worker threads kept for jobs' CPU work (an import's reading). */
  threads: WorkerThreads;
}

/**
 * A signed-in caller: the user as of this request and the session it came with. A caller with an
 * API token has `apiToken` (which one, what it may do) and `api-token:<id>` as its session id, so
 * the per-session gates in memory count the token like a session.
 */
export interface Viewer {
  user: User;
  sessionId: string;
  apiToken?: { id: number; scope: ApiTokenScope };
  /** A role of theirs requires a second factor they have not set up: only enrolling is open to them. */
  mustEnrolSecondFactor: boolean;
}

export interface ServiceContext extends AppContext {
  viewer: Viewer;
}
