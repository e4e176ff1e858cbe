/** Webhooks 'lead.updated' for contact writes that change the lead's primaryContact, and only those. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, type ApiClient, describeWithServer, loginAs, uniqueName, uniquePhone } from '../../test/harness.js';
import { WebhookReceiver } from '../../test/webhook-receiver.js';

const POLL = { timeout: 20_000, interval: 100 };

describeWithServer(
  'contacts and webhooks',
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

    it("sends 'lead.updated' with the new primaryContact when the primary changes, and nothing for another contact", async () => {
      const path = `/${uniqueName('hook')}`;
      const hook = await admin.post('/api/webhooks', { url: receiver.url(path), events: ['lead.updated'], description: 'Contactos' });
      expect(hook.status).toBe(201);
      receiver.secrets.set(path, [hook.body.secret]);
      const lead = await admin.post('/api/leads', { name: uniqueName('Lead '), phone: uniquePhone(), category: 'salud', description: 'x' });
      const leadId = lead.body.id as number;
      const primaries = () =>
        receiver
          .accepted(path)
          .filter((received) => received.data.id === leadId)
          .map((received) => received.data.primaryContact?.name ?? null);

      const ana = await admin.post(`/api/leads/${leadId}/contacts`, { name: 'Ana' });
      await expect.poll(primaries, POLL).toEqual(['Ana']);
      const luis = await admin.post(`/api/leads/${leadId}/contacts`, { name: 'Luis' });
      await admin.put(`/api/contacts/${luis.body.id}`, { notes: 'Solo tardes' });
      await admin.put(`/api/contacts/${ana.body.id}`, { notes: 'Solo mañanas' });
      await admin.put(`/api/contacts/${ana.body.id}`, { cargo: 'Gerente' });
      await expect.poll(primaries, POLL).toEqual(['Ana', 'Ana']);
      expect(receiver.accepted(path).at(-1)?.data.primaryContact).toMatchObject({ name: 'Ana', cargo: 'Gerente' });
      await admin.put(`/api/contacts/${luis.body.id}`, { isPrimary: true });
      await admin.delete(`/api/contacts/${ana.body.id}`);
      await admin.delete(`/api/contacts/${luis.body.id}`);
      await expect.poll(primaries, POLL).toEqual(['Ana', 'Ana', 'Luis', null]);
      expect(receiver.accepted(path).every((received) => received.verifiedWith !== null)).toBe(true);
    });
  },
  { WEBHOOK_ALLOW_PRIVATE: 'true' },
);
