/**
 * A real local webhook receiver for tests and the bench: an HTTP server that verifies each
 * request's signature with the `standardwebhooks` library, as a customer's receiver would,
 * records what arrived, and answers what the test tells it to. It can go down (its port closed)
 * and come back on the same port.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  /** The `webhook-id` header. */
  id: string;
  type: string;
  data: any;
  path: string;
  /** Whether the signature verified with one of the receiver's secrets (and which). */
  verifiedWith: string | null;
  signature: string;
  receivedAt: number;
  /** What the receiver answered. */
  status: number;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

type Answer = number | { status: number; headers: Record<string, string> };

export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** Secrets to verify with, by path (an endpoint's secret is known once it is created). */
  readonly secrets = new Map<string, string[]>();
  /** The status to answer, at once or later; a test replaces it (500 then 200, a redirect, a slow answer …). */
  respond: (hook: ReceivedWebhook, body: string) => Answer | Promise<Answer> = () => 200;
  private port = 0;
  private server: Server | undefined;

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    await receiver.up();
    return receiver;
  }

  /** Listens (again) on its port: the first time on a free one. */
  up(): Promise<void> {
    const server = createServer((request, response) => void this.handle(request, response));
    this.server = server;
    return new Promise((resolve) => {
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const headers = {
      'webhook-id': String(request.headers['webhook-id'] ?? ''),
      'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
      'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
    };
    const path = request.url ?? '/';
    const verifiedWith =
      (this.secrets.get(path) ?? []).find((secret) => {
        try {
          new Webhook(secret).verify(body, headers);
          return true;
        } catch {
          return false;
        }
      }) ?? null;
    const message = JSON.parse(body) as { type: string; data: unknown };
    const hook: ReceivedWebhook = {
      id: headers['webhook-id'],
      type: message.type,
      data: message.data,
      path,
      verifiedWith,
      signature: headers['webhook-signature'],
      receivedAt: Date.now(),
      status: 0,
    };
    const answer = await this.respond(hook, body);
    const { status, headers: answerHeaders } = typeof answer === 'number' ? { status: answer, headers: {} } : answer;
    hook.status = status;
    this.received.push(hook);
    response.writeHead(status, answerHeaders).end();
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** What reached `path` and was answered with a 2xx. */
  accepted(path = '/hook'): ReceivedWebhook[] {
    return this.received.filter((hook) => hook.path === path && hook.status >= 200 && hook.status < 300);
  }

  /** Closes the port: senders meet a refused connection until `up`. */
  async down(): Promise<void> {
    const { server } = this;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  close(): Promise<void> {
    return this.down();
  }
}
