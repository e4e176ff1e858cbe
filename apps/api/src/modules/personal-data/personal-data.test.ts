/**
 * 'Exportar datos personales' and 'Anonimizar' on a lead and on one of its contacts (GDPR arts. 15
 * and 17): an admin's, complete, for good, audited.
 */
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, type TestServer, createUser, describeWithServer, loginAs, uniqueName, uniquePhone } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

type Person = { id: number; client: ApiClient };

async function signedIn(server: TestServer, prefix: string, systemRole: 'admin' | 'manager' | 'team_member'): Promise<Person> {
  const user = await createUser(server, { username: uniqueName(prefix), systemRole, firstName: prefix, lastName: 'Prueba' });
  return { id: user.id, client: await loginAs(server, user.username) };
}

describeWithServer('personal data of a lead', (server) => {
  let admin: Person;
  let manager: Person;
  let seller: Person;
  let leadId: number;
  const name = uniqueName('Clínica Sol ');
  const email = `${uniqueName('sol')}@clinica.es`;
  const phone = uniquePhone();
  const contactEmail = `${uniqueName('marta')}@clinica.es`;

  const person = (prefix: string, systemRole: 'admin' | 'manager' | 'team_member') => signedIn(server(), prefix, systemRole);

  beforeAll(async () => {
    admin = await person('jefa', 'admin');
    manager = await person('norte', 'manager');
    seller = await person('vera', 'team_member');
    const created = await admin.client.post<{ id: number }>('/api/leads', {
      name,
      email,
      phone,
      category: 'salud',
      description: 'Dra. Sol, calle Mayor 3',
      assignedTo: seller.id,
    });
    expect(created.status).toBe(201);
    leadId = created.body.id;
    await admin.client.put(`/api/leads/${leadId}`, { address: 'Calle Mayor 3, Madrid', name: `${name} Dental` });
    await seller.client.post(`/api/leads/${leadId}/notes`, { body: `Llamar a ${email} por la tarde` });
    // A custom value set and then cleared: only its history entry keeps it.
    const field = await admin.client.post<{ key: string }>('/api/custom-fields', { label: uniqueName('DNI '), type: 'text' });
    expect(field.status, JSON.stringify(field.body)).toBe(201);
    for (const value of ['12345678Z', null]) {
      const edited = await admin.client.put(`/api/leads/${leadId}`, { customFields: { [field.body.key]: value } });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    }
    const contact = await admin.client.post(`/api/leads/${leadId}/contacts`, {
      name: 'Marta Recepción',
      email: contactEmail,
      cargo: 'Gerente',
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    const tracked = await seller.client.post('/api/conversation-tracking', {
      leadId,
      progressLevel: 'muy_interesado',
      lastContactDate: '2026-11-20',
      notes: 'Prefiere WhatsApp',
    });
    expect(tracked.status, JSON.stringify(tracked.body)).toBe(201);
    const general = (await admin.client.get<{ id: number; kind: string }[]>('/api/chat/channels')).body.find((c) => c.kind === 'general');
    expect((await seller.client.post(`/api/chat/channels/${general?.id}/messages`, { leadId, message: 'Mirad este lead' })).status).toBe(
      201,
    );
  });

  it('refuses the export and the erasure to anyone but an admin, and an unknown lead or format', async () => {
    for (const who of [manager, seller]) {
      expect((await who.client.get(`/api/leads/${leadId}/personal-data`)).status).toBe(403);
      expect((await who.client.post(`/api/leads/${leadId}/anonymize`)).status).toBe(403);
      expect((await trpcFailure(trpcClientFor(who.client).personalData.anonymize.mutate({ id: leadId }))).data?.code).toBe('FORBIDDEN');
    }
    expect((await admin.client.get('/api/leads/999999/personal-data')).status).toBe(404);
    expect((await admin.client.post('/api/leads/999999/anonymize')).status).toBe(404);
    expect((await admin.client.get(`/api/leads/${leadId}/personal-data?format=pdf`)).status).toBe(400);
    const lead = await admin.client.get<{ email: string }>(`/api/leads/${leadId}`);
    expect(lead.body.email).toBe(email);
  });

  it('exports every piece of it as JSON and as CSV', async () => {
    const json = await admin.client.get<{
      lead: { name: string; email: string; address: string };
      contacts: { email: string }[];
      history: { type: string }[];
      notes: { body: string }[];
      tracking: { notes: string };
      chatMessages: { message: string }[];
      attachments: unknown[];
    }>(`/api/leads/${leadId}/personal-data?format=json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toBe(`attachment; filename="datos-personales-lead-${leadId}.json"`);
    expect(json.body.lead).toMatchObject({ name: `${name} Dental`, email, address: 'Calle Mayor 3, Madrid' });
    expect(json.body.history.map((entry) => entry.type)).toEqual(expect.arrayContaining(['created', 'edited', 'note_added']));
    expect(json.body.notes[0]?.body).toContain(email);
    expect(json.body.contacts.map((c) => c.email)).toEqual([contactEmail]);
    expect(json.body.tracking.notes).toBe('Prefiere WhatsApp');
    expect(json.body.chatMessages.map((m) => m.message)).toContain('Mirad este lead');
    expect(json.body.attachments).toEqual([]);
    const csv = await admin.client.request('GET', `/api/leads/${leadId}/personal-data?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = String(csv.body);
    expect(text).toContain(email);
    expect(text).toContain('notas');
  });

  it('anonymises it for good: fields, notes, history values and the lines that named it; counts and shape stay', async () => {
    const db = server().ctx.db;
    const historyBefore = await db
      .selectFrom('lead_history')
      .select(['id', 'type', 'changes'])
      .where('lead_id', '=', leadId)
      .orderBy('id')
      .execute();
    const paletteFinds = async (text: string) =>
      (await admin.client.get<{ leads: { id: number }[] }>(`/api/search?q=${encodeURIComponent(text)}`)).body.leads.some(
        (found) => found.id === leadId,
      );
    expect(await paletteFinds(contactEmail)).toBe(true);
    const done = await admin.client.post<{ message: string }>(`/api/leads/${leadId}/anonymize`);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Datos personales anonimizados');
    const lead = await admin.client.get<Record<string, unknown>>(`/api/leads/${leadId}`);
    expect(lead.body).toMatchObject({
      name: `Anonimizado #${leadId}`,
      email: null,
      phone: null,
      address: null,
      description: null,
      status: 'nuevo',
    });
    const historyAfter = await db
      .selectFrom('lead_history')
      .select(['id', 'type', 'changes'])
      .where('lead_id', '=', leadId)
      .orderBy('id')
      .execute();
    expect(historyAfter.map((entry) => [entry.id, entry.type, Object.keys(entry.changes)])).toEqual(
      historyBefore.map((entry) => [entry.id, entry.type, Object.keys(entry.changes)]),
    );
    const everything = JSON.stringify(await admin.client.get(`/api/leads/${leadId}/personal-data`).then((r) => r.body));
    for (const secret of [
      email,
      phone.replace(/\s/g, ''),
      'Calle Mayor',
      'Dra. Sol',
      'Prefiere WhatsApp',
      name,
      contactEmail,
      'Marta Recepción',
      'Gerente',
      '12345678Z',
    ]) {
      expect(everything, secret).not.toContain(secret);
    }
    const activities = await db.selectFrom('activities').select('description').where('lead_id', '=', leadId).execute();
    expect(activities.every((a) => !a.description.includes(name))).toBe(true);
    // Searching by the old name or email finds nothing; the lead is still counted.
    const search = await admin.client.get<{ leads: unknown[] }>(`/api/search?q=${encodeURIComponent(email)}`);
    expect(search.body.leads).toEqual([]);
    // Its contacts are anonymised with it: still there (counted), named by their id, out of Ctrl+K.
    expect(await paletteFinds(contactEmail)).toBe(false);
    const contacts = await admin.client.get<{ id: number; name: string; email: string | null }[]>(`/api/leads/${leadId}/contacts`);
    expect(contacts.body.map((contact) => [contact.name, contact.email])).toEqual([
      [`Contacto anonimizado #${contacts.body[0]?.id}`, null],
    ]);
    const notes = await admin.client.get<unknown[]>(`/api/leads/${leadId}/notes`);
    expect(notes.body).toHaveLength(1);
    const audit = await admin.client.get<{ items: { action: string }[] }>('/api/audit?limit=50');
    expect(audit.body.items.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['personalData.anonymize', 'personalData.export']),
    );
  });
});

interface Contact {
  id: number;
  name: string;
  cargo: string | null;
  email: string | null;
  phone: string | null;
  whatsappPhone: string | null;
  notes: string | null;
  isPrimary: boolean;
}
interface ContactFile {
  contact: Contact & { leadId: number; customFields: Record<string, unknown> };
  history: { id: number; type: string; changes: Record<string, unknown> }[];
}

describeWithServer('personal data of a contact', (server) => {
  let admin: Person;
  let manager: Person;
  let seller: Person;
  let leadId: number;
  /** Ana: the one whose data is asked for. Luis: a colleague of hers on the same lead, who keeps his. */
  let ana: Contact;
  let luis: Contact;
  const leadName = uniqueName('Clínica Norte ');
  const anaEmail = `${uniqueName('ana')}@clinica.es`;
  const anaPhone = uniquePhone();
  const anaName = uniqueName('Ana Pérez ');
  const luisEmail = `${uniqueName('luis')}@clinica.es`;
  const firstName = uniqueName('Marta Inicial ');

  const person = (prefix: string, systemRole: 'admin' | 'manager' | 'team_member') => signedIn(server(), prefix, systemRole);
  const addContact = async (body: Record<string, unknown>) => {
    const created = await admin.client.post<Contact>(`/api/leads/${leadId}/contacts`, body);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  };
  const history = () =>
    server().ctx.db.selectFrom('lead_history').select(['id', 'type', 'changes']).where('lead_id', '=', leadId).orderBy('id').execute();
  const paletteFinds = async (text: string) =>
    (await admin.client.get<{ leads: { id: number }[] }>(`/api/search?q=${encodeURIComponent(text)}`)).body.leads.some(
      (lead) => lead.id === leadId,
    );

  beforeAll(async () => {
    admin = await person('jefa', 'admin');
    manager = await person('norte', 'manager');
    seller = await person('vera', 'team_member');
    const created = await admin.client.post<{ id: number }>('/api/leads', {
      name: leadName,
      phone: uniquePhone(),
      category: 'salud',
      description: 'Clínica de prueba',
    });
    expect(created.status).toBe(201);
    leadId = created.body.id;
    // The first contact is the primary; deleting it makes Ana the primary (an entry that names her as newPrimary).
    const first = await addContact({ name: firstName });
    ana = await addContact({ name: 'Ana', email: anaEmail, phone: anaPhone, cargo: 'Gerente', notes: 'Llamar por la tarde' });
    luis = await addContact({ name: 'Luis Gómez', email: luisEmail, cargo: 'Recepción' });
    expect((await admin.client.put(`/api/contacts/${ana.id}`, { name: anaName, whatsappPhone: anaPhone })).status).toBe(200);
    expect((await admin.client.delete(`/api/contacts/${first.id}`)).status).toBe(200);
    await server()
      .ctx.db.updateTable('contacts')
      .set({ custom_fields: JSON.stringify({ dni: '12345678Z' }) })
      .where('id', '=', ana.id)
      .execute();
  });

  it('refuses the export and the erasure to anyone but an admin, and an unknown contact, id or format', async () => {
    for (const who of [manager, seller]) {
      expect((await who.client.get(`/api/contacts/${ana.id}/personal-data`)).status).toBe(403);
      expect((await who.client.post(`/api/contacts/${ana.id}/anonymize`)).status).toBe(403);
      const trpc = trpcClientFor(who.client);
      expect((await trpcFailure(trpc.contactPersonalData.anonymize.mutate({ id: ana.id }))).data?.code).toBe('FORBIDDEN');
      expect((await trpcFailure(trpc.contactPersonalData.export.query({ id: ana.id }))).data?.code).toBe('FORBIDDEN');
    }
    const unknown = await admin.client.get<{ message: string }>('/api/contacts/999999/personal-data');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Contacto no encontrado');
    expect((await admin.client.post('/api/contacts/999999/anonymize')).status).toBe(404);
    expect((await trpcFailure(trpcClientFor(admin.client).contactPersonalData.anonymize.mutate({ id: 999999 }))).data?.code).toBe(
      'NOT_FOUND',
    );
    const badFormat = await admin.client.get<{ message: string }>(`/api/contacts/${ana.id}/personal-data?format=pdf`);
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.message).toBe('Formato inválido: json o csv');
    for (const id of ['0x10', '1e1', '010', '-1']) {
      expect((await admin.client.get(`/api/contacts/${id}/personal-data`)).status, id).toBe(400);
      expect((await admin.client.post(`/api/contacts/${id}/anonymize`)).status, id).toBe(400);
    }
    // Nothing was erased, and only the successful calls are in the audit log (none yet).
    const contacts = await admin.client.get<Contact[]>(`/api/leads/${leadId}/contacts`);
    expect(contacts.body.find((contact) => contact.id === ana.id)).toMatchObject({ name: anaName, email: anaEmail });
    const audit = await admin.client.get<{ items: { action: string }[] }>('/api/audit?action=contactPersonalData.');
    expect(audit.body.items).toEqual([]);
  });

  it('exports its fields, custom values and the history entries about it, as JSON and as CSV', async () => {
    const json = await admin.client.get<ContactFile>(`/api/contacts/${ana.id}/personal-data?format=json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toBe(`attachment; filename="datos-personales-contacto-${ana.id}.json"`);
    expect(json.headers.get('cache-control')).toBe('no-store');
    expect(json.body.contact).toMatchObject({
      id: ana.id,
      leadId,
      name: anaName,
      email: anaEmail,
      cargo: 'Gerente',
      notes: 'Llamar por la tarde',
      isPrimary: true,
      customFields: { dni: '12345678Z' },
    });
    // Its own entries and the one that made it the primary; none about Luis alone.
    expect(json.body.history.map((entry) => entry.type)).toEqual(['contact_added', 'contact_updated', 'contact_removed']);
    expect(json.body.history[2]?.changes).toMatchObject({ contact: { name: firstName }, newPrimary: { id: ana.id, name: anaName } });
    expect(JSON.stringify(json.body)).not.toContain(luisEmail);

    const csv = await admin.client.request('GET', `/api/contacts/${ana.id}/personal-data?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/);
    expect(lines[0]).toBe('sección;n.º;campo;valor');
    expect(lines).toContain(`contacto;1;email;${anaEmail}`);
    expect(lines).toContain('contacto;1;customFields;"{""dni"":""12345678Z""}"');
    expect(lines.some((line) => line.startsWith('historial;3;type;contact_removed'))).toBe(true);

    // The same file over tRPC.
    const overTrpc = await trpcClientFor(admin.client).contactPersonalData.export.query({ id: ana.id });
    expect(overTrpc.fileName).toBe(`datos-personales-contacto-${ana.id}.json`);
    expect(JSON.parse(String(overTrpc.body))).toMatchObject({ contact: { email: anaEmail } });
  });

  it('anonymises it for good in place: its fields, its values in the history, the palette; its row, the others and the shape stay', async () => {
    for (const text of [anaEmail, anaName, anaPhone.replace(/\D/g, '').slice(-7)]) expect(await paletteFinds(text), text).toBe(true);
    const before = await history();

    const done = await admin.client.post<{ message: string }>(`/api/contacts/${ana.id}/anonymize`);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Datos personales anonimizados');

    // The row stays, still the primary, so counts and the lead's primary contact hold; its personal fields are gone.
    const contacts = await admin.client.get<Contact[]>(`/api/leads/${leadId}/contacts`);
    expect(contacts.body).toHaveLength(2);
    expect(contacts.body[0]).toMatchObject({
      id: ana.id,
      name: `Contacto anonimizado #${ana.id}`,
      cargo: null,
      email: null,
      phone: null,
      whatsappPhone: null,
      notes: null,
      isPrimary: true,
    });
    expect(contacts.body[1]).toMatchObject({ id: luis.id, name: 'Luis Gómez', email: luisEmail, cargo: 'Recepción' });
    const lead = await admin.client.get<{ name: string; primaryContact: { id: number; name: string; email: string | null } }>(
      `/api/leads/${leadId}`,
    );
    expect(lead.body.name).toBe(leadName);
    expect(lead.body.primaryContact).toMatchObject({ id: ana.id, name: `Contacto anonimizado #${ana.id}`, email: null });

    // The history keeps every entry, its type and keys; Ana's values are masked, the others' are not.
    const after = await history();
    expect(after.map((entry) => [entry.id, entry.type, Object.keys(entry.changes).sort()])).toEqual(
      before.map((entry) => [entry.id, entry.type, Object.keys(entry.changes).sort()]),
    );
    const changesOf = (id: number) => JSON.stringify(after.filter((entry) => JSON.stringify(entry.changes).includes(`"id":${id}`)));
    for (const secret of [anaEmail, anaName, 'Gerente', 'Llamar por la tarde', anaPhone.replace(/\s/g, '')]) {
      expect(JSON.stringify(after), secret).not.toContain(secret);
    }
    expect(changesOf(ana.id)).toContain('[anonimizado]');
    expect(JSON.stringify(after)).toContain(firstName);
    expect(changesOf(luis.id)).toContain('Luis Gómez');
    const removal = after.find((entry) => entry.type === 'contact_removed');
    expect(removal?.changes).toEqual({
      contact: { id: expect.any(Number), name: firstName },
      newPrimary: { id: ana.id, name: '[anonimizado]' },
    });

    // Ctrl+K no longer finds the lead by her; by Luis it still does.
    for (const text of [anaEmail, anaName, anaPhone.replace(/\D/g, '').slice(-7)]) expect(await paletteFinds(text), text).toBe(false);
    expect(await paletteFinds(luisEmail)).toBe(true);

    // Her export now holds nothing of hers; the audit log names both calls and the contact.
    const file = JSON.stringify((await admin.client.get<ContactFile>(`/api/contacts/${ana.id}/personal-data`)).body);
    for (const secret of [anaEmail, anaName, 'Gerente', '12345678Z']) expect(file, secret).not.toContain(secret);
    const audit = await admin.client.get<{ items: { action: string; target: { type: string; id: string } }[] }>(
      '/api/audit?action=contactPersonalData.',
    );
    expect(audit.body.items.map((entry) => [entry.action, entry.target])).toEqual(
      expect.arrayContaining([
        ['contactPersonalData.anonymize', { type: 'contactPersonalData', id: String(ana.id) }],
        ['contactPersonalData.export', { type: 'contactPersonalData', id: String(ana.id) }],
      ]),
    );
  });

  it('anonymises over tRPC too, and a second time changes nothing more', async () => {
    const trpc = trpcClientFor(admin.client).contactPersonalData;
    expect(await trpc.anonymize.mutate({ id: luis.id })).toEqual({ message: 'Datos personales anonimizados' });
    const file = JSON.parse(String((await trpc.export.query({ id: luis.id })).body)) as ContactFile;
    expect(file.contact).toMatchObject({ name: `Contacto anonimizado #${luis.id}`, email: null, cargo: null });
    expect(JSON.stringify(file)).not.toContain('Luis Gómez');
    expect(await trpc.anonymize.mutate({ id: luis.id })).toEqual({ message: 'Datos personales anonimizados' });
    const contacts = await admin.client.get<Contact[]>(`/api/leads/${leadId}/contacts`);
    expect(contacts.body.map((contact) => contact.name)).toEqual([`Contacto anonimizado #${ana.id}`, `Contacto anonimizado #${luis.id}`]);
  });
});
