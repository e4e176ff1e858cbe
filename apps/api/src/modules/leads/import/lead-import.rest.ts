/**
 * POST /api/leads/import (docs/import-format.md): multipart with file, groupName and optional
 * assignedRoleId; over 10 MB (IMPORT_MAX_MB) → 413. It runs an import job and waits for it. The job's own routes,
 * /api/import-jobs…, let the screen preview, map, start, follow, cancel and fetch errors.csv.
 */
import { Readable } from 'node:stream';
import { idSchema, importFormSchema, importJobStartSchema, importSizeLimit } from '@crm/domain';
import type { Env } from '../../../env.js';
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

/** Room for the form's other fields and the multipart boundaries around the file. */
const MULTIPART_OVERHEAD = 256 * 1024;

const uploadBodyLimit = (env: Env) => importSizeLimit(env.IMPORT_MAX_MB).maxBytes + MULTIPART_OVERHEAD;

export const leadImportRestRoutes = [
  authedRoute({
    method: 'POST',
    url: '/api/leads/import',
    // The service decides too; refusing here spares reading a 10 MB upload the caller may not import.
    earlyPermission: 'lead.manage',
    bodyLimit: uploadBodyLimit,
    handler: async ({ ctx, request }) => {
      const upload = await receiveImportUpload(request, importSizeLimit(ctx.env.IMPORT_MAX_MB));
      // The whole upload is in; the answer comes when the job ends. A big file (IMPORT_MAX_MB) can
      // take longer than the server's 2 minutes for a silent connection, which would close this
      // one under the waiting caller: the job's own progress bounds the wait instead.
      request.raw.setTimeout(0);
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
    bodyLimit: uploadBodyLimit,
    successStatus: 201,
    handler: async ({ ctx, request }) => {
      const upload = await receiveImportUpload(request, importSizeLimit(ctx.env.IMPORT_MAX_MB));
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
    handler: ({ ctx, params, body }) => startImportJob(ctx, parseInput(idSchema, params.id), body),
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
      const { fileName, lines } = await importJobErrorsCsv(ctx, parseInput(idSchema, params.id));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${encodeURIComponent(fileName)}"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(lines));
    },
  }),
];
