/**
 * Importing leads (docs/import-format.md; tRPC `importJobs.*`): admin and manager, each on their
 * own jobs. The uploads are REST only (multipart, IMPORT_MAX_MB, over it 413), read by
 * `rest.upload` into a temporary file that the handler always removes; so is errors.csv (a
 * download). `POST /api/leads/import` runs a job and waits for it; the screen's way is the job's
 * own calls: upload and preview, start with a mapping, follow, cancel, fetch the skipped rows.
 */
import { Readable } from 'node:stream';
import {
  idSchema,
  importFormSchema,
  importJobPreviewSchema,
  importJobStartSchema,
  importJobStateSchema,
  importResultSchema,
  importSizeLimit,
  importUploadLimitSchema,
} from '@crm/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { NO_INPUT, downloadSchema, endpoint } from '../../../endpoints/endpoint.js';
import { routerOf } from '../../../endpoints/trpc-adapter.js';
import type { Env } from '../../../env.js';
import { parseInput } from '../../../http/parse-input.js';
import {
  cancelImportJob,
  createImportJob,
  getImportJob,
  importJobErrorsCsv,
  importUploadLimit,
  listMyImportJobs,
  startImportJob,
} from './import-job.service.js';
import { type ImportUpload, receiveImportUpload } from './import-upload.js';
import { importLeads } from './lead-import.service.js';

/** Room for the form's other fields and the multipart boundaries around the file. */
const MULTIPART_OVERHEAD = 256 * 1024;

const uploadBodyLimit = (env: Env) => importSizeLimit(env.IMPORT_MAX_MB).maxBytes + MULTIPART_OVERHEAD;

/** The upload as the handler gets it: the file already on disk, the form's text fields beside it. */
const uploadInputSchema = z.object({ upload: z.custom<ImportUpload>((value) => typeof value === 'object' && value !== null) });

/** The multipart form, for the reference. */
const importFormDocSchema = z.object({ file: z.file(), groupName: z.string(), assignedRoleId: z.string().optional() });

async function readUpload({ ctx, request }: { ctx: AppContext; request: FastifyRequest }): Promise<{ upload: ImportUpload }> {
  return { upload: await receiveImportUpload(request, importSizeLimit(ctx.env.IMPORT_MAX_MB)) };
}

/**
 * The whole upload is in; the answer comes when the job ends. A big file (IMPORT_MAX_MB) can take
 * longer than the server's 2 minutes for a silent connection, which would close this one under the
 * waiting caller: the job's own progress bounds the wait instead.
 */
async function readUploadAndWait(call: { ctx: AppContext; request: FastifyRequest }): Promise<{ upload: ImportUpload }> {
  const input = await readUpload(call);
  call.request.raw.setTimeout(0);
  return input;
}

/** Runs with the uploaded file and removes it afterwards, whatever happens. */
async function withUpload<T>(upload: ImportUpload, run: (upload: ImportUpload) => Promise<T>): Promise<T> {
  try {
    return await run(upload);
  } finally {
    await upload.cleanup();
  }
}

function sendErrorsCsv(reply: FastifyReply, csv: { fileName: string; lines: AsyncIterable<string> }): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${encodeURIComponent(csv.fileName)}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(csv.lines));
}

const byIdSchema = z.object({ id: idSchema });

