/**
 * WhatsApp Cloud API inbox (docs/whatsapp.md) against a local server playing the Graph API: the
 * connection and its sealed secrets, the webhook's handshake and signatures, retried deliveries,
 * out-of-order statuses, new and known numbers, media (and its failures), the 24-hour window,
 * templates, who may reply, the inbox and the tracking counters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { openFeed } from '../../test/live-client.js';
import { ACCESS_TOKEN, BUSINESS_ACCOUNT_ID, FakeGraphApi, GRAPH_VERSION, PHONE_NUMBER_ID } from '../../test/graph-api.js';
import { APP_SECRET, connectToGraph, delivery, inbound, newWamid, signatureOf, statusOf, textFrom } from '../../test/whatsapp-payloads.js';

const SECRET_KEY = 'a'.repeat(64);
// A 1×1 PNG, what a customer's photo is reduced to here.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60, 1)]);

let numberCounter = 0;
function newNumber(): string {
  numberCounter += 1;
  return `3461${String(Date.now() % 10_000_000).padStart(7, '0')}${numberCounter % 10}`;
}

describeWithServer(
  'WhatsApp Cloud API',
  (server) => {
    let graph: FakeGraphApi;
    let admin: ApiClient;

    const post = (payload: unknown, secret = APP_SECRET) => {
      const { body, headers } = delivery(payload, secret);
      return new ApiClient(server().url).request('POST', '/api/whatsapp/webhook', body, headers);
    };
    const messagesOf = async (leadId: number) => (await admin.get(`/api/leads/${leadId}/whatsapp?limit=200`)).body;
    const leadByPhone = async (waId: string) =>
      server().ctx.db.selectFrom('leads').selectAll().where('phone_key', '=', waId).executeTakeFirst();
    const wamidOf = async (id: number) =>
      (await server().ctx.db.selectFrom('whatsapp_messages').select('wa_message_id').where('id', '=', String(id)).executeTakeFirstOrThrow())
        .wa_message_id as string;
    const untilLead = async (waId: string) => {
      await expect.poll(() => leadByPhone(waId), { timeout: 15_000 }).toBeTruthy();
      return (await leadByPhone(waId))!;
    };

    beforeAll(async () => {
      graph = await FakeGraphApi.start();
      admin = await loginAs(server(), 'admin', ADMIN_PASSWORD);
      await connectToGraph(admin, graph.url);
    });
    afterAll(async () => {
      expect(graph.violations).toEqual([]);
      await graph.close();
    });

    describe('connection', () => {
      it('keeps the token and the secret sealed: never in the database in clear, never in an answer', async () => {
        const settings = await admin.get('/api/whatsapp/settings');
        expect(settings.body).toMatchObject({ hasAccessToken: true, hasAppSecret: true, configured: true, graphVersion: GRAPH_VERSION });
        expect(JSON.stringify(settings.body)).not.toContain(ACCESS_TOKEN);
        const row = await server().ctx.db.selectFrom('whatsapp_settings').selectAll().executeTakeFirstOrThrow();
        expect(JSON.stringify(row)).not.toContain(ACCESS_TOKEN);
        expect(JSON.stringify(row)).not.toContain(APP_SECRET);
        expect(row.access_token_sealed).toMatch(/^v1\./);
        // The save is audited without its secrets.
        const audit = await server().ctx.db.selectFrom('audit_log').selectAll().execute();
        expect(JSON.stringify(audit)).toContain('whatsapp.saveSettings');
        expect(JSON.stringify(audit)).not.toContain(ACCESS_TOKEN);
        expect(JSON.stringify(audit)).not.toContain(APP_SECRET);
      });

      it("reads the number's details on 'Probar conexión'", async () => {
        const test = await admin.post('/api/whatsapp/settings/test');
        expect(test.status).toBe(200);
        expect(test.body).toEqual({ displayPhoneNumber: '+1 555-078-3881', verifiedName: 'Inmobiliaria Prueba', qualityRating: 'GREEN' });
        const last = graph.requests.at(-1);
        expect(last?.path.startsWith(`/${GRAPH_VERSION}/${PHONE_NUMBER_ID}?`)).toBe(true);
        expect(last?.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
      });

      it('refuses the settings to a manager and a bad version with a Spanish 400', async () => {
        const manager = await createUser(server(), { username: uniqueName('ger'), systemRole: 'manager' });
        expect((await (await loginAs(server(), manager.username)).get('/api/whatsapp/settings')).status).toBe(403);
        const bad = await admin.put('/api/whatsapp/settings', {
          phoneNumberId: PHONE_NUMBER_ID,
          businessAccountId: BUSINESS_ACCOUNT_ID,
          graphBaseUrl: graph.url,
          graphVersion: 'latest',
          distributionRoleId: null,
        });
        expect(bad.status).toBe(400);
        expect(bad.body.message).toMatch(/versión/);
      });
    });

    describe('webhook', () => {
      it("answers Meta's verification handshake only with our verify token", async () => {
        const { verifyToken } = (await admin.get('/api/whatsapp/settings')).body;
        const anonymous = new ApiClient(server().url);
        const ok = await anonymous.get(`/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=1158201444`);
        expect(ok.status).toBe(200);
        expect(ok.body).toBe('1158201444');
        expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
        expect((await anonymous.get('/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1')).status).toBe(403);
      });

      it('refuses a missing or wrong signature with 401 and keeps nothing', async () => {
        const from = newNumber();
        const payload = textFrom(from, 'Intruso', 'hola');
        const { body } = delivery(payload);
        const anonymous = new ApiClient(server().url);
        const missing = await anonymous.request('POST', '/api/whatsapp/webhook', body, { 'content-type': 'application/json' });
        expect(missing.status).toBe(401);
        expect((await post(payload, 'otro-secreto')).status).toBe(401);
        // The right signature of other bytes: a changed body is caught.
        const tampered = await anonymous.request('POST', '/api/whatsapp/webhook', body.replace('hola', 'adiós'), {
          'content-type': 'application/json',
          'x-hub-signature-256': signatureOf(body),
        });
        expect(tampered.status).toBe(401);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(await leadByPhone(from)).toBeUndefined();
      });

      it('creates a lead for an unknown number and keeps a retried delivery once', async () => {
        const from = newNumber();
        const wamid = newWamid();
        const payload = textFrom(from, 'Lucía Gómez', '¿Tienen pisos en alquiler?', new Date(), wamid);
        const answers = await Promise.all([post(payload), post(payload), post(payload)]);
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
        const lead = await untilLead(from);
        expect(lead).toMatchObject({ name: 'Lucía Gómez', phone: `+${from}` });
        // A status naming a customer's message (not ours) changes nothing.
        await post(statusOf(wamid, 'read', from));
        await expect.poll(async () => (await messagesOf(lead.id)).messages.length, { timeout: 10_000 }).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const conversation = await messagesOf(lead.id);
        expect(conversation.messages).toHaveLength(1);
        expect(conversation.messages[0]).toMatchObject({
          status: 'received',
          direction: 'inbound',
          kind: 'text',
          body: '¿Tienen pisos en alquiler?',
          authorName: 'Lucía Gómez',
        });
        expect(conversation.conversation).toMatchObject({ waId: from, unreadCount: 1 });
        expect(conversation).toMatchObject({ connected: true, canReply: true, hasMore: false });
        const history = await admin.get(`/api/leads/${lead.id}/history`);
        expect(JSON.stringify(history.body)).toContain('WhatsApp');
      });

      it('joins a known lead by its phone, however it was typed', async () => {
        const from = newNumber();
        const created = await admin.post('/api/leads', {
          name: 'Conocido',
          phone: `+${from.slice(0, 2)} ${from.slice(2, 5)} ${from.slice(5)}`,
          category: 'retail',
          description: 'Cliente de la tienda',
          assignedTo: null,
        });
        expect(created.body).toMatchObject({ id: expect.any(Number) });
        expect((await post(textFrom(from, 'Otro nombre', 'Soy yo'))).status).toBe(200);
        await expect.poll(async () => (await messagesOf(created.body.id)).messages.length, { timeout: 10_000 }).toBe(1);
        const leads = await server().ctx.db.selectFrom('leads').select('id').where('phone_key', '=', from).execute();
        expect(leads).toHaveLength(1);
      });

      it('joins the lead of a contact whose WhatsApp number wrote', async () => {
        const from = newNumber();
        const created = await admin.post('/api/leads', {
          name: 'Empresa con contactos',
          email: `${uniqueName('empresa')}@ejemplo.es`,
          category: 'retail',
          description: 'Cliente con varios contactos',
          assignedTo: null,
        });
        const contact = await admin.post(`/api/leads/${created.body.id}/contacts`, {
          name: 'Pedro Compras',
          phone: '+34 911 111 111',
          phoneHasWhatsapp: false,
          whatsappPhone: `+${from}`,
        });
        expect(contact.status).toBe(201);
        await post(textFrom(from, 'Pedro', 'Hola, soy Pedro'));
        await expect.poll(async () => (await messagesOf(created.body.id)).messages.length, { timeout: 10_000 }).toBe(1);
        expect(await leadByPhone(from)).toBeUndefined();
      });

      it('hands a new lead to the WhatsApp distribution rule and tells its owner live', async () => {
        const role = await admin.post('/api/custom-roles', { name: uniqueName('rolwa').toLowerCase(), displayName: 'WhatsApp' });
        const seller = await createUser(server(), { username: uniqueName('vendwa') });
        await admin.post(`/api/users/${seller.id}/roles/${role.body.id}`);
        await admin.put(`/api/custom-roles/${role.body.id}`, { distribution: 'round_robin' });
        const settings = (await admin.get('/api/whatsapp/settings')).body;
        await admin.put('/api/whatsapp/settings', { ...settings, distributionRoleId: role.body.id });
        const sellerApi = await loginAs(server(), seller.username);
        const feed = await openFeed(server().url, sellerApi);
        try {
          const from = newNumber();
          await post(textFrom(from, 'Nuevo Cliente', 'Hola'));
          const lead = await untilLead(from);
          await expect.poll(async () => (await leadByPhone(from))?.assigned_to, { timeout: 10_000 }).toBe(seller.id);
          await expect
            .poll(() => feed.events.some((event) => event.type === 'whatsapp' && event.whatsappMessage.leadId === lead.id), {
              timeout: 10_000,
            })
            .toBe(true);
          expect(feed.events.some((event) => event.type === 'notification' && event.notification.leadId === lead.id)).toBe(true);
        } finally {
          await feed.close();
          await admin.put('/api/whatsapp/settings', { ...settings, distributionRoleId: null });
        }
      });

      it('keeps location, contacts, reactions and unsupported messages', async () => {
        const from = newNumber();
        await post(textFrom(from, 'Tipos', 'primero'));
        const lead = await untilLead(from);
        await post(
          inbound(from, 'Tipos', {
            type: 'location',
            location: { latitude: 40.4168, longitude: -3.7038, name: 'Oficina', address: 'Gran Vía 1' },
          }),
        );
        await post(
          inbound(from, 'Tipos', {
            type: 'contacts',
            contacts: [{ name: { formatted_name: 'Ana Ruiz', first_name: 'Ana' }, phones: [{ phone: '+34 600 000 000', type: 'CELL' }] }],
          }),
        );
        await post(inbound(from, 'Tipos', { type: 'reaction', reaction: { message_id: 'wamid.x', emoji: '👍' } }));
        await post(inbound(from, 'Tipos', { type: 'unknown', errors: [{ code: 131051, title: 'Message type unknown' }] }));
        await expect.poll(async () => (await messagesOf(lead.id)).messages.length, { timeout: 10_000 }).toBe(5);
        const kinds = (await messagesOf(lead.id)).messages.map((message: { kind: string }) => message.kind).sort();
        expect(kinds).toEqual(['contacts', 'location', 'reaction', 'text', 'unsupported']);
      });
    });

    describe('media', () => {
      it('fetches an image through the Graph API and stores it like a chat attachment', async () => {
        const from = newNumber();
        graph.media.set('media-foto-1', { bytes: PNG, mimeType: 'image/png' });
        await post(
          inbound(from, 'Foto', {
            type: 'image',
            image: { id: 'media-foto-1', mime_type: 'image/png', sha256: 'x', caption: 'La fachada' },
          }),
        );
        const lead = await untilLead(from);
        await expect.poll(async () => (await messagesOf(lead.id)).messages[0]?.attachment?.kind, { timeout: 15_000 }).toBe('image');
        const [message] = (await messagesOf(lead.id)).messages;
        expect(message).toMatchObject({ kind: 'image', body: 'La fachada' });
        const file = await admin.get(message.attachment.url);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toBe('image/webp');
        // A Vendedor reads the lead, so he downloads its files.
        const seller = await createUser(server(), { username: uniqueName('vmedia') });
        expect((await (await loginAs(server(), seller.username)).get(message.attachment.url)).status).toBe(200);
      });

      it('keeps a failed download on the message and succeeds on a retry', async () => {
        const from = newNumber();
        graph.media.set('media-voz-1', { bytes: OGG, mimeType: 'audio/ogg' });
        graph.failingDownloads.set('media-voz-1', 1);
        await post(
          inbound(from, 'Voz', {
            type: 'audio',
            audio: { id: 'media-voz-1', mime_type: 'audio/ogg; codecs=opus', sha256: 'x', voice: true },
          }),
        );
        const lead = await untilLead(from);
        await expect.poll(async () => (await messagesOf(lead.id)).messages[0]?.details.mediaError, { timeout: 10_000 }).toBeTruthy();
        // The queue tries again after its backoff; here the job is run again at once.
        const [message] = (await messagesOf(lead.id)).messages;
        await server().ctx.jobs.enqueue((await import('./media.jobs.js')).fetchMediaJob, { messageId: message.id });
        await expect.poll(async () => (await messagesOf(lead.id)).messages[0]?.attachment?.kind, { timeout: 15_000 }).toBe('audio');
        expect((await messagesOf(lead.id)).messages[0].details.mediaError).toBeUndefined();
      });

      it('refuses a file the chat would refuse, without retrying', async () => {
        const from = newNumber();
        graph.media.set('media-exe-1', {
          bytes: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]),
          mimeType: 'application/pdf',
        });
        await post(
          inbound(from, 'Doc', {
            type: 'document',
            document: { id: 'media-exe-1', mime_type: 'application/pdf', sha256: 'x', filename: 'factura.pdf' },
          }),
        );
        const lead = await untilLead(from);
        await expect
          .poll(async () => (await messagesOf(lead.id)).messages[0]?.details.mediaError, { timeout: 10_000 })
          .toMatch(/no permitido/);
        expect((await messagesOf(lead.id)).messages[0].attachment).toBeNull();
      });
    });

    describe('replies', () => {
      async function leadWithInbound(at = new Date()) {
        const from = newNumber();
        await post(textFrom(from, 'Cliente', 'Hola', at));
        return { from, lead: await untilLead(from) };
      }

      it('sends text inside the window in the documented shape, and moves its ticks forward only', async () => {
        const { from, lead } = await leadWithInbound();
        const sent = await admin.post(`/api/leads/${lead.id}/whatsapp/messages`, { text: 'Sí, tenemos varios' });
        expect(sent.status).toBe(201);
        expect(sent.body).toMatchObject({ direction: 'outbound', status: 'sent', body: 'Sí, tenemos varios' });
        expect(graph.sends().at(-1)).toEqual({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: from,
          type: 'text',
          text: { preview_url: false, body: 'Sí, tenemos varios' },
        });
        const wamid = await wamidOf(sent.body.id);
        // Out of order: read arrives first, then delivered and sent: it stays read.
        await post(statusOf(wamid, 'read', from));
        await expect.poll(async () => (await messagesOf(lead.id)).messages.at(-1)?.status, { timeout: 10_000 }).toBe('read');
        await post(statusOf(wamid, 'delivered', from));
        await post(statusOf(wamid, 'sent', from));
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect((await messagesOf(lead.id)).messages.at(-1)?.status).toBe('read');
        const tracking = await server()
          .ctx.db.selectFrom('conversation_tracking')
          .selectAll()
          .where('lead_id', '=', lead.id)
          .executeTakeFirstOrThrow();
        expect(tracking).toMatchObject({ messages_from_lead: 1, messages_to_lead: 1, has_responded: true });
      });

      it('shows a failure with its reason', async () => {
        const { from, lead } = await leadWithInbound();
        const sent = await admin.post(`/api/leads/${lead.id}/whatsapp/messages`, { text: 'Hola de nuevo' });
        const wamid = await wamidOf(sent.body.id);
        await post(statusOf(wamid, 'failed', from));
        await expect
          .poll(async () => (await messagesOf(lead.id)).messages.at(-1)?.failureReason, { timeout: 10_000 })
          .toBe('Message Undeliverable. (código 131026)');
        graph.refuseSends = {
          code: 131047,
          message: 'Re-engagement message',
          details: 'Message failed to send because more than 24 hours have passed',
        };
        try {
          const refused = await admin.post(`/api/leads/${lead.id}/whatsapp/messages`, { text: 'Otro' });
          expect(refused.status).toBe(201);
          expect(refused.body).toMatchObject({ status: 'failed', failureReason: expect.stringContaining('24 hours') });
        } finally {
          graph.refuseSends = null;
        }
      });

      it('allows only approved templates outside the 24-hour window, variables filled', async () => {
        const { from, lead } = await leadWithInbound(new Date(Date.now() - 25 * 60 * 60 * 1000));
        const late = await admin.post(`/api/leads/${lead.id}/whatsapp/messages`, { text: 'Hola' });
        expect(late.status).toBe(400);
        expect(late.body.message).toMatch(/24 horas/);
        graph.templates = [
          {
            id: '1',
            name: 'seguimiento',
            language: 'es',
            status: 'APPROVED',
            category: 'UTILITY',
            components: [{ type: 'BODY', text: 'Hola {{1}}, soy {{2}}. ¿Seguimos?' }],
          },
          {
            id: '2',
            name: 'borrador',
            language: 'es',
            status: 'PENDING',
            category: 'MARKETING',
            components: [{ type: 'BODY', text: 'x' }],
          },
        ];
        const synced = await admin.post('/api/whatsapp/templates/sync');
        expect(synced.status).toBe(200);
        expect(synced.body).toHaveLength(2);
        const approved = await admin.get('/api/whatsapp/templates');
        expect(approved.body.map((template: { name: string }) => template.name)).toEqual(['seguimiento']);
        expect(approved.body[0]).toMatchObject({ variableCount: 2 });
        expect(
          (await admin.post(`/api/leads/${lead.id}/whatsapp/messages`, { template: { name: 'borrador', language: 'es', variables: [] } }))
            .status,
        ).toBe(400);
        expect(
          (
            await admin.post(`/api/leads/${lead.id}/whatsapp/messages`, {
              template: { name: 'seguimiento', language: 'es', variables: ['Ana'] },
            })
          ).status,
        ).toBe(400);
        const sent = await admin.post(`/api/leads/${lead.id}/whatsapp/messages`, {
          template: { name: 'seguimiento', language: 'es', variables: ['Cliente', 'Marta'] },
        });
        expect(sent.status).toBe(201);
        expect(sent.body).toMatchObject({ kind: 'template', body: 'Hola Cliente, soy Marta. ¿Seguimos?' });
        expect(graph.sends().at(-1)).toEqual({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: from,
          type: 'template',
          template: {
            name: 'seguimiento',
            language: { code: 'es' },
            components: [
              {
                type: 'body',
                parameters: [
                  { type: 'text', text: 'Cliente' },
                  { type: 'text', text: 'Marta' },
                ],
              },
            ],
          },
        });
      });

      it('sends a file uploaded first, through the media endpoint', async () => {
        const { from, lead } = await leadWithInbound();
        const form = new FormData();
        form.set('file', new Blob([Buffer.from('%PDF-1.4\n%prueba\n')], { type: 'application/pdf' }), 'presupuesto.pdf');
        const upload = await admin.request('POST', '/api/chat/attachments', form);
        expect(upload.status).toBe(201);
        const sent = await admin.post(`/api/leads/${lead.id}/whatsapp/messages`, { text: 'El presupuesto', attachmentId: upload.body.id });
        expect(sent.status).toBe(201);
        expect(sent.body).toMatchObject({ kind: 'document', attachment: { id: upload.body.id } });
        const media = graph.requests.filter((request) => request.path === `/${GRAPH_VERSION}/${PHONE_NUMBER_ID}/media`).at(-1);
        expect(media?.contentType).toMatch(/^multipart\/form-data/);
        expect(graph.sends().at(-1)).toMatchObject({
          to: from,
          type: 'document',
          document: { caption: 'El presupuesto', filename: 'presupuesto.pdf' },
        });
        // The same file cannot go out twice.
        expect((await admin.post(`/api/leads/${lead.id}/whatsapp/messages`, { attachmentId: upload.body.id })).status).toBe(409);
      });

      it('lets a Vendedor reply only on leads he may work', async () => {
        const { lead } = await leadWithInbound();
        const seller = await createUser(server(), { username: uniqueName('vrep') });
        const sellerApi = await loginAs(server(), seller.username);
        expect((await sellerApi.get(`/api/leads/${lead.id}/whatsapp`)).body.canReply).toBe(false);
        const refused = await sellerApi.post(`/api/leads/${lead.id}/whatsapp/messages`, { text: 'Hola' });
        expect(refused.status).toBe(403);
        await server().ctx.db.updateTable('leads').set({ assigned_to: seller.id }).where('id', '=', lead.id).execute();
        expect((await sellerApi.get(`/api/leads/${lead.id}/whatsapp`)).body.canReply).toBe(true);
        expect((await sellerApi.post(`/api/leads/${lead.id}/whatsapp/messages`, { text: 'Hola' })).status).toBe(201);
      });
    });

    describe('inbox', () => {
      it("lists unread first, filters 'Mías' and counts the badge; reading clears it", async () => {
        const seller = await createUser(server(), { username: uniqueName('vinbox') });
        const sellerApi = await loginAs(server(), seller.username);
        const from = newNumber();
        await post(textFrom(from, 'Bandeja', 'Hola'));
        const lead = await untilLead(from);
        const itemOf = async () =>
          ((await admin.get('/api/whatsapp/inbox')).body as { leadId: number }[]).find((item) => item.leadId === lead.id);
        await expect.poll(itemOf, { timeout: 10_000 }).toMatchObject({ leadName: 'Bandeja', unreadCount: 1, preview: 'Hola' });
        // Read conversations come after every unread one.
        await admin.post(`/api/leads/${lead.id}/whatsapp/read`);
        const read = (await admin.get('/api/whatsapp/inbox')).body as { unreadCount: number }[];
        const firstRead = read.findIndex((item) => item.unreadCount === 0);
        expect(read.slice(firstRead).every((item) => item.unreadCount === 0)).toBe(true);
        await post(textFrom(from, 'Bandeja', 'Otra vez'));
        await expect
          .poll(async () => (await itemOf()) as unknown, { timeout: 10_000 })
          .toMatchObject({ unreadCount: 1, preview: 'Otra vez' });
        expect((await sellerApi.get('/api/whatsapp/inbox?filter=mias')).body).toEqual([]);
        await server().ctx.db.updateTable('leads').set({ assigned_to: seller.id }).where('id', '=', lead.id).execute();
        expect((await sellerApi.get('/api/whatsapp/inbox?filter=mias')).body.map((item: { leadId: number }) => item.leadId)).toEqual([
          lead.id,
        ]);
        expect((await sellerApi.get('/api/whatsapp/unread')).body).toEqual({ conversations: 1 });
        expect((await sellerApi.post(`/api/leads/${lead.id}/whatsapp/read`)).status).toBe(200);
        expect((await sellerApi.get('/api/whatsapp/unread')).body).toEqual({ conversations: 0 });
      });
    });
  },
  { WHATSAPP_SECRET_KEY: SECRET_KEY, JOB_SUPERVISE_SECONDS: '1' },
);
