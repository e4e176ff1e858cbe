import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type ApiClient, describeWithServer, loginAs, uniquePhone } from '../../test/harness.js';
import { WebhookReceiver } from '../../test/webhook-receiver.js';
import { isForbiddenAddress } from './webhook-address.js';
import { sendDelivery } from './webhook-sender.js';

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

describe('isForbiddenAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('lets %s through', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe('sendDelivery without WEBHOOK_ALLOW_PRIVATE', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  const send = (url: string, allowPrivate = false) =>
    sendDelivery({ url, eventId: `msg_${randomUUID()}`, secrets: [SECRET], body: '{"type":"lead.created","data":{}}', allowPrivate });

  it('refuses loopback, private, link-local and IPv6 loopback before connecting, and a name that resolves to loopback', async () => {
    const port = new URL(receiver.url()).port;
    const cases = [
      [`http://127.0.0.1:${port}/hook`, 'Dirección no permitida: 127.0.0.1 es local o privada'],
      ['http://10.0.0.1:9/hook', 'Dirección no permitida: 10.0.0.1 es local o privada'],
      ['http://169.254.169.254/latest/meta-data', 'Dirección no permitida: 169.254.169.254 es local o privada'],
      [`http://[::1]:${port}/hook`, 'Dirección no permitida: ::1 es local o privada'],
      [`http://[::ffff:127.0.0.1]:${port}/hook`, 'Dirección no permitida: ::ffff:7f00:1 es local o privada'],
      [`http://localhost:${port}/hook`, 'Dirección no permitida: localhost apunta a 127.0.0.1, local o privada'],
    ] as const;
    for (const [url, error] of cases) {
      const attempt = await send(url);
      expect(attempt, url).toMatchObject({ statusCode: null, error: expect.stringMatching(/^Dirección no permitida/) });
      if (!url.includes('localhost')) expect(attempt.error, url).toBe(error);
      else expect(attempt.error).toMatch(/^Dirección no permitida: localhost apunta a (127\.0\.0\.1|::1), local o privada$/);
    }
    expect(receiver.received).toHaveLength(0);
    // The same receiver, allowed: it is reachable, so the refusals above were the rule, not the network.
    expect(await send(`http://localhost:${port}/hook`, true)).toMatchObject({ statusCode: 200, error: null });
    expect(receiver.received).toHaveLength(1);
  });
});

describeWithServer('webhooks to private addresses, through the API', (server) => {
  let admin: ApiClient;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    admin = await loginAs(server(), 'admin', ADMIN_PASSWORD);
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('refuses an endpoint written with a private address (400), and never delivers to a name that resolves to one', async () => {
    const port = new URL(receiver.url()).port;
    for (const url of [`http://127.0.0.1:${port}/hook`, 'http://10.0.0.1/hook', 'http://169.254.169.254/', `http://[::1]:${port}/`]) {
      const refused = await admin.post('/api/webhooks', { url, events: ['lead.created'] });
      expect(refused, url).toMatchObject({
        status: 400,
        body: { message: 'La URL apunta a una dirección local o privada: los webhooks solo se envían a direcciones públicas' },
      });
    }
    const created = await admin.post('/api/webhooks', { url: `http://localhost:${port}/hook`, events: ['lead.created'] });
    expect(created.status).toBe(201);
    const lead = await admin.post('/api/leads', { name: 'Privado', phone: uniquePhone(), category: 'salud', description: 'x' });
    expect(lead.status).toBe(201);
    await expect
      .poll(async () => (await admin.get(`/api/webhooks/${created.body.id}/deliveries`)).body.items[0]?.lastError, { timeout: 15_000 })
      .toMatch(/^Dirección no permitida: localhost apunta a/);
    const rows = await sql<{ status: string }>`select status from webhook_deliveries where endpoint_id = ${created.body.id}`.execute(
      server().ctx.db,
    );
    expect(rows.rows).toEqual([{ status: 'pending' }]);
    expect(receiver.received).toHaveLength(0);
  });
});
