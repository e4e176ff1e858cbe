/** /api/leads/{id}/contacts, /api/contacts/{id} and contacts.*: the people of a lead, one of them primary. */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName, uniquePhone } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

type ContactBody = { id: number; name: string; isPrimary: boolean };

describeWithServer('contacts of a lead', (server) => {
  let admin: ApiClient;
  let manager: ApiClient;
  let seller: ApiClient;
  let sellerId: number;

  beforeAll(async () => {
    const names = { admin: uniqueName('cadm'), manager: uniqueName('cman'), seller: uniqueName('cven') };
    await createUser(server(), { username: names.admin, systemRole: 'admin' });
    await createUser(server(), { username: names.manager, systemRole: 'manager', firstName: 'Marta', lastName: 'Jefa' });
    sellerId = (await createUser(server(), { username: names.seller })).id;
    [admin, manager, seller] = await Promise.all([
      loginAs(server(), names.admin),
      loginAs(server(), names.manager),
      loginAs(server(), names.seller),
    ]);
  });

  async function newLead(fields: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
    const tag = uniqueName('ctl');
    const created = await manager.post('/api/leads', {
      name: `Talleres ${tag}`,
      email: `${tag}@talleres.es`,
      phone: uniquePhone(),
      category: 'retail',
      description: 'Taller mecánico',
      ...fields,
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  const historyOf = async (leadId: number) =>
    (await admin.get(`/api/leads/${leadId}/history`)).body as {
      type: string;
      actor: { name: string } | null;
      changes: Record<string, unknown>;
    }[];

  const primaries = async (leadId: number) =>
    ((await seller.get(`/api/leads/${leadId}/contacts`)).body as ContactBody[]).filter((contact) => contact.isPrimary);

  describe('CRUD', () => {
    it('adds contacts, the first as primary, and shows the primary on the lead in lists and on its page', async () => {
      const lead = await newLead();
      const first = await manager.post(`/api/leads/${lead.id}/contacts`, {
        name: '  Ana Pérez ',
        cargo: 'Gerente',
        email: 'ana@talleres.es',
        phone: '+34 612 000 111',
        notes: 'Prefiere WhatsApp',
      });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        leadId: lead.id,
        name: 'Ana Pérez',
        cargo: 'Gerente',
        email: 'ana@talleres.es',
        phone: '+34612000111',
        phoneHasWhatsapp: true,
        whatsappPhone: null,
        whatsapp: '+34612000111',
        notes: 'Prefiere WhatsApp',
        isPrimary: true,
        customFields: {},
      });
      const second = await admin.post(`/api/leads/${lead.id}/contacts`, {
        name: 'Luis Gómez',
        phone: '+34 699 111 222',
        phoneHasWhatsapp: false,
        whatsappPhone: '+34 655 444 333',
      });
      expect(second.status).toBe(201);
      expect(second.body).toMatchObject({ isPrimary: false, phone: '+34699111222', whatsapp: '+34655444333' });

      const listed = await seller.get(`/api/leads/${lead.id}/contacts`);
      expect(listed.status).toBe(200);
      expect(listed.body.map((contact: ContactBody) => contact.name)).toEqual(['Ana Pérez', 'Luis Gómez']);

      const primaryContact = {
        id: first.body.id,
        name: 'Ana Pérez',
        cargo: 'Gerente',
        email: 'ana@talleres.es',
        phone: '+34612000111',
        whatsapp: '+34612000111',
      };
      expect((await seller.get(`/api/leads/${lead.id}`)).body.primaryContact).toEqual(primaryContact);
      const page = await seller.get(`/api/leads?limit=500`);
      expect(page.body.items.find((item: { id: number }) => item.id === lead.id).primaryContact).toEqual(primaryContact);
      const all = await seller.get('/api/leads');
      expect(all.body.find((item: { id: number }) => item.id === lead.id).primaryContact).toEqual(primaryContact);
      const other = await newLead();
      expect((await seller.get(`/api/leads/${other.id}`)).body.primaryContact).toBeNull();
    });

    it('edits a contact, makes another primary, deletes the primary and records each change in the history', async () => {
      const lead = await newLead();
      const ana = (await manager.post(`/api/leads/${lead.id}/contacts`, { name: 'Ana' })).body as ContactBody;
      const luis = (await manager.post(`/api/leads/${lead.id}/contacts`, { name: 'Luis', email: 'luis@x.es' })).body as ContactBody;
      const eva = (await manager.post(`/api/leads/${lead.id}/contacts`, { name: 'Eva', isPrimary: true })).body as ContactBody;
      expect((await primaries(lead.id)).map((contact) => contact.id)).toEqual([eva.id]);

      const edited = await manager.put(`/api/contacts/${luis.id}`, { cargo: 'Compras', email: '', isPrimary: true });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ id: luis.id, cargo: 'Compras', email: null, isPrimary: true });
      expect((await primaries(lead.id)).map((contact) => contact.id)).toEqual([luis.id]);

      const refused = await manager.put(`/api/contacts/${luis.id}`, { isPrimary: false });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Un lead con contactos siempre tiene uno principal: marca otro como principal');

      expect((await admin.delete(`/api/contacts/${luis.id}`)).status).toBe(200);
      // The earliest left takes over.
      expect((await primaries(lead.id)).map((contact) => contact.id)).toEqual([ana.id]);
      expect((await seller.get(`/api/leads/${lead.id}`)).body.primaryContact).toMatchObject({ id: ana.id, name: 'Ana' });
      expect((await admin.delete(`/api/contacts/${luis.id}`)).status).toBe(404);

      const history = await historyOf(lead.id);
      const contactEntries = history.filter((entry) => entry.type.startsWith('contact_'));
      expect(contactEntries.map((entry) => entry.type)).toEqual([
        'contact_removed',
        'contact_updated',
        'contact_added',
        'contact_added',
        'contact_added',
      ]);
      expect(contactEntries[0]?.changes).toEqual({ contact: { id: luis.id, name: 'Luis' }, newPrimary: { id: ana.id, name: 'Ana' } });
      expect(contactEntries[1]).toMatchObject({
        actor: { name: 'Marta Jefa' },
        changes: {
          contact: { id: luis.id, name: 'Luis' },
          cargo: { from: null, to: 'Compras' },
          email: { from: 'luis@x.es', to: null },
          isPrimary: { from: false, to: true },
        },
      });
      expect(contactEntries[4]?.changes).toEqual({ contact: { id: ana.id, name: 'Ana' }, isPrimary: true });
    });

    it('deleting a lead deletes its contacts', async () => {
      const lead = await newLead();
      const contact = (await manager.post(`/api/leads/${lead.id}/contacts`, { name: 'Ana' })).body as ContactBody;
      expect((await manager.delete(`/api/leads/${lead.id}`)).status).toBe(200);
      expect((await manager.put(`/api/contacts/${contact.id}`, { name: 'Otra' })).status).toBe(404);
    });

    it('works the same over tRPC', async () => {
      const lead = await newLead();
      const trpc = trpcClientFor(manager);
      const contact = await trpc.contacts.create.mutate({ leadId: lead.id, name: 'Por tRPC' });
      expect(contact.isPrimary).toBe(true);
      expect((await trpc.contacts.update.mutate({ id: contact.id, data: { cargo: 'CEO' } })).cargo).toBe('CEO');
      expect((await trpcClientFor(seller).contacts.list.query({ leadId: lead.id })).map((item) => item.id)).toEqual([contact.id]);
      const refused = await trpcFailure(trpcClientFor(seller).contacts.delete.mutate({ id: contact.id }));
      expect(refused.data?.code).toBe('FORBIDDEN');
      await trpc.contacts.delete.mutate({ id: contact.id });
      expect(await trpc.contacts.list.query({ leadId: lead.id })).toEqual([]);
    });
  });

  describe('refusals', () => {
    it('lets a Vendedor read contacts but not add, edit or delete them, even on a lead assigned to him', async () => {
      const lead = await newLead({ assignedTo: sellerId });
      const contact = (await manager.post(`/api/leads/${lead.id}/contacts`, { name: 'Ana' })).body as ContactBody;
      expect((await seller.get(`/api/leads/${lead.id}/contacts`)).status).toBe(200);
      const added = await seller.post(`/api/leads/${lead.id}/contacts`, { name: 'Luis' });
      expect(added.status).toBe(403);
      expect(added.body.message).toEqual(expect.any(String));
      expect((await seller.put(`/api/contacts/${contact.id}`, { name: 'Cambio' })).status).toBe(403);
      expect((await seller.delete(`/api/contacts/${contact.id}`)).status).toBe(403);
      const after = (await admin.get(`/api/leads/${lead.id}/contacts`)).body as ContactBody[];
      expect(after).toEqual([expect.objectContaining({ id: contact.id, name: 'Ana' })]);
      expect((await historyOf(lead.id)).filter((entry) => entry.type.startsWith('contact_'))).toHaveLength(1);
    });

    it('refuses an anonymous caller', async () => {
      const lead = await newLead();
      const anonymous = new ApiClient(server().url);
      expect((await anonymous.get(`/api/leads/${lead.id}/contacts`)).status).toBe(401);
      expect((await anonymous.post(`/api/leads/${lead.id}/contacts`, { name: 'Ana' })).status).toBe(401);
    });

    it('answers 400 in Spanish for bad input, and writes nothing', async () => {
      const lead = await newLead();
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '   ' }, 'El nombre del contacto es requerido'],
        [{}, 'El nombre del contacto es requerido'],
        [{ name: 'Ana', email: 'no-es-un-email' }, 'Email inválido'],
        [{ name: 'Ana', phone: 'llámame' }, 'Teléfono inválido'],
        [{ name: 'Ana', whatsappPhone: '12' }, 'Número de WhatsApp inválido'],
        [{ name: 'Ana', cargo: 'x'.repeat(101) }, 'Máximo 100 caracteres'],
        [{ name: 'Ana', phoneHasWhatsapp: 'sí' }, 'Indica si el teléfono tiene WhatsApp'],
      ];
      for (const [body, message] of cases) {
        const response = await manager.post(`/api/leads/${lead.id}/contacts`, body);
        expect({ body, status: response.status, message: response.body.message }).toEqual({ body, status: 400, message });
      }
      const contact = (await manager.post(`/api/leads/${lead.id}/contacts`, { name: 'Ana' })).body as ContactBody;
      const badEdit = await manager.put(`/api/contacts/${contact.id}`, { name: '', phone: '+34 612 000 999' });
      expect(badEdit.status).toBe(400);
      expect(badEdit.body.message).toBe('El nombre del contacto es requerido');
      expect((await admin.get(`/api/leads/${lead.id}/contacts`)).body).toEqual([expect.objectContaining({ name: 'Ana', phone: null })]);
    });

    it('answers 404 for an unknown lead or contact, and 400 for a malformed id', async () => {
      expect((await seller.get('/api/leads/999999/contacts')).status).toBe(404);
      const onUnknownLead = await manager.post('/api/leads/999999/contacts', { name: 'Ana' });
      expect(onUnknownLead.status).toBe(404);
      expect(onUnknownLead.body.message).toBe('Lead no encontrado');
      const unknownContact = await manager.put('/api/contacts/999999', { name: 'Ana' });
      expect(unknownContact.status).toBe(404);
      expect(unknownContact.body.message).toBe('Contacto no encontrado');
      expect((await manager.delete('/api/contacts/999999')).status).toBe(404);
      expect((await manager.put('/api/contacts/abc', { name: 'Ana' })).status).toBe(400);
      expect((await seller.get('/api/leads/0/contacts')).status).toBe(400);
    });
  });

  describe('one primary', () => {
    it('keeps exactly one primary when several contacts are added to an empty lead at once', async () => {
      const lead = await newLead();
      const added = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          (index % 2 === 0 ? manager : admin).post(`/api/leads/${lead.id}/contacts`, {
            name: `Persona ${index}`,
            isPrimary: index % 3 === 0,
          }),
        ),
      );
      expect(added.map((response) => response.status)).toEqual(Array(6).fill(201));
      expect(await primaries(lead.id)).toHaveLength(1);
    });

    it('keeps exactly one primary when every contact is made primary at the same time', async () => {
      const lead = await newLead();
      const contacts: ContactBody[] = [];
      for (const name of ['Ana', 'Luis', 'Eva', 'Sara', 'Pablo'])
        contacts.push((await manager.post(`/api/leads/${lead.id}/contacts`, { name })).body);
      const made = await Promise.all(contacts.map((contact) => manager.put(`/api/contacts/${contact.id}`, { isPrimary: true })));
      expect(made.map((response) => response.status)).toEqual(Array(5).fill(200));
      expect(await primaries(lead.id)).toHaveLength(1);
    });

    it('is held by the database: a second primary written directly is refused', async () => {
      const lead = await newLead();
      await manager.post(`/api/leads/${lead.id}/contacts`, { name: 'Ana' });
      await expect(
        sql`insert into contacts (lead_id, name, is_primary, search_text) values (${lead.id}, 'Otra', true, 'otra')`.execute(
          server().ctx.db,
        ),
      ).rejects.toThrow(/contacts_one_primary_idx/);
    });
  });

  describe("the team's country", () => {
    it('reads a phone typed without a prefix in the team country, for the call and WhatsApp links', async () => {
      const spain = { country: 'ES', currency: 'EUR', locale: 'es-ES', timeZone: 'Europe/Madrid', workingDays: [1, 2, 3, 4, 5] };
      expect((await admin.put('/api/settings/team', spain)).status).toBe(200);
      const lead = await newLead();
      const added = await manager.post(`/api/leads/${lead.id}/contacts`, {
        name: 'Ana',
        phone: '612 555 777',
        whatsappPhone: '655-111-222',
      });
      expect(added.body).toMatchObject({ phone: '+34612555777', whatsappPhone: '+34655111222', whatsapp: '+34655111222' });
      const edited = await manager.put(`/api/contacts/${added.body.id}`, { phone: '699 000 111', whatsappPhone: '' });
      expect(edited.body).toMatchObject({ phone: '+34699000111', whatsappPhone: null, whatsapp: '+34699000111' });
    });
  });

  describe('finding and downloading', () => {
    it('finds the lead in Ctrl+K by a contact name without accents, a phone fragment in any format and an email', async () => {
      const tag = uniqueName('bq').toLowerCase();
      const lead = await newLead({ name: `Ferretería ${tag}` });
      await manager.post(`/api/leads/${lead.id}/contacts`, {
        name: `Íñigo Zubizarreta ${tag}`,
        email: `compras.${tag}@ferre.es`,
        phone: '+34 677 123 456',
      });
      await manager.post(`/api/leads/${lead.id}/contacts`, { name: 'Otra persona', whatsappPhone: '+34 611 987 654' });
      for (const q of [`inigo zubizarreta ${tag}`, `compras.${tag}`, '677 12', '(677) 123-45', '611 98765']) {
        const found = await seller.get(`/api/search?q=${encodeURIComponent(q)}`);
        expect({ q, status: found.status, ids: found.body.leads.map((item: { id: number }) => item.id) }).toEqual({
          q,
          status: 200,
          ids: expect.arrayContaining([lead.id]),
        });
      }
      // A removed contact no longer finds the lead.
      const contacts = (await admin.get(`/api/leads/${lead.id}/contacts`)).body as ContactBody[];
      for (const contact of contacts) await manager.delete(`/api/contacts/${contact.id}`);
      const gone = await seller.get(`/api/search?q=${encodeURIComponent(`inigo zubizarreta ${tag}`)}`);
      expect(gone.body.leads).toEqual([]);
    });

    it('puts the contacts in the vCard and the primary contact in the CSV export', async () => {
      const tag = uniqueName('vc');
      const lead = await newLead({ name: `Clínica ${tag}` });
      await manager.post(`/api/leads/${lead.id}/contacts`, {
        name: 'Ana María Pérez',
        cargo: 'Directora, médica',
        email: 'ana@clinica.es',
        phone: '+34 612-000-222',
      });
      await manager.post(`/api/leads/${lead.id}/contacts`, { name: 'Luis', phoneHasWhatsapp: false, whatsappPhone: '+34 655 000 333' });
      const card = await seller.get(`/api/leads/${lead.id}/vcard`);
      expect(card.status).toBe(200);
      const cards = (card.body as string).split('BEGIN:VCARD\r\n').slice(1);
      expect(cards).toHaveLength(3);
      expect(cards[1]?.split('\r\n')).toEqual([
        'VERSION:3.0',
        'FN:Ana María Pérez',
        'N:María Pérez;Ana;;;',
        `ORG:Clínica ${tag}`,
        'TITLE:Directora\\, médica',
        'TEL;TYPE=CELL,VOICE:+34612000222',
        'EMAIL;TYPE=INTERNET:ana@clinica.es',
        'END:VCARD',
        '',
      ]);
      expect(cards[2]).toContain('TEL;TYPE=CELL:+34655000333\r\n');

      const csv = await manager.get(`/api/leads/export?q=${encodeURIComponent(tag)}`);
      expect(csv.status).toBe(200);
      const [header, row] = (csv.body as string).replace(/^\uFEFF/, '').split('\r\n');
      const separator = header?.includes(';') ? ';' : ',';
      expect(header?.split(separator).slice(-4)).toEqual(['Contacto', 'Cargo del contacto', 'Email del contacto', 'Teléfono del contacto']);
      expect(row).toContain(`${separator}Ana María Pérez${separator}`);
      expect(row).toContain('Directora, médica');
      expect(
        row?.endsWith(`${separator}ana@clinica.es${separator}'+34612000222`) ||
          row?.endsWith(`${separator}ana@clinica.es${separator}+34612000222`),
      ).toBe(true);
    });

    // Runs after the test above, whose header ends with the contact's columns: from here on the team has custom fields.
    it("says the lead's and the contacts' custom values in the vCard's notes and the export's last columns", async () => {
      const define = async (body: Record<string, unknown>) => {
        const response = await admin.post('/api/custom-fields', body);
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        return response.body as { id: number; key: string };
      };
      const province = await define({ label: 'Provincia', type: 'text' });
      const extension = await define({ label: 'Extensión', type: 'text', entity: 'contact' });
      const archived = await define({ label: 'Antigua', type: 'text', entity: 'contact' });
      const tag = uniqueName('cf');
      const lead = await newLead({ name: `Gestoría ${tag}`, customFields: { [province.key]: 'Cuenca' } });
      const contact = await manager.post(`/api/leads/${lead.id}/contacts`, {
        name: 'Rosa Gil',
        notes: 'Llamar por la mañana',
        customFields: { [extension.key]: '204', [archived.key]: 'vieja' },
      });
      expect(contact.status, JSON.stringify(contact.body)).toBe(201);
      expect((await admin.delete(`/api/custom-fields/${archived.id}`)).status).toBe(200);

      const cards = ((await seller.get(`/api/leads/${lead.id}/vcard`)).body as string).split('BEGIN:VCARD\r\n').slice(1);
      expect(cards[0]).toContain('NOTE:Categoría: Retail\\nTaller mecánico\\nProvincia: Cuenca\r\n');
      expect(cards[1]).toContain('NOTE:Llamar por la mañana\\nExtensión: 204\r\n');
      expect(cards[1]).not.toContain('Antigua');

      const csv = await manager.get(`/api/leads/export?q=${encodeURIComponent(tag)}`);
      const [header, row] = (csv.body as string).replace(/^\uFEFF/, '').split('\r\n');
      const separator = header?.includes(';') ? ';' : ',';
      expect(header?.split(separator).slice(-2)).toEqual(['Provincia', 'Extensión (contacto)']);
      expect(row?.split(separator).slice(-2)).toEqual(['Cuenca', '204']);
    });
  });
});
