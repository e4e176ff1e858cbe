/**
 * The calls we make to Meta's Graph API for WhatsApp (the Cloud API reference,
 * developers.facebook.com/docs/whatsapp/cloud-api/reference): the base URL and version are
 * settings, so a test server and the real one differ only there.
 */
import { z } from 'zod';

export interface GraphConnection {
  baseUrl: string;
  version: string;
  accessToken: string;
  phoneNumberId: string;
  businessAccountId: string | null;
}

/** Meta refused (its `error.message`, with `error_data.details` when given), or Meta could not be reached. */
export class GraphError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

const TIMEOUT_MS = 20_000;

const graphErrorSchema = z.object({
  error: z.object({ message: z.string(), code: z.number().optional(), error_data: z.object({ details: z.string() }).partial().optional() }),
});

async function failureOf(response: Response): Promise<GraphError> {
  const parsed = graphErrorSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) return new GraphError(`La API de WhatsApp respondió ${response.status}`, response.status);
  const { message, error_data: data, code } = parsed.data.error;
  return new GraphError(`${data?.details ?? message}${code === undefined ? '' : ` (código ${code})`}`, response.status);
}

async function call<T>(connection: GraphConnection, path: string, schema: z.ZodType<T>, init: RequestInit = {}): Promise<T> {
  const url = `${connection.baseUrl}/${connection.version}/${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { authorization: `Bearer ${connection.accessToken}`, ...init.headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new GraphError(`No se pudo contactar con la API de WhatsApp: ${(error as Error).message}`, null);
  }
  if (!response.ok) throw await failureOf(response);
  const parsed = schema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw new GraphError('La API de WhatsApp respondió algo inesperado', response.status);
  return parsed.data;
}

const phoneNumberSchema = z.object({
  display_phone_number: z.string().optional(),
  verified_name: z.string().optional(),
  quality_rating: z.string().optional(),
});

/** GET /{phone-number-id}: the number's details ('Probar conexión'). */
export function readPhoneNumber(connection: GraphConnection) {
  return call(connection, `${connection.phoneNumberId}?fields=display_phone_number,verified_name,quality_rating`, phoneNumberSchema);
}

const sendAnswerSchema = z.object({ messages: z.array(z.object({ id: z.string() })).min(1) });

/** POST /{phone-number-id}/messages: answers the new message's wamid. */
export async function sendMessage(connection: GraphConnection, message: Record<string, unknown>): Promise<string> {
  const answer = await call(connection, `${connection.phoneNumberId}/messages`, sendAnswerSchema, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', ...message }),
  });
  return (answer.messages[0] as { id: string }).id;
}

/** POST /{phone-number-id}/media (multipart: file, type, messaging_product): answers the media id to send. */
export async function uploadMedia(connection: GraphConnection, file: { bytes: Uint8Array; contentType: string; fileName: string }) {
  const form = new FormData();
  form.set('messaging_product', 'whatsapp');
  form.set('type', file.contentType);
  // A copy in a plain ArrayBuffer: Blob takes no view of a possibly shared one.
  form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.fileName);
  const answer = await call(connection, `${connection.phoneNumberId}/media`, z.object({ id: z.string() }), { method: 'POST', body: form });
  return answer.id;
}

const mediaSchema = z.object({ url: z.string().url(), mime_type: z.string(), file_size: z.coerce.number().optional() });

/** GET /{media-id} (where the file is, for five minutes), then the file itself with the same token, at most `maxBytes`. */
export async function downloadMedia(
  connection: GraphConnection,
  mediaId: string,
  maxBytes: number,
): Promise<{ bytes: Buffer; mimeType: string }> {
  const media = await call(connection, encodeURIComponent(mediaId), mediaSchema);
  if (media.file_size !== undefined && media.file_size > maxBytes) throw new GraphError('El archivo supera el límite de 10 MB', null);
  let response: Response;
  try {
    response = await fetch(media.url, {
      headers: { authorization: `Bearer ${connection.accessToken}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new GraphError(`No se pudo descargar el archivo: ${(error as Error).message}`, null);
  }
  if (!response.ok) throw new GraphError(`La descarga del archivo respondió ${response.status}`, response.status);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.byteLength > maxBytes) throw new GraphError('El archivo supera el límite de 10 MB', null);
  return { bytes, mimeType: media.mime_type };
}

const templatesPageSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      language: z.string(),
      status: z.string(),
      category: z.string().optional(),
      components: z.array(z.unknown()).default([]),
    }),
  ),
  paging: z.object({ cursors: z.object({ after: z.string().optional() }).optional(), next: z.string().optional() }).optional(),
});

/** GET /{waba-id}/message_templates, page after page. */
export async function listTemplates(connection: GraphConnection) {
  if (!connection.businessAccountId) throw new GraphError('Falta el identificador de la cuenta de WhatsApp Business', null);
  const templates: z.infer<typeof templatesPageSchema>['data'] = [];
  let after: string | undefined;
  do {
    const cursor = after ? `&after=${encodeURIComponent(after)}` : '';
    const page = await call(
      connection,
      `${connection.businessAccountId}/message_templates?fields=id,name,language,status,category,components&limit=100${cursor}`,
      templatesPageSchema,
    );
    templates.push(...page.data);
    after = page.paging?.next ? page.paging.cursors?.after : undefined;
  } while (after);
  return templates;
}
