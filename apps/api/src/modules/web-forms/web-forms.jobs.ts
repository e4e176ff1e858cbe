/** Every ten minutes, on one replica: per-address counts that left their window and spent challenges past their expiry go. */
import { pruneWebFormSpamRecords } from '@crm/db';
import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition.js';
import { ADDRESS_WINDOW_SECONDS } from './web-form-submit.service.js';

export const pruneWebFormSpamJob = defineJob({
  name: 'web-forms.prune-spam-records',
  payload: z.object({}),
  settings: { retries: 2, retryDelaySeconds: 30, cron: '*/10 * * * *' },
  async handler(ctx) {
    await pruneWebFormSpamRecords(ctx.db, ADDRESS_WINDOW_SECONDS);
  },
});
