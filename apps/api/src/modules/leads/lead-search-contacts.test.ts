/**
 * The Leads screen's search (`q` of GET /api/leads, /api/leads/counts and tRPC leads.list) finds a
 * lead by its contacts as Ctrl+K does: a contact's name or email (case and accents aside), a
 * fragment of a contact's phone or WhatsApp number in any format. Each lead once, paged and counted
 * right, and only among the leads the reader may see.
 */
import { beforeAll, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName, uniquePhone } from '../../test/harness.js';
import { trpcClientFor } from '../../test/trpc-client.js';

type Page = { items: { id: number; name: string }[]; nextCursor: string | null };

describeWithServer('lead list search by contacts', (server) => {
  let admin: ApiClient;
  let vera: { id: number; client: ApiClient };
  let tomasId: number;

  beforeAll(async () => {
    const adminName = uniqueName('lsadm');
    await createUser(server(), { username: adminName, systemRole: 'admin' });
    admin = await loginAs(server(), adminName);
    const veraName = uniqueName('lsvera');
    vera = { id: (await createUser(server(), { username: veraName })).id, client: await loginAs(server(), veraName) };
    tomasId = (await createUser(server(), { username: uniqueName('lstomas') })).id;
  });

  async function newLead(name: string, fields: Record<string, unknown> = {}): Promise<number> {
    const created = await admin.post('/api/leads', {
      name,
      phone: uniquePhone(),
      category: 'retail',
      description: 'Prueba de búsqueda',
      ...fields,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as number;
  }

  async function addContact(leadId: number, contact: Record<string, unknown>): Promise<number> {
    const created = await admin.post(`/api/leads/${leadId}/contacts`, contact);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as number;
  }

  const found = async (client: ApiClient, q: string, extra = '') => {
    const response = await client.get<Page>(`/api/leads?limit=500&q=${encodeURIComponent(q)}${extra}`);
    expect(response.status).toBe(200);
    return response.body.items.map((item) => item.id).sort((a, b) => a - b);
  };

  it('finds a lead by a contact’s name without accents or case, email, phone and WhatsApp fragments, REST and tRPC', async () => {
    const tag = uniqueName('lsq').toLowerCase();
    const lead = await newLead(`Ferretería ${tag}`);
    await addContact(lead, { name: `Íñigo ${tag} Zubizarreta`, email: `compras.${tag}@ferre.es`, phone: '+34 677 123 456' });
    await addContact(lead, { name: 'Otra persona', whatsappPhone: '+34 611 987 654' });
    const other = await newLead(`Otra tienda ${tag}b`);
    for (const q of [`INIGO ${tag} zubizarreta`, `Íñigo`, `compras.${tag}@ferre`, '677 12', '(677) 123-45', '611 98765', '+34611987']) {
      const ids = await found(admin, q);
      expect({ q, ids: ids.includes(lead) && !ids.includes(other) }).toEqual({ q, ids: true });
    }
    // Two contacts matching still list the lead once.
    await addContact(lead, { name: `Íñigo ${tag} Segundo` });
    expect(await found(admin, `inigo ${tag}`, `&view=leads`)).toEqual([lead]);
    const trpc = trpcClientFor(admin);
    expect((await trpc.leads.list.query({ q: `inigo ${tag}` })).items.map((item) => item.id)).toEqual([lead]);
    expect((await trpc.leads.counts.query({ q: `inigo ${tag}` })).leads).toBe(1);
    // The lead's own name and email still match as before.
    expect(await found(admin, `ferreteria ${tag}`)).toEqual([lead]);
    expect(await found(admin, `${tag}b`)).toEqual([other]);
  });

  it('follows the contact: edited, it is found by its new name; removed, no longer', async () => {
    const tag = uniqueName('lse').toLowerCase();
    const lead = await newLead(`Bar ${tag}`);
    const contact = await addContact(lead, { name: `Marta ${tag}` });
    expect(await found(admin, `marta ${tag}`)).toEqual([lead]);
    expect((await admin.put(`/api/contacts/${contact}`, { name: `Lucía ${tag}`, phone: '+34 699 555 444' })).status).toBe(200);
    expect(await found(admin, `marta ${tag}`)).toEqual([]);
    expect(await found(admin, `lucia ${tag}`)).toEqual([lead]);
    expect(await found(admin, '699 555 44')).toEqual([lead]);
    expect((await admin.delete(`/api/contacts/${contact}`)).status).toBe(200);
    expect(await found(admin, `lucia ${tag}`)).toEqual([]);
    expect((await admin.get(`/api/leads/counts?q=${encodeURIComponent(`lucia ${tag}`)}`)).body).toMatchObject({ leads: 0, contacted: 0 });
  });

  it('pages the matches by keyset in every sort without gaps or repeats, and counts them per tab', async () => {
    const tag = uniqueName('lsp').toLowerCase();
    const expected: number[] = [];
    // Three found by their own name, four by a contact, one of those contacted.
    for (const name of ['Alfa', 'Beta', 'Gamma']) expected.push(await newLead(`${name} ${tag}`));
    for (const name of ['Delta', 'Épsilon', 'Zeta', 'Eta']) {
      const lead = await newLead(`${name} sin marca`);
      await addContact(lead, { name: `Contacto ${tag}` });
      expected.push(lead);
    }
    const contacted = expected[6] as number;
    expect((await admin.put(`/api/leads/${contacted}`, { status: 'contactado' })).status).toBe(200);
    await newLead(`Ajeno sin marca ${uniqueName('x')}`);

    for (const sort of ['createdAt:desc', 'name:asc', 'name:desc', 'status:asc']) {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const cursorParam: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const response = await admin.get<Page>(`/api/leads?limit=2&sort=${sort}&q=${encodeURIComponent(tag)}${cursorParam}`);
        expect(response.status).toBe(200);
        expect(response.body.items.length).toBeLessThanOrEqual(2);
        seen.push(...response.body.items.map((item) => item.id));
        cursor = response.body.nextCursor;
      } while (cursor);
      expect({ sort, seen: [...seen].sort((a, b) => a - b) }).toEqual({ sort, seen: [...expected].sort((a, b) => a - b) });
    }
    const counts = await admin.get(`/api/leads/counts?q=${encodeURIComponent(tag)}`);
    expect(counts.body).toMatchObject({ leads: 6, contacted: 1 });
    expect(await found(admin, tag, '&view=contacted')).toEqual([contacted]);
  });

  it('finds by contact only the leads a restricted Vendedor may see', async () => {
    const setOwn = await admin.put('/api/roles/team_member/lead-visibility', { visibility: 'own' });
    expect(setOwn.status).toBe(200);
    try {
      const tag = uniqueName('lsv').toLowerCase();
      const hers = await newLead(`Suyo ${uniqueName('a')}`, { assignedTo: vera.id });
      const others = await newLead(`De Tomás ${uniqueName('b')}`, { assignedTo: tomasId });
      const unassigned = await newLead(`Libre ${uniqueName('c')}`);
      for (const lead of [hers, others, unassigned]) await addContact(lead, { name: `Ana ${tag}`, phone: '+34 633 210 987' });

      expect(await found(admin, `ana ${tag}`)).toEqual([hers, others, unassigned].sort((a, b) => a - b));
      expect(await found(vera.client, `ana ${tag}`)).toEqual([hers]);
      expect(await found(vera.client, `ana ${tag}`, '&view=leads')).toEqual([hers]);
      const counts = await vera.client.get(`/api/leads/counts?q=${encodeURIComponent(`ana ${tag}`)}`);
      expect(counts.body).toMatchObject({ leads: 1, contacted: 0 });
      const trpc = trpcClientFor(vera.client);
      expect((await trpc.leads.list.query({ q: `ana ${tag}` })).items.map((item) => item.id)).toEqual([hers]);
      // The lead he may not see is not found by its contact's phone either.
      expect((await found(vera.client, '633 210 98')).filter((id) => id === others || id === unassigned)).toEqual([]);
      expect(await found(vera.client, '633 210 98')).toContain(hers);
    } finally {
      expect((await admin.put('/api/roles/team_member/lead-visibility', { visibility: 'all' })).status).toBe(200);
    }
  });
});