export const importJobsEndpoints = [
  endpoint({
    name: 'importJobs.importFile',
    summary: 'Importa un archivo de leads y espera a que termine',
    description: 'Multipart: `file` (CSV, TSV, TXT o Excel .xlsx), `groupName` y `assignedRoleId?`; más de IMPORT_MAX_MB (10 MB), 413.',
    permission: 'lead.manage',
    audit: true,
    input: uploadInputSchema,
    output: importResultSchema,
    rest: {
      method: 'POST',
      path: '/api/leads/import',
      bodyLimit: uploadBodyLimit,
      upload: { form: importFormDocSchema, read: readUploadAndWait },
    },
    handler: ({ ctx, input }) =>
      withUpload(input.upload, (upload) => importLeads(ctx, upload, parseInput(importFormSchema, upload.fields))),
  }),
  endpoint({
    name: 'importJobs.limit',
    summary: 'El tamaño máximo de un archivo de importación',
    permission: 'lead.manage',
    input: NO_INPUT,
    output: importUploadLimitSchema,
    trpc: 'query',
    handler: ({ ctx }) => Promise.resolve(importUploadLimit(ctx)),
  }),
  endpoint({
    name: 'importJobs.create',
    summary: 'Sube un archivo de importación: sus columnas, una propuesta de correspondencia y unas filas de muestra',
    description: 'Multipart con una parte de archivo `file`; el trabajo espera a `start`.',
    permission: 'lead.manage',
    input: uploadInputSchema,
    output: importJobPreviewSchema,
    rest: {
      method: 'POST',
      path: '/api/import-jobs',
      status: 201,
      bodyLimit: uploadBodyLimit,
      upload: { form: z.object({ file: z.file() }), read: readUpload },
    },
    handler: ({ ctx, input }) => withUpload(input.upload, (upload) => createImportJob(ctx, upload)),
  }),
  endpoint({
    name: 'importJobs.list',
    summary: 'Los últimos trabajos de importación propios',
    permission: 'lead.manage',
    input: NO_INPUT,
    output: z.array(importJobStateSchema),
    rest: { method: 'GET', path: '/api/import-jobs' },
    trpc: 'query',
    handler: ({ ctx }) => listMyImportJobs(ctx),
  }),
  endpoint({
    name: 'importJobs.start',
    summary: 'Arranca un trabajo de importación subido',
    description:
      'Con el grupo, la correspondencia de columnas, la regla de duplicados y una categoría para todas las filas si el archivo no la trae; `customMapping` (`{ clave: columna }`) llena campos personalizados y `newFields` (`[{ column, label, type }]`, solo administradores) los crea; 409 si ya arrancó.',
    permission: 'lead.manage',
    audit: true,
    input: importJobStartSchema.extend({ id: idSchema }),
    output: importJobStateSchema,
    rest: { method: 'POST', path: '/api/import-jobs/:id/start' },
    trpc: 'mutation',
    handler: ({ ctx, input: { id, ...settings } }) => startImportJob(ctx, id, settings),
  }),
  endpoint({
    name: 'importJobs.byId',
    summary: 'El estado de un trabajo de importación propio',
    permission: 'lead.manage',
    input: byIdSchema,
    output: importJobStateSchema,
    rest: { method: 'GET', path: '/api/import-jobs/:id' },
    trpc: 'query',
    handler: ({ ctx, input }) => getImportJob(ctx, input.id),
  }),
  endpoint({
    name: 'importJobs.cancel',
    summary: 'Cancela un trabajo de importación propio',
    description: 'Uno en marcha se detiene en su siguiente tramo y quita lo que había preparado.',
    permission: 'lead.manage',
    audit: true,
    input: byIdSchema,
    output: importJobStateSchema,
    rest: { method: 'POST', path: '/api/import-jobs/:id/cancel' },
    trpc: 'mutation',
    handler: ({ ctx, input }) => cancelImportJob(ctx, input.id),
  }),
  endpoint({
    name: 'importJobs.errorsCsv',
    summary: 'Descarga las filas omitidas de un trabajo, con su motivo (CSV)',
    permission: 'lead.manage',
    input: byIdSchema,
    output: downloadSchema.pick({ fileName: true }).extend({ lines: z.custom<AsyncIterable<string>>() }),
    rest: { method: 'GET', path: '/api/import-jobs/:id/errors.csv', produces: 'text/csv', send: sendErrorsCsv },
    handler: ({ ctx, input }) => importJobErrorsCsv(ctx, input.id),
  }),
] as const;

export const importJobsRouter = routerOf(importJobsEndpoints);
