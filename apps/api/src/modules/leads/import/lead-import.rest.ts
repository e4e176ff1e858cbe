/**
 * POST /api/leads/import (docs/import-format.md): multipart with file, groupName and optional
 * assignedRoleId; 10 MB → 413. It runs an import job and waits for it. The job's own routes,
 * /api/import-jobs…, let the screen preview, map, start, follow, cancel and fetch errors.csv.
 */
import { IMPORT_LIMITS, idSchema, importFormSchema, importJobStartSchema } from '@crm/domain';
import { parseInput } from '../../../http/parse-input.js';
import { authedRoute } from '../../../rest/route.js';
import {
  cancelImportJob,
  createImportJob,
  getImportJob,
  importJobErrorsCsv,
  listMyImportJobs,
  startImportJob,
} from './import-job.service.js';
import { receiveImportUpload } from './import-upload.js';
import { importLeads } from './lead-import.service.js';

/** Room for the form's other fields and the multipart boundaries around the 10 MB file. */
const MULTIPART_OVERHEAD = 256 * 1024;

export const leadImportRestRoutes = [
  authedRoute({
    method: 'POST',
    url: '/api/leads/import',
    // The service decides too; refusing here spares reading a 10 MB upload the caller may not import.
    earlyPermission: 'lead.manage',
    bodyLimit: IMPORT_LIMITS.maxBytes + MULTIPART_OVERHEAD,
    handler: async ({ ctx, request }) => {
      const upload = await receiveImportUpload(request);
      try {
        const form = parseInput(importFormSchema, upload.fields);
        return await importLeads(ctx, upload, form);
      } finally {
        await upload.cleanup();
      }
    },
  }),
  authedRoute({
    method: 'POST',
    url: '/api/import-jobs',
    earlyPermission: 'lead.manage',
    bodyLimit: IMPORT_LIMITS.maxBytes + MULTIPART_OVERHEAD,
    successStatus: 201,
    handler: async ({ ctx, request }) => {
      const upload = await receiveImportUpload(request);
      try {
        return await createImportJob(ctx, upload);
      } finally {
        await upload.cleanup();
      }
    },
  }),
  authedRoute({
    method: 'GET',
    url: '/api/import-jobs',
    handler: ({ ctx }) => listMyImportJobs(ctx),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/import-jobs/:id/start',
    body: importJobStartSchema,
    handler: async ({ ctx, params, body }) => {
      const id = parseInput(idSchema, params.id);
      const { run } = await startImportJob(ctx, id, body);
      // The run goes on after the answer; it records its own failure on the job.
      run.catch(() => undefined);
      return getImportJob(ctx, id);
    },
  }),
  authedRoute({
    method: 'GET',
    url: '/api/import-jobs/:id',
    handler: ({ ctx, params }) => getImportJob(ctx, parseInput(idSchema, params.id)),
  }),
  authedRoute({
    method: 'POST',
    url: '/api/import-jobs/:id/cancel',
    handler: ({ ctx, params }) => cancelImportJob(ctx, parseInput(idSchema, params.id)),
  }),
  authedRoute({
    method: 'GET',
    url: '/api/import-jobs/:id/errors.csv',
    handler: async ({ ctx, params, reply }) => {
      const { fileName, csv } = await importJobErrorsCsv(ctx, parseInput(idSchema, params.id));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${encodeURIComponent(fileName)}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  }),
];
