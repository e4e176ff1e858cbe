import { EVERY_LEAD, findLeadListItem } from '@crm/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type ApiClient, createUser, describeWithServer, loginAs, uniqueName, uniquePhone } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';
import { type ReceivedWebhook, WebhookReceiver } from '../../test/webhook-receiver.js';
import { postSubmission } from '../../test/web-form-client.js';
import { emitLeadEvents, emitWebhookEvent } from './webhook-events.js';

const POLL = { timeout: 20_000, interval: 100 };

describeWithServer(
  'webhooks',
  (server) => {
    let admin: ApiClient;
    let receiver: WebhookReceiver;

    beforeAll(async () => {
      admin = await loginAs(server(), 'admin', ADMIN_PASSWORD);
      receiver = await WebhookReceiver.start();
    });
    afterAll(async () => {
      await receiver?.close();
    });

    /** An endpoint at its own path of the receiver, which learns its secret to verify with. */
    async function endpoint(events: string[], path = `/${uniqueName('hook')}`): Promise<{ id: number; path: string; secret: string }> {
      const created = await admin.post('/api/webhooks', { url: receiver.url(path), events, description: 'Pruebas' });
      expect(created.status).toBe(201);
      receiver.secrets.set(path, [created.body.secret]);
      return { id: created.body.id, path, secret: created.body.secret };
    }

    async function createLead(fields: Record<string, unknown> = {}): Promise<any> {
      const response = await admin.post('/api/leads', {
        name: uniqueName('Lead '),
        phone: uniquePhone(),
        category: 'salud',
        description: 'Clínica',
        ...fields,
      });
      expect(response.status).toBe(201);
      return response.body;
    }

    const arrived = (path: string, predicate: (hook: ReceivedWebhook) => boolean = () => true) => receiver.accepted(path).filter(predicate);

    /** The received body's data as the API's JSON gives it (dates as ISO strings). */
    const asJson = (value: unknown) => JSON.parse(JSON.stringify(value));

    it('creates an endpoint with a Standard Webhooks secret shown once, lists and edits it', async () => {
      const created = await admin.post('/api/webhooks', {
        url: receiver.url('/lista'),
        events: ['lead.created', 'lead.created', 'note.created'],
        description: 'Mi CRM externo',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ url: receiver.url('/lista'), events: ['lead.created', 'note.created'], paused: false });
      expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const list = await admin.get('/api/webhooks');
      const listed = list.body.find((row: { id: number }) => row.id === created.body.id);
      expect(listed).toMatchObject({ description: 'Mi CRM externo' });
      expect(listed).not.toHaveProperty('secret');
      const edited = await admin.put(`/api/webhooks/${created.body.id}`, { events: ['lead.deleted'], description: 'Otro' });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ events: ['lead.deleted'], description: 'Otro' });
      expect((await admin.delete(`/api/webhooks/${created.body.id}`)).status).toBe(200);
      expect((await admin.get(`/api/webhooks/${created.body.id}`)).status).toBe(404);
    });

    it('refuses a URL that is not http(s), an unknown event and no events, in Spanish', async () => {
      for (const url of [
        'ftp://example.com/hook',
        'file:///etc/passwd',
        'javascript:alert(1)',
        'example.com/hook',
        'http://user:clave@example.com/',
      ]) {
        const response = await admin.post('/api/webhooks', { url, events: ['lead.created'] });
        expect(response.status, url).toBe(400);
        expect(response.body.message).toBe('La URL debe empezar por http:// o https:// y ser una dirección válida');
      }
      const unknown = await admin.post('/api/webhooks', { url: 'https://example.com/h', events: ['lead.exploded'] });
      expect(unknown).toMatchObject({ status: 400, body: { message: 'Evento desconocido' } });
      const none = await admin.post('/api/webhooks', { url: 'https://example.com/h', events: [] });
      expect(none).toMatchObject({ status: 400, body: { message: 'Elige al menos un evento' } });
      expect((await admin.put('/api/webhooks/99999', { paused: true })).status).toBe(404);
      const hook = await endpoint(['lead.created']);
      const tooMany = await admin.get(`/api/webhooks/${hook.id}/deliveries?limit=1000`);
      expect(tooMany).toMatchObject({ status: 400, body: { message: 'Máximo 100 por página' } });
      await admin.delete(`/api/webhooks/${hook.id}`);
    });

    it('is for admins only: a manager and a Vendedor get 403 on REST and tRPC', async () => {
      const hook = await endpoint(['lead.created']);
      for (const systemRole of ['manager', 'team_member'] as const) {
        const username = uniqueName(systemRole);
        await createUser(server(), { username, systemRole });
        const client = await loginAs(server(), username);
        expect((await client.get('/api/webhooks')).status).toBe(403);
        expect((await client.post('/api/webhooks', { url: 'https://example.com/h', events: ['lead.created'] })).status).toBe(403);
        expect((await client.put(`/api/webhooks/${hook.id}`, { paused: true })).status).toBe(403);
        expect((await client.post(`/api/webhooks/${hook.id}/rotate-secret`)).status).toBe(403);
        expect((await client.get(`/api/webhooks/${hook.id}/deliveries`)).status).toBe(403);
        expect((await client.delete(`/api/webhooks/${hook.id}`)).status).toBe(403);
        expect((await trpcFailure(trpcClientFor(client).webhooks.list.query())).data?.code).toBe('FORBIDDEN');
      }
      expect((await admin.get(`/api/webhooks/${hook.id}`)).body.paused).toBe(false);
      await admin.delete(`/api/webhooks/${hook.id}`);
    });

    it('sends each lead event, signed, with the lead as the API returns it', async () => {
      const hook = await endpoint(['lead.created', 'lead.updated', 'lead.assigned', 'lead.status_changed', 'lead.deleted', 'note.created']);
      const sellerName = uniqueName('vendedora');
      const seller = await createUser(server(), { username: sellerName });
      const lead = await createLead();
      await expect.poll(() => arrived(hook.path).length, POLL).toBe(1);
      const [created] = arrived(hook.path);
      expect(created).toMatchObject({ type: 'lead.created', verifiedWith: hook.secret });
      expect(created?.id).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(created?.data).toEqual(asJson(lead));

      const edited = await admin.put(`/api/leads/${lead.id}`, { description: 'Clínica dental' });
      const assigned = await admin.put(`/api/leads/${lead.id}/assign`, { assignedTo: seller.id });
      const moved = await admin.put(`/api/leads/${lead.id}`, { status: 'interesado' });
      const note = await admin.post(`/api/leads/${lead.id}/notes`, { body: 'Llamar el lunes' });
      expect(note.status).toBe(201);
      const before = (await admin.get(`/api/leads/${lead.id}`)).body;
      expect((await admin.delete(`/api/leads/${lead.id}`)).status).toBe(200);

      await expect
        .poll(() => arrived(hook.path).map((hook) => hook.type), POLL)
        .toEqual(['lead.created', 'lead.updated', 'lead.assigned', 'lead.status_changed', 'note.created', 'lead.deleted']);
      const data = arrived(hook.path).map((received) => received.data);
      expect(data[1]).toEqual(asJson(edited.body));
      expect(data[2]).toEqual(asJson(assigned.body));
      expect(data[3]).toEqual(asJson(moved.body));
      expect(data[4]).toEqual(asJson(note.body));
      expect(data[5]).toEqual(asJson(before));
      expect(arrived(hook.path).every((received) => received.verifiedWith === hook.secret)).toBe(true);

      // One edit that changes a field, the assignee and the status makes one event of each, in that order.
      const other = await createLead();
      await admin.put(`/api/leads/${other.id}`, { name: `${other.name} SL`, assignedTo: seller.id, status: 'contactado' });
      await expect
        .poll(() => arrived(hook.path, (received) => received.data.id === other.id).map((received) => received.type), POLL)
        .toEqual(['lead.created', 'lead.updated', 'lead.assigned', 'lead.status_changed']);
      await admin.delete(`/api/webhooks/${hook.id}`);
    });

    it('sends lead.assigned for the open leads a deactivated user leaves', async () => {
      const hook = await endpoint(['lead.assigned']);
      const leaving = await createUser(server(), { username: uniqueName('saliente') });
      const lead = await createLead({ assignedTo: leaving.id });
      expect((await admin.delete(`/api/users/${leaving.id}`)).status).toBe(200);
      await expect
        .poll(() => arrived(hook.path).map((received) => [received.data.id, received.data.assignedTo]), POLL)
        .toEqual([[lead.id, null]]);
      await admin.delete(`/api/webhooks/${hook.id}`);
    });

    it('sends lead.merged, bulk changes lead by lead, follow_up.due and import.finished', async () => {
      const hook = await endpoint(['lead.merged', 'lead.status_changed', 'follow_up.due', 'import.finished']);
      const survivor = await createLead();
      const absorbed = await createLead();
      const merged = await admin.post(`/api/leads/${survivor.id}/merge`, { otherId: absorbed.id, fields: { name: 'other' } });
      expect(merged.status).toBe(200);
      await expect.poll(() => arrived(hook.path, (received) => received.type === 'lead.merged').length, POLL).toBe(1);
      expect(arrived(hook.path, (received) => received.type === 'lead.merged')[0]?.data).toEqual({
        lead: asJson(merged.body),
        absorbedLead: { id: absorbed.id, name: absorbed.name },
      });

      const bulkLeads = [await createLead(), await createLead(), await createLead()];
      const bulk = await admin.post('/api/leads/bulk', { action: 'status', status: 'perdido', ids: bulkLeads.map((lead) => lead.id) });
      expect(bulk.body).toMatchObject({ updated: 3 });
      await expect.poll(() => arrived(hook.path, (received) => received.type === 'lead.status_changed').length, POLL).toBe(3);
      expect(
        arrived(hook.path, (received) => received.type === 'lead.status_changed')
          .map((received) => [received.data.id, received.data.status])
          .sort(),
      ).toEqual(bulkLeads.map((lead) => [lead.id, 'perdido']).sort());

      const followUp = await admin.post('/api/follow-ups', {
        leadId: survivor.id,
        dueAt: new Date(Date.now() + 1500).toISOString(),
        note: 'Volver a llamar',
      });
      expect(followUp.status).toBe(201);
      await expect.poll(() => arrived(hook.path, (received) => received.type === 'follow_up.due').length, POLL).toBe(1);
      expect(arrived(hook.path, (received) => received.type === 'follow_up.due')[0]?.data).toMatchObject({
        id: followUp.body.id,
        leadId: survivor.id,
        note: 'Volver a llamar',
      });

      const tag = uniqueName('imp');
      const csv = ['name,categoryName,email', `Uno ${tag},retail,uno.${tag}@x.es`, `Dos ${tag},retail,dos.${tag}@x.es`].join('\n');
      const form = new FormData();
      form.append('file', new Blob([csv]), 'leads.csv');
      form.append('groupName', `Grupo ${tag}`);
      const imported = await admin.post('/api/leads/import', form);
      expect(imported.body).toMatchObject({ imported: 2 });
      await expect.poll(() => arrived(hook.path, (received) => received.type === 'import.finished').length, POLL).toBe(1);
      expect(arrived(hook.path, (received) => received.type === 'import.finished')[0]?.data).toMatchObject({
        status: 'done',
        imported: 2,
        groupName: `Grupo ${tag}`,
        groupId: imported.body.groupId,
      });
      // One event for the import, none per imported lead.
      expect(arrived(hook.path).filter((received) => received.type === 'import.finished')).toHaveLength(1);
      await admin.delete(`/api/webhooks/${hook.id}`);
    });

    it('writes events with the transaction: a rolled-back change sends nothing; form.submitted goes through the same function', async () => {
      const hook = await endpoint(['lead.created', 'form.submitted']);
      const { ctx } = server();
      const lead = await createLead();
      await ctx.db
        .transaction()
        .execute(async (trx) => {
          await emitLeadEvents(ctx, trx, 'lead.created', [lead.id]);
          await emitWebhookEvent(ctx, trx, 'form.submitted', () => [{ leadId: lead.id, data: { deshecho: true } }]);
          throw new Error('rollback');
        })
        .catch(() => undefined);
      // A refused creation (a duplicate phone) is a 409 and sends nothing either.
      expect((await admin.post('/api/leads', { name: 'Duplicado', phone: lead.phone, category: 'salud', description: 'x' })).status).toBe(
        409,
      );
      await ctx.db
        .transaction()
        .execute((trx) =>
          emitWebhookEvent(ctx, trx, 'form.submitted', async () => [
            { leadId: lead.id, data: { lead: await findLeadListItem(trx, lead.id, EVERY_LEAD) } },
          ]),
        );
      await expect.poll(() => arrived(hook.path).map((received) => received.type), POLL).toEqual(['lead.created', 'form.submitted']);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(arrived(hook.path).map((received) => received.type)).toEqual(['lead.created', 'form.submitted']);
      expect(arrived(hook.path)[1]?.data).toEqual({ lead: asJson(lead) });
      const stored = await sql<{
        count: number;
      }>`select count(*)::int as count from webhook_deliveries where endpoint_id = ${hook.id}`.execute(ctx.db);
      expect(stored.rows[0]?.count).toBe(2);
      await admin.delete(`/api/webhooks/${hook.id}`);
    });

    it('sends lead.created and form.submitted when a web form creates a lead, and only form.submitted when it adds to one', async () => {
      const hook = await endpoint(['lead.created', 'form.submitted']);
      const site = 'https://www.ejemplo-webhooks.es';
      const form = await admin.post('/api/forms', {
        name: `Contacto ${uniqueName('wf')}`,
        fields: [
          { field: 'name', required: true },
          { field: 'email', required: true },
        ],
        category: 'salud',
        roleId: null,
        thankYouText: 'Gracias',
        redirectUrl: null,
        allowedOrigins: [site],
        active: true,
      });
      expect(form.status, JSON.stringify(form.body)).toBe(201);
      const email = `${uniqueName('wf')}@clinica.es`;
      const submit = (name: string) =>
        postSubmission(
          server().url,
          form.body.slug,
          { name, email, pageUrl: `${site}/contacto?utm_source=boletin` },
          { origin: site, ip: '198.51.100.200' },
        );
      expect((await submit('Clínica Formulario')).status).toBe(200);
      expect((await submit('Otra vez')).status).toBe(200);
      await expect
        .poll(() => arrived(hook.path).map((received) => received.type), POLL)
        .toEqual(['lead.created', 'form.submitted', 'form.submitted']);
      const [created, first, second] = arrived(hook.path);
      expect(created?.data).toMatchObject({ name: 'Clínica Formulario', email });
      expect(first?.data).toMatchObject({
        form: { id: form.body.id, name: form.body.name },
        submission: { outcome: 'created', utm: { utm_source: 'boletin' } },
        lead: { id: (created?.data as { id: number }).id },
      });
      expect(second?.data).toMatchObject({ submission: { outcome: 'merged' }, lead: { id: (created?.data as { id: number }).id } });
      await admin.delete(`/api/webhooks/${hook.id}`);
    });

    it('retries a failed delivery with backoff (500, then 200) under the same webhook-id, and logs each try', async () => {
      const hook = await endpoint(['lead.created']);
      let answers = 0;
      const previous = receiver.respond;
      receiver.respond = (received) => (received.path === hook.path && answers++ === 0 ? 500 : previous(received, ''));
      const lead = await createLead();
      await expect.poll(() => arrived(hook.path).length, { timeout: 30_000, interval: 200 }).toBe(1);
      receiver.respond = previous;
      const tries = receiver.received.filter((received) => received.path === hook.path);
      expect(tries.map((received) => received.status)).toEqual([500, 200]);
      expect(tries[0]?.id).toBe(tries[1]?.id);
      const gap = (tries[1]?.receivedAt ?? 0) - (tries[0]?.receivedAt ?? 0);
      expect(gap).toBeGreaterThanOrEqual(4_900);
      // The log is written once the receiver's answer is back.
      await expect
        .poll(async () => (await admin.get(`/api/webhooks/${hook.id}/deliveries`)).body.items, POLL)
        .toEqual([
          expect.objectContaining({
            eventType: 'lead.created',
            leadId: lead.id,
            status: 'delivered',
            attempts: 2,
            lastStatusCode: 200,
            lastError: null,
          }),
        ]);
      await admin.delete(`/api/webhooks/${hook.id}`);
    });

    it("keeps a lead's order while its first event is retried, without holding other leads back", async () => {
      const hook = await endpoint(['lead.created', 'lead.updated']);
      const previous = receiver.respond;
      let failedOnce = false;
      // Known before the request: the delivery may arrive before the API's answer does.
      const slowName = uniqueName('Lento ');
      receiver.respond = (received) => {
        if (received.path === hook.path && received.data.name === slowName && !failedOnce) {
          failedOnce = true;
          return 503;
        }
        return previous(received, '');
      };
      const slow = await createLead({ name: slowName });
      await expect.poll(() => failedOnce, POLL).toBe(true);
      for (const description of ['uno', 'dos', 'tres']) await admin.put(`/api/leads/${slow.id}`, { description });
      const fast = await createLead();
      await expect.poll(() => arrived(hook.path, (received) => received.data.id === fast.id).length, POLL).toBe(1);
      // The other lead went through while the slow lead's head waits for its retry.
      expect(arrived(hook.path, (received) => received.data.id === slow.id)).toHaveLength(0);
      await expect
        .poll(() => arrived(hook.path, (received) => received.data.id === slow.id).length, { timeout: 30_000, interval: 200 })
        .toBe(4);
      receiver.respond = previous;
      expect(
        arrived(hook.path, (received) => received.data.id === slow.id).map((received) => [received.type, received.data.description]),
      ).toEqual([
        ['lead.created', 'Clínica'],
        ['lead.updated', 'uno'],
        ['lead.updated', 'dos'],
        ['lead.updated', 'tres'],
      ]);
      await admin.delete(`/api/webhooks/${hook.id}`);
    });

    it('pauses an endpoint failing for 24 hours and tells every admin; resuming sends what waited', async () => {
      const hook = await endpoint(['lead.created']);
      const { ctx } = server();
      const previous = receiver.respond;
      let down = true;
      receiver.respond = (received) => (received.path === hook.path && down ? 500 : previous(received, ''));
      // 24 hours of failures, by the clock the pause reads.
      await sql`update webhook_endpoints set failing_since = now() - interval '25 hours' where id = ${hook.id}`.execute(ctx.db);
      const lead = await createLead();
      await expect.poll(async () => (await admin.get(`/api/webhooks/${hook.id}`)).body.paused, POLL).toBe(true);
      const paused = (await admin.get(`/api/webhooks/${hook.id}`)).body;
      expect(paused.pausedReason).toBe('Pausado automáticamente: falló durante 24 horas seguidas');
      const notifications = await admin.get('/api/notifications?unread=true');
      expect(notifications.body).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'webhook_paused', title: 'Webhook pausado', body: expect.stringContaining('Pruebas') }),
        ]),
      );
      // Paused: nothing more is tried, and new events are not queued for it.
      const triesWhilePaused = receiver.received.filter((received) => received.path === hook.path).length;
      await createLead();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(receiver.received.filter((received) => received.path === hook.path)).toHaveLength(triesWhilePaused);

      down = false;
      const resumed = await admin.put(`/api/webhooks/${hook.id}`, { paused: false });
      expect(resumed.body).toMatchObject({ paused: false, pausedReason: null, failingSince: null });
      await expect.poll(() => arrived(hook.path).map((received) => received.data.id), POLL).toEqual([lead.id]);
      receiver.respond = previous;
      await admin.delete(`/api/webhooks/${hook.id}`);
    });

    it('rotates the secret: the new one signs, the old one still does for a day; resend sends the same message again', async () => {
      const hook = await endpoint(['lead.created']);
      const rotated = await admin.post(`/api/webhooks/${hook.id}/rotate-secret`);
      expect(rotated.status).toBe(200);
      expect(rotated.body.secret).toMatch(/^whsec_/);
      expect(rotated.body.secret).not.toBe(hook.secret);
      // A receiver that knows only the new secret verifies; one that knows only the old one too (grace period).
      receiver.secrets.set(hook.path, [rotated.body.secret]);
      const lead = await createLead();
      await expect.poll(() => arrived(hook.path).length, POLL).toBe(1);
      const [first] = arrived(hook.path);
      expect(first?.verifiedWith).toBe(rotated.body.secret);
      expect(first?.signature.split(' ')).toHaveLength(2);

      const delivered = async () => (await admin.get(`/api/webhooks/${hook.id}/deliveries?status=delivered`)).body.items;
      await expect.poll(async () => (await delivered()).length, POLL).toBe(1);
      const [delivery] = await delivered();
      expect(delivery).toMatchObject({ leadId: lead.id, status: 'delivered' });
      receiver.secrets.set(hook.path, [hook.secret]);
      const resent = await admin.post(`/api/webhooks/deliveries/${delivery.id}/resend`);
      expect(resent.body).toMatchObject({ id: delivery.id, status: 'pending' });
      await expect.poll(() => arrived(hook.path).length, POLL).toBe(2);
      const second = arrived(hook.path)[1];
      expect(second?.id).toBe(first?.id);
      expect(second?.verifiedWith).toBe(hook.secret);
      expect((await admin.post('/api/webhooks/deliveries/999999/resend')).status).toBe(404);
      await admin.delete(`/api/webhooks/${hook.id}`);
    });

    it("does not let a slow receiver hold another endpoint's events", async () => {
      const slow = await endpoint(['lead.created']);
      const quick = await endpoint(['lead.created']);
      const previous = receiver.respond;
      receiver.respond = async (received) => {
        if (received.path === slow.path) await new Promise((resolve) => setTimeout(resolve, 4000));
        return previous(received, '');
      };
      const first = await createLead();
      await expect.poll(() => arrived(quick.path).length, { timeout: 2000, interval: 50 }).toBe(1);
      // Made while the slow attempt is still under way: it goes out at once too.
      const second = await createLead();
      await expect.poll(() => arrived(quick.path).length, { timeout: 2000, interval: 50 }).toBe(2);
      expect(arrived(slow.path)).toHaveLength(0);
      await expect.poll(() => arrived(slow.path).map((received) => received.data.id), POLL).toEqual([first.id, second.id]);
      receiver.respond = previous;
      await admin.delete(`/api/webhooks/${slow.id}`);
      await admin.delete(`/api/webhooks/${quick.id}`);
    });

    it('does not follow a redirect', async () => {
      const hook = await endpoint(['lead.created']);
      const target = `/${uniqueName('destino')}`;
      const previous = receiver.respond;
      receiver.respond = (received) =>
        received.path === hook.path ? { status: 302, headers: { location: receiver.url(target) } } : previous(received, '');
      await createLead();
      await expect
        .poll(async () => (await admin.get(`/api/webhooks/${hook.id}/deliveries`)).body.items[0]?.lastError, POLL)
        .toBe('Respuesta HTTP 302 (las redirecciones no se siguen)');
      expect(receiver.received.filter((received) => received.path === target)).toHaveLength(0);
      receiver.respond = previous;
      await admin.delete(`/api/webhooks/${hook.id}`);
    });

    it("sends 'lead.updated' with the new primaryContact when a contact write changes it, and nothing for another contact", async () => {
      const hook = await endpoint(['lead.updated']);
      const leadId = (await createLead()).id as number;
      const primaries = () =>
        arrived(hook.path, (received) => received.data.id === leadId).map((received) => received.data.primaryContact?.name ?? null);

      const ana = await admin.post(`/api/leads/${leadId}/contacts`, { name: 'Ana' });
      await expect.poll(primaries, POLL).toEqual(['Ana']);
      const luis = await admin.post(`/api/leads/${leadId}/contacts`, { name: 'Luis' });
      await admin.put(`/api/contacts/${luis.body.id}`, { notes: 'Solo tardes' });
      await admin.put(`/api/contacts/${ana.body.id}`, { notes: 'Solo mañanas' });
      await admin.put(`/api/contacts/${ana.body.id}`, { cargo: 'Gerente' });
      await expect.poll(primaries, POLL).toEqual(['Ana', 'Ana']);
      expect(arrived(hook.path).at(-1)?.data.primaryContact).toMatchObject({ name: 'Ana', cargo: 'Gerente' });
      await admin.put(`/api/contacts/${luis.body.id}`, { isPrimary: true });
      await admin.delete(`/api/contacts/${ana.body.id}`);
      await admin.delete(`/api/contacts/${luis.body.id}`);
      await expect.poll(primaries, POLL).toEqual(['Ana', 'Ana', 'Luis', null]);
      await admin.delete(`/api/webhooks/${hook.id}`);
    });
  },
  { WEBHOOK_ALLOW_PRIVATE: 'true' },
);
