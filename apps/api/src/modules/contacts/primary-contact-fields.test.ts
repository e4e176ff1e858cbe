/**
 * GET /api/contacts/primary-fields and tRPC contacts.primaryFields (docs/contacts.md): the custom
 * values of the primary contacts of up to 500 named leads, for the CSV of selected rows. Only leads
 * the caller sees and that have a primary contact; a bad list is a Spanish 400; no session, a 401.
 */
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, describeWithServer, signInEveryRole, uniqueName, uniquePhone } from '../../test/harness.js';
import { createLiveTrpc } from '../../test/live-client.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

describeWithServer('primary contacts’ custom values of several leads', (server) => {
  let admin: ApiClient;
  let seller: ApiClient;
  let anonymous: ApiClient;
  let sellerId: number;
  let key = '';
  const leads: { withContact: number; mine: number; withoutContact: number } = { withContact: 0, mine: 0, withoutContact: 0 };

  async function newLead(assignedTo?: number): Promise<number> {
    const created = await admin.post('/api/leads', {
      name: uniqueName('Ferretería '),
      phone: uniquePhone(),
      category: 'retail',
      description: 'Ferretería de barrio',
      ...(assignedTo === undefined ? {} : { assignedTo }),
    });
    expect(created.status).toBe(201);
    return created.body.id as number;
  }

  async function addContact(leadId: number, name: string, idioma: string): Promise<void> {
    const created = await admin.post(`/api/leads/${leadId}/contacts`, { name, customFields: { [key]: idioma } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }

  beforeAll(async () => {
    ({ admin, seller, anonymous, sellerId } = await signInEveryRole(server()));
    const field = await admin.post('/api/custom-fields', {
      entity: 'contact',
      label: 'Idioma',
      type: 'select',
      options: ['Español', 'Inglés'],
    });
    expect(field.status).toBe(201);
    key = field.body.key as string;
    leads.withContact = await newLead();
    await addContact(leads.withContact, 'Ana Ruiz', 'Inglés');
    await addContact(leads.withContact, 'Luis Gil', 'Español');
    leads.mine = await newLead(sellerId);
    await addContact(leads.mine, 'Eva Sanz', 'Español');
    leads.withoutContact = await newLead();
  });

  it('answers the primary contact’s values of each named lead that has one, over REST and tRPC', async () => {
    const ids = [leads.withContact, leads.mine, leads.withoutContact, 999_999].join(',');
    const response = await admin.get(`/api/contacts/primary-fields?ids=${ids}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(
      expect.arrayContaining([
        { leadId: leads.withContact, customFields: { [key]: 'Inglés' } },
        { leadId: leads.mine, customFields: { [key]: 'Español' } },
      ]),
    );
    expect(response.body).toHaveLength(2);

    const trpc = trpcClientFor(admin);
    expect(await trpc.contacts.primaryFields.query({ ids: [leads.withContact] })).toEqual([
      { leadId: leads.withContact, customFields: { [key]: 'Inglés' } },
    ]);
  });

  it('leaves out the leads a Vendedor whose role sees only his own may not see, over REST and the tRPC WebSocket', async () => {
    const narrowed = await admin.put('/api/roles/team_member/lead-visibility', { visibility: 'own' });
    expect(narrowed.status).toBe(200);
    const live = createLiveTrpc(server().url, seller);
    try {
      const response = await seller.get(`/api/contacts/primary-fields?ids=${leads.withContact},${leads.mine}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual([{ leadId: leads.mine, customFields: { [key]: 'Español' } }]);
      expect(await live.trpc.contacts.primaryFields.query({ ids: [leads.withContact, leads.mine] })).toEqual([
        { leadId: leads.mine, customFields: { [key]: 'Español' } },
      ]);
    } finally {
      await live.wsClient.close();
      expect((await admin.put('/api/roles/team_member/lead-visibility', { visibility: 'all' })).status).toBe(200);
    }
  });

  it('refuses a missing, malformed or too long list in Spanish, and a caller without a session', async () => {
    const tooMany = Array.from({ length: 501 }, (_, index) => index + 1).join(',');
    for (const [query, message] of [
      ['', 'ids'],
      ['?ids=', 'Identificador'],
      ['?ids=1,abc', 'Identificador'],
      ['?ids=0x10', 'Identificador'],
      [`?ids=${tooMany}`, 'Máximo 500 leads por consulta'],
    ] as const) {
      const response = await admin.get(`/api/contacts/primary-fields${query}`);
      expect(response.status, query).toBe(400);
      expect(JSON.stringify(response.body), query).toContain(message);
    }
    const trpc = trpcClientFor(admin);
    const refused = await trpcFailure(trpc.contacts.primaryFields.query({ ids: [] }));
    expect({ code: refused.data?.code, message: refused.message }).toEqual({ code: 'BAD_REQUEST', message: 'Indica al menos un lead' });
    expect((await anonymous.get(`/api/contacts/primary-fields?ids=${leads.withContact}`)).status).toBe(401);
  });
});
