/** 'Exportar datos personales' and 'Anonimizar' on a lead (GDPR arts. 15 and 17): an admin's, complete, for good, audited. */
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName, uniquePhone } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

type Person = { id: number; client: ApiClient };

describeWithServer('personal data of a lead', (server) => {
  let admin: Person;
  let manager: Person;
  let seller: Person;
  let leadId: number;
  const name = uniqueName('Clínica Sol ');
  const email = `${uniqueName('sol')}@clinica.es`;
  const phone = uniquePhone();
  const contactEmail = `${uniqueName('marta')}@clinica.es`;

  const person = async (prefix: string, systemRole: 'admin' | 'manager' | 'team_member'): Promise<Person> => {
    const user = await createUser(server(), { username: uniqueName(prefix), systemRole, firstName: prefix, lastName: 'Prueba' });
    return { id: user.id, client: await loginAs(server(), user.username) };
  };

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
    ]) {
      expect(everything, secret).not.toContain(secret);
    }
    const activities = await db.selectFrom('activities').select('description').where('lead_id', '=', leadId).execute();
    expect(activities.every((a) => !a.description.includes(name))).toBe(true);
    // Searching by the old name or email finds nothing; the lead is still counted.
    const search = await admin.client.get<{ leads: unknown[] }>(`/api/search?q=${encodeURIComponent(email)}`);
    expect(search.body.leads).toEqual([]);
    const notes = await admin.client.get<unknown[]>(`/api/leads/${leadId}/notes`);
    expect(notes.body).toHaveLength(1);
    const audit = await admin.client.get<{ items: { action: string }[] }>('/api/audit?limit=50');
    expect(audit.body.items.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['personalData.anonymize', 'personalData.export']),
    );
  });
});
