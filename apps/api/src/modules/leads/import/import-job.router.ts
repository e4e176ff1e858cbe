/** tRPC `importJobs`: the import dialog's job list, progress, start and cancel (the upload and errors.csv are REST: multipart and a download). */
import { idSchema, importJobStartSchema } from '@crm/domain';
import { z } from 'zod';
import { authedProcedure, router } from '../../../trpc/init.js';
import { cancelImportJob, getImportJob, importUploadLimit, listMyImportJobs, startImportJob } from './import-job.service.js';

const byIdSchema = z.object({ id: idSchema });

export const importJobsRouter = router({
  limit: authedProcedure.query(({ ctx }) => importUploadLimit(ctx)),
  list: authedProcedure.query(({ ctx }) => listMyImportJobs(ctx)),
  byId: authedProcedure.input(byIdSchema).query(({ ctx, input }) => getImportJob(ctx, input.id)),
  start: authedProcedure
    .input(importJobStartSchema.extend({ id: idSchema }))
    .mutation(({ ctx, input: { id, ...settings } }) => startImportJob(ctx, id, settings)),
  cancel: authedProcedure.input(byIdSchema).mutation(({ ctx, input }) => cancelImportJob(ctx, input.id)),
});
