/**
 * Meta's webhook notifications for WhatsApp, built as Meta's reference shows them, and signed as
 * Meta signs them. The envelope and a text message follow "messages webhook reference"
 * (developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages):
 *
 *   { "object": "whatsapp_business_account", "entry": [ { "id": "102290129340398", "changes": [ { "value": {
 *       "messaging_product": "whatsapp",
 *       "metadata": { "display_phone_number": "15550783881", "phone_number_id": "106540352242922" },
 *       "contacts": [ { "profile": { "name": "Sheena Nelson" }, "wa_id": "16505551234" } ],
 *       "messages": [ { "from": "16505551234", "id": "wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=",
 *         "timestamp": "1749416383", "type": "text", "text": { "body": "Does it come in another color?" } } ] },
 *     "field": "messages" } ] } ] }
 *
 * Media messages carry `{ "id", "mime_type", "sha256", "caption" }` under their type (image,
 * document with "filename", audio with "voice", video, sticker with "animated"), location
 * `{ latitude, longitude, name, address }`, contacts an array of `{ name: { formatted_name }, phones:
 * [{ phone, wa_id, type }] }`, reaction `{ message_id, emoji }` (same reference, per type). Statuses
 * follow "Status messages webhook reference" (…/webhooks/reference/messages/status/): `statuses:
 * [{ "id": "<WHATSAPP_MESSAGE_ID>", "status": "sent|delivered|read|failed", "timestamp",
 * "recipient_id", "errors": [{ "code", "title", "message", "error_data": { "details" } }] }]`.
 * Signatures: "X-Hub-Signature-256: sha256=<HMAC-SHA256 of the payload with the app secret>"
 * (Graph API webhooks, "Validating payloads").
 */
import { createHmac } from 'node:crypto';
import { ACCESS_TOKEN, BUSINESS_ACCOUNT_ID, GRAPH_VERSION, PHONE_NUMBER_ID } from './graph-api.js';
import type { ApiClient } from './harness.js';

export const APP_SECRET = 'secreto-de-la-app-de-prueba';

function envelope(value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: BUSINESS_ACCOUNT_ID,
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: PHONE_NUMBER_ID },
              ...value,
            },
            field: 'messages',
          },
        ],
      },
    ],
  };
}

let counter = 0;
export function newWamid(): string {
  counter += 1;
  return `wamid.HBgLprueba${Date.now().toString(36)}${counter}`;
}

const seconds = (at: Date) => String(Math.floor(at.getTime() / 1000));

/** A customer's message: `type` and its part as the reference shows them. */
export function inbound(from: string, name: string, message: { type: string; [part: string]: unknown }, at = new Date(), id = newWamid()) {
  return envelope({ contacts: [{ profile: { name }, wa_id: from }], messages: [{ from, id, timestamp: seconds(at), ...message }] });
}

export function textFrom(from: string, name: string, body: string, at = new Date(), id = newWamid()) {
  return inbound(from, name, { type: 'text', text: { body } }, at, id);
}

export function statusOf(id: string, status: 'sent' | 'delivered' | 'read' | 'failed', recipient: string, at = new Date()) {
  return envelope({
    statuses: [
      {
        id,
        status,
        timestamp: seconds(at),
        recipient_id: recipient,
        ...(status === 'failed'
          ? {
              errors: [
                {
                  code: 131026,
                  title: 'Message undeliverable',
                  message: 'Message undeliverable',
                  error_data: { details: 'Message Undeliverable.' },
                },
              ],
            }
          : {}),
      },
    ],
  });
}

export function signatureOf(body: string, secret = APP_SECRET): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The POST Meta makes: the body as bytes and its signature header. */
export function delivery(payload: unknown, secret = APP_SECRET): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(payload);
  return { body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(body, secret) } };
}

/** Connects the CRM to the fake Graph API as an admin would on 'Configuración → WhatsApp'. */
export async function connectToGraph(admin: ApiClient, graphUrl: string): Promise<void> {
  const saved = await admin.put('/api/whatsapp/settings', {
    phoneNumberId: PHONE_NUMBER_ID,
    businessAccountId: BUSINESS_ACCOUNT_ID,
    accessToken: ACCESS_TOKEN,
    appSecret: APP_SECRET,
    graphBaseUrl: graphUrl,
    graphVersion: GRAPH_VERSION,
    distributionRoleId: null,
  });
  if (saved.status !== 200) throw new Error(`settings: ${saved.status} ${JSON.stringify(saved.body)}`);
}
