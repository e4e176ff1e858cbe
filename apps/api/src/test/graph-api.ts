/**
 * A local HTTP server playing Meta's Graph API for WhatsApp in tests and the bench (no test reaches
 * the internet). It answers the calls our client makes as the Cloud API reference documents them
 * (developers.facebook.com/docs/whatsapp/cloud-api/reference: messages, media, phone numbers,
 * message templates), records each request, and checks each against the documented shape: a
 * request that strays is recorded in `violations` and answered 400 with Meta's error shape.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

export const GRAPH_VERSION = 'v24.0';
export const PHONE_NUMBER_ID = '106540352242922';
export const BUSINESS_ACCOUNT_ID = '102290129340398';
export const ACCESS_TOKEN = 'EAAtoken-de-prueba';

export interface GraphRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Buffer;
  json?: any;
}

/** POST /{phone-number-id}/messages, as the reference's "Send messages" request body documents it. */
const sendSchema = z.discriminatedUnion('type', [
  z
    .object({
      messaging_product: z.literal('whatsapp'),
      recipient_type: z.literal('individual'),
      to: z.string().regex(/^\d+$/),
      type: z.literal('text'),
      text: z.object({ preview_url: z.boolean().optional(), body: z.string().min(1).max(4096) }).strict(),
    })
    .strict(),
  z
    .object({
      messaging_product: z.literal('whatsapp'),
      recipient_type: z.literal('individual'),
      to: z.string().regex(/^\d+$/),
      type: z.literal('template'),
      template: z
        .object({
          name: z.string(),
          language: z.object({ code: z.string() }).strict(),
          components: z
            .array(
              z
                .object({ type: z.literal('body'), parameters: z.array(z.object({ type: z.literal('text'), text: z.string() }).strict()) })
                .strict(),
            )
            .optional(),
        })
        .strict(),
    })
    .strict(),
  ...(['image', 'document', 'audio', 'video'] as const).map((kind) =>
    z
      .object({
        messaging_product: z.literal('whatsapp'),
        recipient_type: z.literal('individual'),
        to: z.string().regex(/^\d+$/),
        type: z.literal(kind),
        [kind]: z.object({ id: z.string(), caption: z.string().optional(), filename: z.string().optional() }).strict(),
      })
      .strict(),
  ),
] as unknown as [z.ZodObject, z.ZodObject]);

