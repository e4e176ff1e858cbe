import { beforeAll, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName, uniquePhone } from '../../../test/harness.js';
import { waitForJob } from '../../../test/import-jobs.js';
import { MISSING_CATEGORY_COLUMN } from './import-csv.js';
import { fileBlob } from '../../../test/file-blob.js';

function upload(file: string | Buffer, fileName = 'leads.csv'): FormData {
  const data = new FormData();
  data.append('file', fileBlob(file), fileName);
  return data;
}

/** `count` rows of distinct leads, all of category 'dentist'. */
function bigCsv(tag: string, count: number): string {
  const lines = ['name,categoryName,email'];
  for (let index = 0; index < count; index += 1) lines.push(`Lead ${tag} ${index},dentist,l${index}.${tag}@big.es`);
  return `${lines.join('\n')}\n`;
}

describeWithServer('import jobs: /api/import-jobs', (server) => {
  let admin: ApiClient;
  let seller: ApiClient;
  let otherManager: ApiClient;

  beforeAll(async () => {
    const names = {
      admin: uniqueName('jadm'),
      seller: uniqueName('jsel'),
      manager: uniqueName('jman'),
    };
    await createUser(server(), { username: names.admin, systemRole: 'admin' });
    await createUser(server(), { username: names.seller });
    await createUser(server(), {
      username: names.manager,
      systemRole: 'manager',
    });
    admin = await loginAs(server(), names.admin);
    seller = await loginAs(server(), names.seller);
    otherManager = await loginAs(server(), names.manager);
  });

  const db = () => server().ctx.db;

  it('guesses the mapping from Spanish and English synonyms whatever the case and accents, and previews each row with its problem', async () => {
    const tag = uniqueName('p').toLowerCase();
    const csv = [
      'RAZÓN SOCIAL;Rubro;E-Mail;Móvil;Sitio;Domicilio;Observaciones;Otra',
      `Óptica Úbeda ${tag};Óptica;optica.${tag}@ubeda.es;600 100 200;ubeda.es;Calle Sol 2;Cliente antiguo;x`,
      `Sin correo ${tag};Dentista;no-es-un-email;;;;;`,
      `;Gestoría;;;;;;`,
    ].join('\r\n');
    const created = await admin.post('/api/import-jobs', upload(csv));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      fileName: 'leads.csv',
      columns: ['RAZÓN SOCIAL', 'Rubro', 'E-Mail', 'Móvil', 'Sitio', 'Domicilio', 'Observaciones', 'Otra'],
      mapping: {
        name: 0,
        categoryName: 1,
        email: 2,
        phone: 3,
        domain: 4,
        address: 5,
        description: 6,
      },
      totalRowsEstimate: 3,
    });
    expect(created.body.preview).toEqual([
      expect.objectContaining({ row: 2, problem: null }),
      expect.objectContaining({
        row: 3,
        problem: 'email inválido (no-es-un-email)',
      }),
      expect.objectContaining({ row: 4, problem: 'falta el nombre' }),
    ]);
    expect(created.body.preview[0].cells[0]).toBe(`Óptica Úbeda ${tag}`);
    // Nothing is written before the start: no group, no lead.
    expect(await db().selectFrom('leads').select('id').where('name', '=', `Óptica Úbeda ${tag}`).execute()).toEqual([]);

    const started = await admin.post(`/api/import-jobs/${created.body.id}/start`, { groupName: `Sinónimos ${tag}` });
    expect(started.status).toBe(200);
    const done = await waitForJob(admin, created.body.id);
    expect(done).toMatchObject({
      status: 'done',
      imported: 1,
      updated: 0,
      skipped: 2,
      total: 3,
      rowsRead: 3,
    });
    expect(done.errors).toEqual(['Fila 3: email inválido (no-es-un-email)', 'Fila 4: falta el nombre']);
    const leads = await seller.get(`/api/leads?groupId=${done.groupId}`);
    expect(leads.body.items).toEqual([
      expect.objectContaining({
        name: `Óptica Úbeda ${tag}`,
        email: `optica.${tag}@ubeda.es`,
        phone: '600 100 200',
        domain: 'ubeda.es',
        address: 'Calle Sol 2',
        description: 'Cliente antiguo',
      }),
    ]);
  });

  it('imports with a changed mapping, and a file without a category column with one category for all rows', async () => {
    const tag = uniqueName('m').toLowerCase();
    // 'Contacto' reads as the contact person: here it holds the company, so the user maps it to the name by hand and leaves 'Nombre' (a person) out.
    const csv = `Nombre,Contacto,Teléfono\nLuis,Clínica Norte ${tag},911 222 333\nEva,Clínica Sur ${tag},911 222 334\n`;
    const created = await admin.post('/api/import-jobs', upload(csv));
    expect(created.body.mapping).toEqual({ name: 0, contactName: 1, phone: 2 });
    const refused = await admin.post(`/api/import-jobs/${created.body.id}/start`, { groupName: `Mapeo ${tag}` });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(MISSING_CATEGORY_COLUMN);
    const outOfRange = await admin.post(`/api/import-jobs/${created.body.id}/start`, {
      groupName: `Mapeo ${tag}`,
      mapping: { name: 7 },
      category: 'salud',
    });
    expect(outOfRange.status).toBe(400);
    const badCategory = await admin.post(`/api/import-jobs/${created.body.id}/start`, { groupName: `Mapeo ${tag}`, category: 'magia' });
    expect(badCategory.status).toBe(400);

    const started = await admin.post(`/api/import-jobs/${created.body.id}/start`, {
      groupName: `Mapeo ${tag}`,
      mapping: { name: 1, phone: 2 },
      category: 'salud',
    });
    expect(started.status).toBe(200);
    const done = await waitForJob(admin, created.body.id);
    expect(done).toMatchObject({ status: 'done', imported: 2, skipped: 0 });
    const rows = await db()
      .selectFrom('leads')
      .select(['name', 'category', 'phone'])
      .where('group_id', '=', done.groupId)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { name: `Clínica Norte ${tag}`, category: 'salud', phone: '911 222 333' },
      { name: `Clínica Sur ${tag}`, category: 'salud', phone: '911 222 334' },
    ]);
    // Started once: a second start is refused, and changes nothing.
    const again = await admin.post(`/api/import-jobs/${created.body.id}/start`, { groupName: `Otra ${tag}`, category: 'salud' });
    expect(again.status).toBe(409);
  });

  it('serves errors.csv: the skipped rows as they were, in the file’s delimiter, with a motivo column', async () => {
    const tag = uniqueName('e').toLowerCase();
    const csv = [
      'Nombre;Categoría;Email;Notas',
      `Bien ${tag};Dentista;bien.${tag}@x.es;ok`,
      `Mal ${tag};Dentista;mal-email;"con ; punto y coma"`,
      `Repetido ${tag};Dentista;bien.${tag}@x.es;`,
    ].join('\n');
    const created = await admin.post('/api/import-jobs', upload(csv, 'clientes.csv'));
    await admin.post(`/api/import-jobs/${created.body.id}/start`, {
      groupName: `Errores ${tag}`,
    });
    const done = await waitForJob(admin, created.body.id);
    expect(done).toMatchObject({ status: 'done', imported: 1, skipped: 2 });
    const errors = await admin.get(`/api/import-jobs/${created.body.id}/errors.csv`);
    expect(errors.status).toBe(200);
    expect(errors.headers.get('content-type')).toContain('text/csv');
    expect(errors.headers.get('content-disposition')).toContain('clientes-errores.csv');
    const raw = new Uint8Array(
      await (
        await fetch(new URL(`/api/import-jobs/${created.body.id}/errors.csv`, server().url), {
          headers: { cookie: admin.cookies.header() },
        })
      ).arrayBuffer(),
    );
    expect([...raw.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // fetch's text() drops the BOM.
    expect(errors.body).toBe(
      `Nombre;Categoría;Email;Notas;motivo\r\n` +
        `Mal ${tag};Dentista;mal-email;"con ; punto y coma";email inválido (mal-email)\r\n` +
        `Repetido ${tag};Dentista;bien.${tag}@x.es;;duplicado en el archivo (email repetido)\r\n`,
    );
  });

  it("'Actualizar los existentes' updates the leads matched by email or phone when the import publishes, and counts them", async () => {
    const tag = uniqueName('u').toLowerCase();
    const first = `name,categoryName,email,phone,address\nAntiguo ${tag},dentist,old.${tag}@x.es,,Calle Vieja 1\nTeléfono ${tag},dentist,,600 ${tag.length} 777 11,\n`;
    const created = await admin.post('/api/import-jobs', upload(first));
    await admin.post(`/api/import-jobs/${created.body.id}/start`, {
      groupName: `Primera ${tag}`,
    });
    const firstDone = await waitForJob(admin, created.body.id);
    expect(firstDone).toMatchObject({ status: 'done', imported: 2 });

    const second = `name,categoryName,email,phone\nNuevo nombre ${tag},law firm,OLD.${tag}@x.es,\nPor teléfono ${tag},bank,,600${tag.length}77711\nOtro ${tag},dentist,otro.${tag}@x.es,\n`;
    const skipping = await admin.post('/api/import-jobs', upload(second));
    await admin.post(`/api/import-jobs/${skipping.body.id}/start`, {
      groupName: `Saltar ${tag}`,
    });
    expect(await waitForJob(admin, skipping.body.id)).toMatchObject({
      status: 'done',
      imported: 1,
      updated: 0,
      skipped: 2,
    });

    const third = second.replace(`Otro ${tag}`, `Otro más ${tag}`).replace(`otro.${tag}`, `otromas.${tag}`);
    const updating = await admin.post('/api/import-jobs', upload(third));
    await admin.post(`/api/import-jobs/${updating.body.id}/start`, {
      groupName: `Actualizar ${tag}`,
      onDuplicate: 'update',
    });
    const done = await waitForJob(admin, updating.body.id);
    expect(done).toMatchObject({
      status: 'done',
      imported: 1,
      updated: 2,
      skipped: 0,
      errors: [],
    });
    const rows = await db()
      .selectFrom('leads')
      .select(['name', 'category', 'email', 'address', 'search_text'])
      .where('group_id', '=', firstDone.groupId)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      // Empty cells keep the lead's values; the rest are the file's.
      {
        name: `Nuevo nombre ${tag}`,
        category: 'legal',
        email: `OLD.${tag}@x.es`,
        address: 'Calle Vieja 1',
        search_text: `nuevo nombre ${tag} old.${tag}@x.es`,
      },
      {
        name: `Por teléfono ${tag}`,
        category: 'finanzas',
        email: null,
        address: null,
        search_text: `por telefono ${tag}`,
      },
    ]);
    const activity = await db()
      .selectFrom('activities')
      .select('description')
      .where('description', 'like', `%Actualizar ${tag}%`)
      .executeTakeFirst();
    expect(activity?.description).toMatch(/importó 1 leads en el grupo Actualizar .* y actualizó 2 existentes$/);
  });

  it("'Actualizar los existentes': two rows of one batch matching the same lead update it once, with the later row's values", async () => {
    const tag = uniqueName('t').toLowerCase();
    const phone = `600 ${tag.length} 888 22`;
    const first = `name,categoryName,email,phone\nDoble ${tag},dentist,doble.${tag}@x.es,${phone}\n`;
    const created = await admin.post('/api/import-jobs', upload(first));
    await admin.post(`/api/import-jobs/${created.body.id}/start`, {
      groupName: `Doble ${tag}`,
    });
    const firstDone = await waitForJob(admin, created.body.id);
    const again = `name,categoryName,email,phone\nPor email ${tag},dentist,doble.${tag}@x.es,\nPor teléfono ${tag},bank,otra.${tag}@x.es,${phone}\n`;
    const updating = await admin.post('/api/import-jobs', upload(again));
    await admin.post(`/api/import-jobs/${updating.body.id}/start`, {
      groupName: `Doble otra vez ${tag}`,
      onDuplicate: 'update',
    });
    expect(await waitForJob(admin, updating.body.id)).toMatchObject({
      status: 'done',
      imported: 0,
      updated: 2,
      skipped: 0,
    });
    const rows = await db().selectFrom('leads').select(['name', 'email']).where('group_id', '=', firstDone.groupId).execute();
    expect(rows).toEqual([{ name: `Por teléfono ${tag}`, email: `otra.${tag}@x.es` }]);
  });

  it("'Actualizar los existentes' applies many changes batch by batch, each lead with its one history entry", async () => {
    const tag = uniqueName('m').toLowerCase();
    const created = await admin.post('/api/import-jobs', upload(bigCsv(tag, 600)));
    await admin.post(`/api/import-jobs/${created.body.id}/start`, {
      groupName: `Base ${tag}`,
    });
    const base = await waitForJob(admin, created.body.id);
    expect(base).toMatchObject({ status: 'done', imported: 600 });

    const renamed = bigCsv(tag, 600).replaceAll(`Lead ${tag} `, `Cliente ${tag} `);
    const again = await admin.post('/api/import-jobs', upload(renamed));
    await admin.post(`/api/import-jobs/${again.body.id}/start`, {
      groupName: `Renombrar ${tag}`,
      onDuplicate: 'update',
    });
    expect(await waitForJob(admin, again.body.id)).toMatchObject({
      status: 'done',
      imported: 0,
      updated: 600,
    });
    const leads = await db().selectFrom('leads').select(['id', 'name']).where('group_id', '=', base.groupId).execute();
    expect(leads.filter((lead) => lead.name.startsWith(`Cliente ${tag} `))).toHaveLength(600);
    const edits = await db()
      .selectFrom('lead_history')
      .select(['lead_id'])
      .where('type', '=', 'edited')
      .where(
        'lead_id',
        'in',
        leads.map((lead) => lead.id),
      )
      .execute();
    expect(new Set(edits.map((edit) => edit.lead_id)).size).toBe(600);
    expect(edits).toHaveLength(600);
    expect(await db().selectFrom('import_job_rows').select('row_number').where('job_id', '=', again.body.id).execute()).toEqual([]);
  });

  it('keeps each job to its owner and refuses sellers', async () => {
    const tag = uniqueName('o').toLowerCase();
    const created = await admin.post('/api/import-jobs', upload(`name,categoryName,phone\nDueño ${tag},dentist,${uniquePhone()}\n`));
    for (const path of [`/api/import-jobs/${created.body.id}`, `/api/import-jobs/${created.body.id}/errors.csv`]) {
      expect((await otherManager.get(path)).status).toBe(404);
    }
    expect(
      (
        await otherManager.post(`/api/import-jobs/${created.body.id}/start`, {
          groupName: 'x',
        })
      ).status,
    ).toBe(404);
    expect((await otherManager.post(`/api/import-jobs/${created.body.id}/cancel`)).status).toBe(404);
    expect((await seller.post('/api/import-jobs', upload('name,categoryName\nx,y\n'))).status).toBe(403);
    expect((await seller.get('/api/import-jobs')).status).toBe(403);
    expect((await new ApiClient(server().url).get(`/api/import-jobs/${created.body.id}`)).status).toBe(401);
    expect((await admin.get('/api/import-jobs/abc')).status).toBe(400);
    const mine = await admin.get('/api/import-jobs');
    expect(mine.body[0]).toMatchObject({
      id: created.body.id,
      status: 'uploaded',
    });
    expect((await otherManager.get('/api/import-jobs')).body.map((job: { id: number }) => job.id)).not.toContain(created.body.id);
  });

  it('cancels a job not started yet', async () => {
    const created = await admin.post('/api/import-jobs', upload(`name,categoryName,phone\nNunca,dentist,${uniquePhone()}\n`));
    const cancelled = await admin.post(`/api/import-jobs/${created.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(
      (
        await admin.post(`/api/import-jobs/${created.body.id}/start`, {
          groupName: 'Nunca',
        })
      ).status,
    ).toBe(409);
    expect(await db().selectFrom('import_job_chunks').select('seq').where('job_id', '=', created.body.id).execute()).toEqual([]);
  });

  it('keeps a running import invisible, and a cancel mid-way leaves nothing behind', async () => {
    const tag = uniqueName('x').toLowerCase();
    const groupName = `Cancelada ${tag}`;
    const created = await admin.post('/api/import-jobs', upload(bigCsv(tag, 10000)));
    expect(created.body.totalRowsEstimate).toBe(10000);
    let readingSeen = false;
    await admin.post(`/api/import-jobs/${created.body.id}/start`, {
      groupName,
    });
    for (;;) {
      const state = (await admin.get(`/api/import-jobs/${created.body.id}`)).body;
      if (state.rowsRead > 0) {
        readingSeen = true;
        // Cancelled first, so the job cannot outrun it on a busy machine.
        const cancelled = await admin.post(`/api/import-jobs/${created.body.id}/cancel`);
        expect(cancelled.status).toBe(200);
        // Nothing is visible before the job publishes: no group, no lead in any list, count or search.
        const groups = await seller.get('/api/lead-groups');
        expect(groups.body.map((group: { name: string }) => group.name)).not.toContain(groupName);
        const search = await seller.get(`/api/leads?q=${encodeURIComponent(`lead ${tag}`)}`);
        expect(search.body.items).toEqual([]);
        const newest = await seller.get('/api/leads?limit=50');
        expect(newest.body.items.map((lead: { name: string }) => lead.name).filter((name: string) => name.includes(tag))).toEqual([]);
        break;
      }
      if (state.status !== 'running') break;
    }
    expect(readingSeen).toBe(true);
    const ended = await waitForJob(admin, created.body.id);
    expect(ended.status).toBe('cancelled');
    expect(ended.groupId).toBeNull();
    expect(await db().selectFrom('lead_groups').select('id').where('name', '=', groupName).execute()).toEqual([]);
    expect(await db().selectFrom('import_job_rows').select('row_number').where('job_id', '=', created.body.id).execute()).toEqual([]);
    expect(await db().selectFrom('leads').select('id').where('name', 'like', `Lead ${tag} %`).execute()).toEqual([]);
    expect((await admin.post(`/api/import-jobs/${created.body.id}/cancel`)).status).toBe(200);
  }, 120_000);
});
