/**
 * Importing a chat exported from the phone into a lead's WhatsApp conversation (docs/whatsapp.md,
 * 'Importar un chat exportado'). REST only: the file is a multipart upload (64 MB at most, over it
 * 413) read by `rest.upload` into a temporary file that the handler always removes.
 */
import {
  idSchema,
  WHATSAPP_EXPORT_LIMITS,
  whatsappExportFormSchema,
  whatsappExportPreviewSchema,
  whatsappExportResultSchema,
} from '@crm/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { endpoint } from '../../endpoints/endpoint.js';
import { parseInput } from '../../http/parse-input.js';
import { importChatExport, previewChatExport } from './chat-export.service.js';
import { type ChatExportUpload, receiveChatExport } from './chat-export-upload.js';

/** Room for the seller field and the multipart boundaries around the file. */
const MULTIPART_OVERHEAD = 256 * 1024;

const inputSchema = z.object({
  leadId: idSchema,
  upload: z.custom<ChatExportUpload>((value) => typeof value === 'object' && value !== null),
});

/** The lead's id is checked before a byte of the file is read. */
async function readUpload({ request }: { request: FastifyRequest }): Promise<{ leadId: number; upload: ChatExportUpload }> {
  const { leadId } = parseInput(inputSchema.pick({ leadId: true }), request.params);
  return { leadId, upload: await receiveChatExport(request) };
}

/** Runs with the uploaded file and removes it afterwards, whatever happens. */
async function withUpload<T>(upload: ChatExportUpload, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } finally {
    await upload.cleanup();
  }
}

const rest = (path: string) => ({
  method: 'POST' as const,
  path,
  bodyLimit: () => WHATSAPP_EXPORT_LIMITS.uploadBytes + MULTIPART_OVERHEAD,
});

export const whatsappExportEndpoints = [
  endpoint({
    name: 'whatsappExport.preview',
    summary: 'Lee un chat exportado de WhatsApp sin importarlo: participantes, mensajes y fechas',
    description:
      'Multipart con `file`: el .txt o el .zip de «Exportar chat» (como mucho 64 MB). Quien puede trabajar el lead (admin, manager; un vendedor en los suyos).',
    permission: 'lead.read',
    cost: 5,
    input: inputSchema,
    output: whatsappExportPreviewSchema,
    rest: { ...rest('/api/leads/:leadId/whatsapp/export/preview'), upload: { form: z.object({ file: z.file() }), read: readUpload } },
    handler: ({ ctx, input }) => withUpload(input.upload, () => previewChatExport(ctx, input.leadId, input.upload)),
  }),
  endpoint({
    name: 'whatsappExport.import',
    summary: 'Importa un chat exportado de WhatsApp en la conversación del lead; lo ya importado no se repite',
    description:
      'Multipart con `file` (el .txt o el .zip de «Exportar chat», como mucho 64 MB) y `seller`: el participante que es el vendedor (sus mensajes son salientes).',
    permission: 'lead.read',
    cost: 5,
    audit: true,
    input: inputSchema,
    output: whatsappExportResultSchema,
    rest: {
      ...rest('/api/leads/:leadId/whatsapp/export'),
      upload: { form: z.object({ file: z.file(), seller: z.string() }), read: readUpload },
    },
    handler: ({ ctx, input }) =>
      withUpload(input.upload, () =>
        importChatExport(ctx, input.leadId, input.upload, parseInput(whatsappExportFormSchema, input.upload.fields)),
      ),
  }),
] as const;
