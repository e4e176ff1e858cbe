/**
 * One HTTP attempt of a delivery: a signed POST (Standard Webhooks: webhook-id, webhook-timestamp,
 * webhook-signature, with the `standardwebhooks` library), bounded in time and in how much of the
 * answer is read, redirects not followed, and the address rule of webhook-address.ts.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { DeliveryAttempt } from '@crm/db';
import { Webhook } from 'standardwebhooks';
import { ForbiddenAddressError, guardedLookup, hostOf, isForbiddenAddress } from './webhook-address.js';

/** A receiver answers within this, body included, or the attempt fails (and is retried). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Of the answer, only this much is read (the log keeps none of it; a huge body is not our problem). */
const MAX_ANSWER_BYTES = 64 * 1024;
/** What the log keeps of an error. */
const MAX_ERROR_LENGTH = 300;

/**
 * Kept-alive connections per origin: a busy endpoint is not a new TLS handshake per event. Agents
 * that check addresses never lend a connection to ones that do not, and the other way round.
 */
const agentOptions = (allowPrivate: boolean) => ({ keepAlive: true, maxSockets: 16, ...(allowPrivate ? {} : { lookup: guardedLookup }) });
const agents = {
  checked: { 'http:': new http.Agent(agentOptions(false)), 'https:': new https.Agent(agentOptions(false)) },
  unchecked: { 'http:': new http.Agent(agentOptions(true)), 'https:': new https.Agent(agentOptions(true)) },
};

export interface OutgoingDelivery {
  url: string;
  eventId: string;
  /** The current secret first; during a rotation's grace period the previous one too (two signatures). */
  secrets: readonly string[];
  body: string;
  allowPrivate: boolean;
}

/** The signature header: one `v1,<base64>` per secret, space-separated, as the specification allows. */
function signatureOf(secrets: readonly string[], eventId: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(eventId, at, body)).join(' ');
}

function errorText(error: unknown): string {
  if (error instanceof ForbiddenAddressError) return error.message;
  if (error instanceof Error && error.name === 'TimeoutError') return `Sin respuesta en ${DELIVERY_TIMEOUT_MS / 1000} s`;
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : String(error);
  return `No se pudo entregar: ${code ? `${code} ` : ''}${message}`.slice(0, MAX_ERROR_LENGTH);
}

/** Answers the status code, or null and why when nothing came back. A 2xx is a delivery; anything else a failure. */
export async function sendDelivery(delivery: OutgoingDelivery): Promise<DeliveryAttempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(delivery.url);
  const host = hostOf(url);
  if (!delivery.allowPrivate && isIP(host) !== 0 && isForbiddenAddress(host)) {
    return { statusCode: null, durationMs: elapsed(), error: new ForbiddenAddressError(host, host).message };
  }
  const at = new Date();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'CRM-Webhooks/1.0',
    'webhook-id': delivery.eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signatureOf(delivery.secrets, delivery.eventId, at, delivery.body),
  };
  try {
    const statusCode = await post(url, headers, delivery.body, delivery.allowPrivate);
    if (statusCode >= 200 && statusCode < 300) return { statusCode, durationMs: elapsed(), error: null };
    const redirect = statusCode >= 300 && statusCode < 400 ? ' (las redirecciones no se siguen)' : '';
    return { statusCode, durationMs: elapsed(), error: `Respuesta HTTP ${statusCode}${redirect}` };
  } catch (error) {
    return { statusCode: null, durationMs: elapsed(), error: errorText(error) };
  }
}

function post(url: URL, headers: Record<string, string>, body: string, allowPrivate: boolean): Promise<number> {
  const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
  const transport = protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: agents[allowPrivate ? 'unchecked' : 'checked'][protocol],
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          // Enough: the status is what counts; the socket is not reused.
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        response.on('close', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
