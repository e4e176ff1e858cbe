/** Entries older than the kept period (AUDIT_RETENTION_DAYS, a year by default) leave the log once a day, on one replica. */
import { purgeAuditEntriesBefore } from '@crm/db';
import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition.js';

export const purgeAuditLogJob = defineJob({
  name: 'audit.purge-expired',
  payload: z.object({}),
  settings: { retries: 2, retryDelaySeconds: 300, cron: '17 3 * * *' },
  async handler(ctx) {
    const deleted = await purgeAuditEntriesBefore(ctx.db, new Date(Date.now() - ctx.env.AUDIT_RETENTION_DAYS * 86_400_000));
    if (deleted > 0) ctx.log.info({ deleted }, 'Registro de auditoría: entradas caducadas borradas');
  },
});
