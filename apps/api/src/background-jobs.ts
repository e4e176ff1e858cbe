/** Every feature's background jobs, the list the server gives the queue (jobs/job-queue.ts). */
import { purgeAuditLogJob } from './modules/audit/audit.jobs.js';
import { purgeExpiredSessionsJob } from './modules/auth/sessions.jobs.js';
import { dropUnsentAttachmentsJob } from './modules/chat/attachments.jobs.js';
import { remindFollowUpJob, remindOverdueFollowUpsJob } from './modules/follow-ups/follow-ups.jobs.js';
import { purgeDeletedGroupJob } from './modules/lead-groups/lead-groups.jobs.js';
import { dropAbandonedUploadsJob, importRunJob } from './modules/leads/import/import.jobs.js';
import { deliverWebhooksJob, sweepWebhooksJob, wakeWebhooksJob } from './modules/webhooks/webhooks.jobs.js';
import { followUpSubmissionsJob, sweepFollowUpsJob } from './modules/web-forms/web-form-follow-up.js';
import { pruneWebFormSpamJob } from './modules/web-forms/web-forms.jobs.js';
import { fetchMediaJob } from './modules/whatsapp/media.jobs.js';
import { processWebhookJob } from './modules/whatsapp/webhook.service.js';

export const BACKGROUND_JOBS = [
  importRunJob,
  dropAbandonedUploadsJob,
  remindFollowUpJob,
  remindOverdueFollowUpsJob,
  purgeDeletedGroupJob,
  purgeExpiredSessionsJob,
  dropUnsentAttachmentsJob,
  deliverWebhooksJob,
  wakeWebhooksJob,
  sweepWebhooksJob,
  pruneWebFormSpamJob,
  followUpSubmissionsJob,
  sweepFollowUpsJob,
  purgeAuditLogJob,
  processWebhookJob,
  fetchMediaJob,
];
