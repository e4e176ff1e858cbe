/**
 * A contact's custom values (docs/custom-fields.md, docs/contacts.md): checked by the same builder as
 * a lead's, against the team's *contact* fields, on REST and tRPC: every type's value stored
 * normalised, every refusal a Spanish 400 naming the field with nothing written, required fields,
 * unknown keys (a lead field's key among them), archived fields kept, the history's old → new.
 */
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, describeWithServer, signInEveryRole, uniqueName, uniquePhone } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

type ContactBody = { id: number; name: string; customFields: Record<string, unknown> };

describeWithServer('contact custom fields', (server) => {
  let admin: ApiClient;
  let manager: ApiClient;
  let seller: ApiClient;

  const define = async (body: Record<string, unknown>) => {
    const response = await admin.post('/api/custom-fields', { entity: 'contact', ...body });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as { id: number; key: string };
  };

  async function newLead(): Promise<number> {
    const created = await manager.post('/api/leads', {
      name: uniqueName('Talleres '),
      phone: uniquePhone(),
      category: 'retail',
      description: 'Taller mecánico',
    });
    expect(created.status).toBe(201);
    return created.body.id as number;
  }

  const contactsOf = async (leadId: number) => (await admin.get(`/api/leads/${leadId}/contacts`)).body as ContactBody[];

  beforeAll(async () => {
    ({ admin, manager, seller } = await signInEveryRole(server()));
    await define({ label: 'Apodo', type: 'text' });
    await define({ label: 'Biografía', type: 'long_text' });
    await define({ label: 'Extensión', type: 'number' });
    await define({ label: 'Presupuesto', type: 'money' });
    await define({ label: 'Cumpleaños', type: 'date' });
    await define({ label: 'Idioma', type: 'select', options: ['Español', 'Inglés', 'Catalán'] });
    await define({ label: 'Intereses', type: 'multi_select', options: ['Precio', 'Plazo', 'Calidad'] });
    await define({ label: 'Decisor', type: 'checkbox' });
    await define({ label: 'LinkedIn', type: 'url' });
    await define({ label: 'Email personal', type: 'email' });
    await define({ label: 'Móvil personal', type: 'phone' });
    // A lead field: its key means nothing on a contact.
    const leadField = await admin.post('/api/custom-fields', { label: 'Provincia', type: 'text' });
    expect(leadField.status).toBe(201);
  });

  const values = {
    apodo: '  Anita ',
    biografia: 'Lleva las compras\ndesde 2019',
    extension: '204',
    presupuesto: '1.500,5 €',
    cumpleanos: '03/02/1985',
    idioma: 'inglés',
    intereses: ['precio', 'Calidad'],
    decisor: 'sí',
    linkedin: 'www.linkedin.com/in/ana',
    email_personal: 'ana@gmail.com',
    movil_personal: '+34 600 111 222',
  };
  const stored = {
    apodo: 'Anita',
    biografia: 'Lleva las compras\ndesde 2019',
    extension: 204,
    presupuesto: '1500.50',
    cumpleanos: '1985-02-03',
    idioma: 'Inglés',
    intereses: ['Precio', 'Calidad'],
    decisor: true,
    linkedin: 'https://www.linkedin.com/in/ana',
    email_personal: 'ana@gmail.com',
    movil_personal: '+34 600 111 222',
  };

  it('stores every type normalised on create, REST and tRPC, and answers it on every read', async () => {
    const leadId = await newLead();
    const created = await manager.post(`/api/leads/${leadId}/contacts`, { name: 'Ana', customFields: values });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.customFields).toEqual(stored);
    expect((await seller.get(`/api/leads/${leadId}/contacts`)).body[0].customFields).toEqual(stored);

    const trpc = trpcClientFor(manager);
    const byTrpc = await trpc.contacts.create.mutate({ leadId, name: 'Luis', customFields: { extension: 7, decisor: false } });
    expect(byTrpc.customFields).toEqual({ extension: 7, decisor: false });
    expect((await trpcClientFor(seller).contacts.list.query({ leadId })).map((contact) => contact.customFields)).toEqual([
      stored,
      { extension: 7, decisor: false },
    ]);
    // Without customFields a contact has none.
    expect((await manager.post(`/api/leads/${leadId}/contacts`, { name: 'Eva' })).body.customFields).toEqual({});
  });

  const refusals: [Record<string, unknown>, string][] = [
    [{ apodo: 'x'.repeat(501) }, '«Apodo»: máximo 500 caracteres'],
    [{ apodo: 5 }, '«Apodo»: debe ser un texto'],
    [{ biografia: 'x'.repeat(5001) }, '«Biografía»: máximo 5000 caracteres'],
    [{ extension: 'doce' }, '«Extensión»: debe ser un número'],
    [{ presupuesto: '12,345' }, '«Presupuesto»: máximo dos decimales'],
    [{ cumpleanos: '31/02/1985' }, '«Cumpleaños»: fecha inválida (AAAA-MM-DD)'],
    [{ idioma: 'Francés' }, '«Idioma»: opción desconocida'],
    [{ intereses: ['Precio', 'Color'] }, '«Intereses»: opción desconocida: Color'],
    [{ decisor: 'quizás' }, '«Decisor»: debe ser sí o no'],
    [{ linkedin: 'javascript:alert(1)' }, '«LinkedIn»: URL inválida'],
    [{ email_personal: 'no-es-email' }, '«Email personal»: email inválido'],
    [{ movil_personal: 'llámame' }, '«Móvil personal»: teléfono inválido'],
    [{ color: 'rojo' }, 'Campo personalizado desconocido: color'],
    [{ provincia: 'Madrid' }, 'Campo personalizado desconocido: provincia'],
  ];

  it('refuses a wrong value of every type and unknown keys on create and edit over REST, and writes nothing', async () => {
    const leadId = await newLead();
    const kept = (await manager.post(`/api/leads/${leadId}/contacts`, { name: 'Ana', customFields: { apodo: 'Anita' } }))
      .body as ContactBody;
    for (const [customFields, message] of refusals) {
      const created = await manager.post(`/api/leads/${leadId}/contacts`, { name: 'Rechazada', customFields });
      expect({ customFields, status: created.status, message: created.body.message }).toEqual({ customFields, status: 400, message });
      expect(created.body.issues[0].path).toEqual(['customFields', Object.keys(customFields)[0]]);
      const edited = await manager.put(`/api/contacts/${kept.id}`, { name: 'Renombrada', customFields });
      expect({ customFields, status: edited.status, message: edited.body.message }).toEqual({ customFields, status: 400, message });
    }
    expect(await manager.post(`/api/leads/${leadId}/contacts`, { name: 'Mala', customFields: ['x'] })).toMatchObject({
      status: 400,
      body: { message: 'Los campos personalizados deben ser un objeto' },
    });
    expect(await contactsOf(leadId)).toEqual([expect.objectContaining({ id: kept.id, name: 'Ana', customFields: { apodo: 'Anita' } })]);
    const history = (await admin.get(`/api/leads/${leadId}/history`)).body as { type: string }[];
    expect(history.filter((entry) => entry.type.startsWith('contact_')).map((entry) => entry.type)).toEqual(['contact_added']);
  });

  it('refuses the same over tRPC, as BAD_REQUEST with the Spanish message', async () => {
    const leadId = await newLead();
    const trpc = trpcClientFor(manager);
    const kept = await trpc.contacts.create.mutate({ leadId, name: 'Ana' });
    for (const [customFields, message] of refusals) {
      const created = await trpcFailure(trpc.contacts.create.mutate({ leadId, name: 'Rechazada', customFields }));
      expect({ customFields, code: created.data?.code, message: created.message }).toEqual({ customFields, code: 'BAD_REQUEST', message });
      const edited = await trpcFailure(trpc.contacts.update.mutate({ id: kept.id, data: { customFields } }));
      expect({ customFields, code: edited.data?.code, message: edited.message }).toEqual({ customFields, code: 'BAD_REQUEST', message });
    }
    expect((await contactsOf(leadId)).map((contact) => contact.customFields)).toEqual([{}]);
  });

  it('edits values as a patch and records each old → new in the lead history', async () => {
    const leadId = await newLead();
    const contact = (await manager.post(`/api/leads/${leadId}/contacts`, { name: 'Ana', customFields: { apodo: 'Anita', extension: 5 } }))
      .body as ContactBody;
    const edited = await manager.put(`/api/contacts/${contact.id}`, { customFields: { extension: '6', apodo: null, idioma: 'catalán' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.customFields).toEqual({ extension: 6, idioma: 'Catalán' });
    // The same values again change nothing and write no entry; '' clears like null.
    expect((await manager.put(`/api/contacts/${contact.id}`, { customFields: { extension: 6 } })).status).toBe(200);
    const cleared = await trpcClientFor(manager).contacts.update.mutate({ id: contact.id, data: { customFields: { idioma: '' } } });
    expect(cleared.customFields).toEqual({ extension: 6 });

    const history = (await admin.get(`/api/leads/${leadId}/history`)).body as { type: string; changes: Record<string, unknown> }[];
    const updates = history.filter((entry) => entry.type === 'contact_updated');
    expect(updates.map((entry) => entry.changes)).toEqual([
      { contact: { id: contact.id, name: 'Ana' }, 'customFields.idioma': { from: 'Catalán', to: null } },
      {
        contact: { id: contact.id, name: 'Ana' },
        'customFields.extension': { from: 5, to: 6 },
        'customFields.apodo': { from: 'Anita', to: null },
        'customFields.idioma': { from: null, to: 'Catalán' },
      },
    ]);
    // A Vendedor may not write them, as any contact field.
    expect((await seller.put(`/api/contacts/${contact.id}`, { customFields: { extension: 9 } })).status).toBe(403);
    expect((await contactsOf(leadId))[0]?.customFields).toEqual({ extension: 6 });
  });

  it('enforces a required field on create, and on edit only when the edit clears it', async () => {
    const leadId = await newLead();
    const before = (await manager.post(`/api/leads/${leadId}/contacts`, { name: 'Antes' })).body as ContactBody;
    const required = await define({ label: 'Departamento', type: 'select', options: ['Compras', 'Dirección'], required: true });
    try {
      expect(await manager.post(`/api/leads/${leadId}/contacts`, { name: 'Sin depto' })).toMatchObject({
        status: 400,
        body: { message: '«Departamento» es obligatorio', issues: [{ path: ['customFields', 'departamento'] }] },
      });
      expect(await manager.post(`/api/leads/${leadId}/contacts`, { name: 'Vacío', customFields: { departamento: '' } })).toMatchObject({
        status: 400,
        body: { message: '«Departamento» es obligatorio' },
      });
      const failure = await trpcFailure(trpcClientFor(manager).contacts.create.mutate({ leadId, name: 'Sin depto' }));
      expect(failure.message).toBe('«Departamento» es obligatorio');
      const ok = await manager.post(`/api/leads/${leadId}/contacts`, { name: 'Con depto', customFields: { departamento: 'compras' } });
      expect(ok.status).toBe(201);
      expect(ok.body.customFields).toEqual({ departamento: 'Compras' });
      // A contact from before the field was required can still be edited; clearing the field on one that has it cannot.
      expect((await manager.put(`/api/contacts/${before.id}`, { cargo: 'Gerente' })).status).toBe(200);
      expect(await manager.put(`/api/contacts/${ok.body.id}`, { customFields: { departamento: null } })).toMatchObject({
        status: 400,
        body: { message: '«Departamento» es obligatorio' },
      });
      expect((await contactsOf(leadId)).map((contact) => contact.name)).toEqual(['Antes', 'Con depto']);
    } finally {
      expect((await admin.delete(`/api/custom-fields/${required.id}`)).status).toBe(200);
    }
  });

  it('keeps an archived field’s values: they may be sent back unchanged, not changed, and return with the field', async () => {
    const leadId = await newLead();
    const field = await define({ label: 'Hobby', type: 'text' });
    const contact = (await manager.post(`/api/leads/${leadId}/contacts`, { name: 'Ana', customFields: { hobby: 'Vela' } }))
      .body as ContactBody;
    expect((await admin.delete(`/api/custom-fields/${field.id}`)).body).toMatchObject({ archived: true });

    expect((await contactsOf(leadId))[0]?.customFields).toEqual({ hobby: 'Vela' });
    // A client sending back what it read (the archived value included) edits the other fields.
    const echoed = await manager.put(`/api/contacts/${contact.id}`, { cargo: 'Jefa', customFields: { hobby: 'Vela' } });
    expect(echoed.status).toBe(200);
    expect(echoed.body).toMatchObject({ cargo: 'Jefa', customFields: { hobby: 'Vela' } });
    for (const customFields of [{ hobby: 'Golf' }, { hobby: null }]) {
      const refused = await manager.put(`/api/contacts/${contact.id}`, { customFields });
      expect({ customFields, status: refused.status, message: refused.body.message }).toEqual({
        customFields,
        status: 400,
        message: '«Hobby» está archivado',
      });
    }
    expect(await manager.post(`/api/leads/${leadId}/contacts`, { name: 'Luis', customFields: { hobby: 'Golf' } })).toMatchObject({
      status: 400,
      body: { message: '«Hobby» está archivado' },
    });
    expect(
      (await trpcFailure(trpcClientFor(manager).contacts.update.mutate({ id: contact.id, data: { customFields: { hobby: 'Golf' } } })))
        .message,
    ).toBe('«Hobby» está archivado');

    expect((await admin.put(`/api/custom-fields/${field.id}`, { archived: false })).status).toBe(200);
    expect((await manager.put(`/api/contacts/${contact.id}`, { customFields: { hobby: 'Golf' } })).body.customFields).toEqual({
      hobby: 'Golf',
    });
  });
});