interface MediaFile {
  bytes: Buffer;
  mimeType: string;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export class FakeGraphApi {
  readonly requests: GraphRequest[] = [];
  readonly violations: string[] = [];
  /** Inbound media by id, as Meta keeps what customers send. */
  readonly media = new Map<string, MediaFile>();
  /** How many more downloads of a media's bytes fail with a 500 (a flaky CDN). */
  readonly failingDownloads = new Map<string, number>();
  templates: { id: string; name: string; language: string; status: string; category: string; components: unknown[] }[] = [];
  /** Set: the next sends are refused with this Meta error (e.g. 131047, outside the window). */
  refuseSends: { code: number; message: string; details: string } | null = null;
  private sent = 0;
  private server: Server | undefined;
  url = '';

  static async start(): Promise<FakeGraphApi> {
    const api = new FakeGraphApi();
    api.server = createServer((request, response) => {
      void api.handle(request).then(
        ({ status, body, type }) => {
          response.writeHead(status, { 'content-type': type ?? 'application/json' });
          response.end(body);
        },
        () => {
          response.writeHead(500);
          response.end();
        },
      );
    });
    await new Promise<void>((resolve) => api.server?.listen(0, '127.0.0.1', resolve));
    api.url = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
    return api;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  sends(): any[] {
    return this.requests
      .filter((request) => request.method === 'POST' && request.path.endsWith('/messages'))
      .map((request) => request.json);
  }

  private error(status: number, code: number, message: string, details?: string) {
    return {
      status,
      body: JSON.stringify({
        error: {
          message,
          type: 'OAuthException',
          code,
          ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
          fbtrace_id: 'Afake',
        },
      }),
    };
  }

  private async handle(request: IncomingMessage): Promise<{ status: number; body: string | Buffer; type?: string }> {
    const url = new URL(request.url ?? '/', this.url);
    const body = await readBody(request);
    const record: GraphRequest = {
      method: request.method ?? 'GET',
      path: url.pathname + url.search,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body,
    };
    if (record.contentType?.startsWith('application/json')) record.json = JSON.parse(body.toString('utf8'));
    this.requests.push(record);
    if (record.authorization !== `Bearer ${ACCESS_TOKEN}`) return this.error(401, 190, 'Invalid OAuth access token.');
    // The file behind a media URL (Meta's lookaside host in production).
    const download = /^\/files\/(.+)$/.exec(url.pathname);
    if (download?.[1]) {
      const left = this.failingDownloads.get(download[1]) ?? 0;
      if (left > 0) {
        this.failingDownloads.set(download[1], left - 1);
        return { status: 500, body: 'error' };
      }
      const file = this.media.get(download[1]);
      return file ? { status: 200, body: file.bytes, type: file.mimeType } : { status: 404, body: '' };
    }
    const prefix = `/${GRAPH_VERSION}/`;
    if (!url.pathname.startsWith(prefix)) {
      this.violations.push(`versión ausente: ${url.pathname}`);
      return this.error(400, 2500, 'Unknown path components');
    }
    const path = url.pathname.slice(prefix.length);
    if (request.method === 'GET' && path === PHONE_NUMBER_ID) {
      return {
        status: 200,
        body: JSON.stringify({
          verified_name: 'Inmobiliaria Prueba',
          display_phone_number: '+1 555-078-3881',
          quality_rating: 'GREEN',
          id: PHONE_NUMBER_ID,
        }),
      };
    }
    if (request.method === 'POST' && path === `${PHONE_NUMBER_ID}/messages`) {
      const parsed = sendSchema.safeParse(record.json);
      if (!parsed.success) {
        this.violations.push(`mensaje fuera de la forma documentada: ${JSON.stringify(record.json)} ${parsed.error.message}`);
        return this.error(400, 100, 'Invalid parameter');
      }
      if (this.refuseSends) return this.error(400, this.refuseSends.code, this.refuseSends.message, this.refuseSends.details);
      this.sent += 1;
      const to = String(record.json.to);
      return {
        status: 200,
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: to, wa_id: to }],
          messages: [{ id: `wamid.enviado${this.sent}` }],
        }),
      };
    }
    if (request.method === 'POST' && path === `${PHONE_NUMBER_ID}/media`) {
      const text = body.toString('latin1');
      if (
        !record.contentType?.startsWith('multipart/form-data') ||
        !/name="messaging_product"\r\n\r\nwhatsapp/.test(text) ||
        !/name="file"; filename=/.test(text) ||
        !/name="type"/.test(text)
      ) {
        this.violations.push('subida de archivo sin file, type y messaging_product');
        return this.error(400, 100, 'Invalid parameter');
      }
      return { status: 200, body: JSON.stringify({ id: `media-subida-${this.requests.length}` }) };
    }
    if (request.method === 'GET' && path === `${BUSINESS_ACCOUNT_ID}/message_templates`) {
      const after = Number(url.searchParams.get('after') ?? '0');
      const page = this.templates.slice(after, after + 1);
      const more = after + 1 < this.templates.length;
      return {
        status: 200,
        body: JSON.stringify({
          data: page,
          paging: {
            cursors: { before: String(after), after: String(after + 1) },
            ...(more ? { next: `${this.url}${prefix}${path}?after=${after + 1}` } : {}),
          },
        }),
      };
    }
    const file = request.method === 'GET' ? this.media.get(path) : undefined;
    if (file) {
      // GET /{media-id}: where to download it (the reference's "Retrieve media URL").
      return {
        status: 200,
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          url: `${this.url}/files/${path}`,
          mime_type: file.mimeType,
          sha256: 'x',
          file_size: file.bytes.byteLength,
          id: path,
        }),
      };
    }
    return this.error(404, 100, 'Unsupported request');
  }
}
