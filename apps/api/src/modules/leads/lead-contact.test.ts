/** Clean data on create, edit and import: phones in E.164 by DEFAULT_COUNTRY, 409 on duplicates, no clearing what create requires. */
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

const lead = (fields: Record<string, unknown>) => ({
  name: uniqueName('Óptica Núñez '),
  email: `${uniqueName('optica')}@nunez.es`,
  category: 'retail',
  description: 'Cadena de ópticas',
  ...fields,
});

function importForm(csv: string, groupName: string): FormData {
  const data = new FormData();
  data.append('file', new Blob([csv]), 'leads.csv');
  data.append('groupName', groupName);
  return data;
}

async function signInAdmin(server: Parameters<typeof loginAs>[0]): Promise<ApiClient> {
  const name = uniqueName('cadm');
  await createUser(server, { username: name, systemRole: 'admin' });
  return loginAs(server, name);
}

describeWithServer(
  'lead phones with DEFAULT_COUNTRY=ES',
  (server) => {
    let admin: ApiClient;
    beforeAll(async () => {
      admin = await signInAdmin(server());
    });

    it('stores a number typed without a country code with +34 and answers the settings the forms follow', async () => {
      const created = await admin.post('/api/leads', lead({ phone: '612 345 987' }));
      expect(created.status).toBe(201);
      expect(created.body.phone).toBe('+34612345987');
      const settings = await admin.get('/api/settings');
      expect(settings.body).toEqual({ phoneCountry: 'ES', phonePlaceholder: expect.stringMatching(/^6\d\d \d\d \d\d \d\d$/) });
    });

    it('refuses the same number in another format as a duplicate naming the lead (REST and tRPC)', async () => {
      const first = await admin.post('/api/leads', lead({ phone: '+34 699 111 222' }));
      const again = await admin.post('/api/leads', lead({ phone: '699-11-12-22' }));
      expect(again.status).toBe(409);
      expect(again.body).toEqual({
        message: `Ya existe un lead con ese teléfono: ${first.body.name}`,
        existingLead: { id: first.body.id, name: first.body.name },
      });
      const failure = await trpcFailure(
        trpcClientFor(admin).leads.create.mutate({
          name: 'Otra óptica',
          email: `${uniqueName('o')}@nunez.es`,
          category: 'retail',
          description: 'Cadena',
          phone: '0034699111222',
          assignedTo: null,
        }),
      );
      expect(failure.data?.code).toBe('CONFLICT');
      expect(failure.data?.details).toEqual({ existingLead: { id: first.body.id, name: first.body.name } });
    });

    it('matches a lead stored before numbers were normalised, by its national digits', async () => {
      const name = uniqueName('Antiguo ');
      const { id } = await server()
        .ctx.db.insertInto('leads')
        .values({ name, phone: '655 44 33 22', category: 'otros', search_text: name.toLowerCase() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const again = await admin.post('/api/leads', lead({ phone: '+34655443322' }));
      expect(again.status).toBe(409);
      expect(again.body.existingLead).toEqual({ id, name });
    });

    it("imports each row's phone in E.164", async () => {
      const tag = uniqueName('p').toLowerCase();
      const csv = [
        'name,categoryName,phone,email',
        `Uno ${tag},retail,633 222 111,`,
        `Dos ${tag},retail,texto libre,dos.${tag}@x.es`,
        `Tres ${tag},retail,sin número,`,
      ].join('\n');
      const response = await admin.post('/api/leads/import', importForm(csv, `Teléfonos ${tag}`));
      // A row needs an email or a phone with digits (CONTRACT §8).
      expect(response.body).toMatchObject({ imported: 2, skipped: 1, errors: ['Fila 4: falta el email o el teléfono'] });
      const phones = await server()
        .ctx.db.selectFrom('leads')
        .select(['name', 'phone'])
        .where('name', 'in', [`Uno ${tag}`, `Dos ${tag}`])
        .orderBy('name', 'desc')
        .execute();
      expect(phones).toEqual([
        { name: `Uno ${tag}`, phone: '+34633222111' },
        { name: `Dos ${tag}`, phone: 'texto libre' },
      ]);
    });
  },
  { DEFAULT_COUNTRY: 'ES' },
);

describeWithServer('lead duplicates and required fields (DEFAULT_COUNTRY unset: AR)', (server) => {
  let admin: ApiClient;
  beforeAll(async () => {
    admin = await signInAdmin(server());
  });

  it("stores an Argentine local number with 54 (the spec's rule) and a foreign one as it is", async () => {
    const local = await admin.post('/api/leads', lead({ phone: '11 2345-6789' }));
    expect(local.body.phone).toBe('+541123456789');
    const foreign = await admin.post('/api/leads', lead({ phone: '+34 612 000 111' }));
    expect(foreign.body.phone).toBe('+34612000111');
    const unparsed = await admin.post('/api/leads', lead({ phone: '12-34-56' }));
    expect(unparsed.body.phone).toBe('12-34-56');
    const notAPhone = await admin.post('/api/leads', lead({ phone: 'int. 204' }));
    expect(notAPhone.status).toBe(400);
    expect(notAPhone.body.message).toBe('Teléfono inválido');
    expect((await admin.get('/api/settings')).body.phoneCountry).toBe('AR');
  });

  it('refuses an email another lead has, whatever its case, and writes nothing', async () => {
    const email = `${uniqueName('dup')}@correo.es`;
    const first = await admin.post('/api/leads', lead({ email }));
    const name = uniqueName('Copia ');
    const again = await admin.post('/api/leads', lead({ email: email.toUpperCase(), name }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Ya existe un lead con ese email: ${first.body.name}`);
    const written = await server().ctx.db.selectFrom('leads').select('id').where('name', '=', name).execute();
    expect(written).toEqual([]);
  });

  it('lets exactly one of many simultaneous creates with the same email or phone win; the others are a 409 naming it', async () => {
    const email = `${uniqueName('carrera')}@correo.es`;
    const phone = '11 4999-0001';
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => admin.post('/api/leads', lead(index % 2 ? { email } : { email: undefined, phone }))),
    );
    const won = answers.filter((answer) => answer.status === 201);
    expect(won).toHaveLength(2);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(6);
    for (const answer of refused) expect(won.map((winner) => winner.body.id)).toContain(answer.body.existingLead?.id);
  });

  it('keeps an email unique between an import and creates running at the same time', async () => {
    const tag = uniqueName('mix').toLowerCase();
    const emails = Array.from({ length: 30 }, (_, index) => `m${index}.${tag}@correo.es`);
    // Rows nobody else creates come first, so the import always has leads of its own.
    const own = Array.from({ length: 500 }, (_, index) => `Propio ${index} ${tag},retail,p${index}.${tag}@correo.es`);
    const contested = emails.map((email, index) => `Importado ${index} ${tag},retail,${email}`);
    const csv = ['name,categoryName,email', ...own, ...contested].join('\n');
    const [imported, ...created] = await Promise.all([
      admin.post('/api/leads/import', importForm(csv, `Carrera ${tag}`)),
      ...emails.map((email) => admin.post('/api/leads', lead({ email }))),
    ]);
    expect(imported.status).toBe(200);
    const createdCount = created.filter((answer) => answer.status === 201).length;
    expect(created.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    expect(imported.body.imported - own.length + createdCount).toBe(emails.length);
    const stored = await server().ctx.db.selectFrom('leads').select('email').where('email', 'in', emails).execute();
    expect(stored).toHaveLength(emails.length);
  });

  it("refuses an edit to another lead's email or phone, and lets a lead keep its own", async () => {
    const one = await admin.post('/api/leads', lead({ phone: '11 4000-0001' }));
    const two = await admin.post('/api/leads', lead({ phone: '11 4000-0002' }));
    const toPhone = await admin.put(`/api/leads/${two.body.id}`, { phone: '(011) 4000-0001' });
    expect(toPhone.status).toBe(409);
    expect(toPhone.body.existingLead).toEqual({ id: one.body.id, name: one.body.name });
    const toEmail = await admin.put(`/api/leads/${two.body.id}`, { email: one.body.email });
    expect(toEmail.status).toBe(409);
    const own = await admin.put(`/api/leads/${two.body.id}`, { email: two.body.email, phone: '011 4000 0002', name: 'Renombrado' });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ name: 'Renombrado', phone: '+541140000002' });
  });

  describe('edit may not clear what create requires', () => {
    it.each([
      [{ email: '' }, 'Indica un email o un teléfono'],
      [{ email: null }, 'Indica un email o un teléfono'],
      [{ description: '  ' }, 'La descripción es requerida'],
    ])('refuses %j with 400 and changes nothing', async (change, message) => {
      const created = await admin.post('/api/leads', lead({}));
      const response = await admin.put(`/api/leads/${created.body.id}`, { ...change, name: 'No debe cambiar' });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
      expect((await admin.get(`/api/leads/${created.body.id}`)).body).toMatchObject({
        name: created.body.name,
        email: created.body.email,
        description: created.body.description,
      });
    });

    it('lets the email go while the lead keeps a phone, over REST and tRPC', async () => {
      const created = await admin.post('/api/leads', lead({ phone: '11 4000-0077' }));
      const response = await admin.put(`/api/leads/${created.body.id}`, { email: '' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ email: null, phone: '+541140000077' });
      const viaTrpc = await trpcFailure(trpcClientFor(admin).leads.update.mutate({ id: created.body.id, data: { phone: '' } }));
      expect(viaTrpc.message).toBe('Indica un email o un teléfono');
      expect((await admin.get(`/api/leads/${created.body.id}`)).body.phone).toBe('+541140000077');
    });

    it('creates a WhatsApp-only lead, and refuses one with neither email nor phone on both doors', async () => {
      const whatsappOnly = await admin.post('/api/leads', lead({ email: undefined, phone: '11 4000-0088' }));
      expect(whatsappOnly.status).toBe(201);
      expect(whatsappOnly.body).toMatchObject({ email: null, phone: '+541140000088' });
      const neither = await admin.post('/api/leads', lead({ email: '', phone: '' }));
      expect(neither.status).toBe(400);
      expect(neither.body.message).toBe('Indica un email o un teléfono');
      const viaTrpc = await trpcFailure(
        trpcClientFor(admin).leads.create.mutate({
          name: uniqueName('Nadie '),
          email: null,
          phone: null,
          category: 'retail',
          description: 'd',
          assignedTo: null,
        }),
      );
      expect(viaTrpc.data?.code).toBe('BAD_REQUEST');
      expect(viaTrpc.message).toBe('Indica un email o un teléfono');
    });

    it('lets an imported lead without email stay without one', async () => {
      const name = uniqueName('Sin email ');
      const { id } = await server()
        .ctx.db.insertInto('leads')
        .values({ name, category: 'otros', search_text: name.toLowerCase() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const response = await admin.put(`/api/leads/${id}`, { email: '', description: '', address: 'Calle 1' });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ email: null, description: null, address: 'Calle 1' });
    });
  });
});
