/**
 * Expired sessions leave the database once a minute, on one replica of the cluster: rows, not
 * connections (each replica ends its own live connections, live/session-sweep.ts).
 */
import { deleteExpiredSessions } from '@crm/db';
import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition.js';

const PURGE_BATCH = 500;

export const purgeExpiredSessionsJob = defineJob({
  name: 'sessions.purge-expired',
  payload: z.object({}),
  settings: { retries: 2, retryDelaySeconds: 10, cron: '* * * * *' },
  async handler(ctx) {
    // Batch by batch: each DELETE is short, so it never holds many rows' locks for long.
    let deleted: number;
    do deleted = await deleteExpiredSessions(ctx.db, PURGE_BATCH);
    while (deleted === PURGE_BATCH);
  },
});
