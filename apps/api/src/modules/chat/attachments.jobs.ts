/**
 * Uploads never sent in a message leave the database a day later, every hour on one replica: they
 * are nobody's to read but their uploader's, and they count against the uploader's quota.
 */
import { deleteUnsentChatAttachments } from '@crm/db';
import { CHAT_ATTACHMENT_LIMITS } from '@crm/domain';
import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition.js';

/** Few per statement: each takes its chunks (up to 10 MB) with it, so no DELETE runs long. */
const SWEEP_BATCH = 20;

export const dropUnsentAttachmentsJob = defineJob({
  name: 'chat.drop-unsent-attachments',
  payload: z.object({}),
  settings: { retries: 2, retryDelaySeconds: 60, cron: '23 * * * *' },
  async handler(ctx) {
    const before = new Date(Date.now() - CHAT_ATTACHMENT_LIMITS.unsentTtlHours * 3_600_000);
    let deleted: number;
    do deleted = await deleteUnsentChatAttachments(ctx.db, before, SWEEP_BATCH);
    while (deleted === SWEEP_BATCH);
  },
});
