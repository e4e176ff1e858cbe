/**
 * The import keeps every column: columns mapped to existing custom fields, '＋ Crear campo' with the
 * type guessed from the values, the category column's text kept, bad values skipping their row,
 * 'Actualizar los existentes' filling custom values with history, and who may create fields.
 */
import { beforeAll, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';
import { waitForJob } from '../../test/import-jobs.js';

function upload(file: string, fileName = 'clientes.csv'): FormData {
  const data = new FormData();
  data.append('file', new Blob([file]), fileName);
  return data;
}

describeWithServer('custom fields in the import', (server) => {
  let admin: ApiClient;
  let manager: ApiClient;

  beforeAll(async () => {
    const names = { admin: uniqueName('ciadm'), manager: uniqueName('ciman') };
    await createUser(server(), { username: names.admin, systemRole: 'admin' });
    await createUser(server(), { username: names.manager, systemRole: 'manager' });
    [admin, manager] = await Promise.all([loginAs(server(), names.admin), loginAs(server(), names.manager)]);
    expect((await admin.post('/api/custom-fields', { label: 'Provincia', type: 'select', options: ['Madrid', 'Sevilla'] })).status).toBe(
      201,
    );
  });

  const leadsOfGroup = async (groupId: number) => {
    const page = await admin.get(`/api/leads?groupId=${groupId}&sort=name:asc&limit=50`);
    return page.body.items as { name: string; category: string; customFields: Record<string, unknown> }[];
  };

  it("maps columns to existing fields, creates fields with '＋ Crear campo' and keeps the category's text", async () => {
    const tag = uniqueName('imp').toLowerCase();
    const csv = [
      'Nombre;Sector;Teléfono;Provincia;Facturación (€);Fecha alta;Cliente;Tamaño;Notas',
      `Bar Pepe ${tag};Hostelería;600 100 ${String(tag.length).padStart(3, '0')};Madrid;1.500,50 €;03/02/2024;sí;Pequeña;Abre domingos`,
      `Transportes ${tag};Logística;600 200 300;sevilla;12.000 €;15/06/2023;no;Grande;`,
      `Clínica ${tag};clínica dental;600 200 301;;900 €;01/01/2025;sí;Pequeña;Dos sedes`,
      `Mal importe ${tag};Otros;600 200 302;Madrid;mucho;01/01/2025;no;Mediana;`,
    ].join('\n');
    const created = await admin.post('/api/import-jobs', upload(csv));
    expect(created.status).toBe(201);
    // The header that names an existing field is mapped to it; each column has a type guess ('mucho'
    // is no amount, so the amounts column is guessed as text: the user makes it money below).
    expect(created.body.customMapping).toEqual({ provincia: 3 });
    expect(created.body.fieldGuesses.map((guess: { type: string }) => guess.type)).toEqual([
      'text',
      'text',
      'phone',
      'select',
      'text',
      'date',
      'checkbox',
      'select',
      'text',
    ]);
    expect(created.body.fieldGuesses[7].options).toEqual(['Pequeña', 'Grande', 'Mediana']);

    const start = {
      groupName: `Clientes ${tag}`,
      mapping: { name: 0, categoryName: 1, phone: 2 },
      customMapping: { provincia: 3 },
      newFields: [
        { column: 4, label: `Facturación ${tag}`, type: 'money' },
        { column: 5, label: `Fecha alta ${tag}`, type: 'date' },
        { column: 6, label: `Cliente ${tag}`, type: 'checkbox' },
        { column: 7, label: `Tamaño ${tag}`, type: 'select' },
      ],
    };
    // A manager imports, but only an admin defines fields.
    const managerJob = await manager.post('/api/import-jobs', upload(csv));
    expect(await manager.post(`/api/import-jobs/${managerJob.body.id}/start`, start)).toMatchObject({
      status: 403,
      body: { message: 'Solo un administrador puede crear campos personalizados' },
    });
    expect(await admin.post(`/api/import-jobs/${created.body.id}/start`, { ...start, customMapping: { nada: 3 } })).toMatchObject({
      status: 400,
      body: { message: 'Campo personalizado desconocido: nada' },
    });

    expect((await admin.post(`/api/import-jobs/${created.body.id}/start`, start)).status).toBe(200);
    const done = await waitForJob(admin, created.body.id);
    expect(done).toMatchObject({ status: 'done', imported: 3, skipped: 1 });
    expect(done.errors[0]).toContain('debe ser un importe (mucho)');

    const fields = (await admin.get('/api/custom-fields?entity=lead')).body as {
      key: string;
      label: string;
      type: string;
      options: string[];
    }[];
    const keyOf = (label: string) => fields.find((field) => field.label === label)?.key ?? '';
    const size = fields.find((field) => field.label === `Tamaño ${tag}`);
    // The new select took the file's values, in their order ('Mediana' was only on the skipped row).
    expect(size).toMatchObject({ type: 'select', options: ['Pequeña', 'Grande'] });
    expect(fields.find((field) => field.key === 'categoria_original')).toMatchObject({ label: 'Categoría original', type: 'text' });

    const leads = await leadsOfGroup(done.groupId);
    expect(leads.map((lead) => [lead.name, lead.category, lead.customFields])).toEqual([
      [
        `Bar Pepe ${tag}`,
        'otros',
        {
          categoria_original: 'Hostelería',
          provincia: 'Madrid',
          [keyOf(`Facturación ${tag}`)]: '1500.50',
          [keyOf(`Fecha alta ${tag}`)]: '2024-02-03',
          [keyOf(`Cliente ${tag}`)]: true,
          [keyOf(`Tamaño ${tag}`)]: 'Pequeña',
        },
      ],
      [
        `Clínica ${tag}`,
        'salud',
        {
          categoria_original: 'clínica dental',
          [keyOf(`Facturación ${tag}`)]: '900.00',
          [keyOf(`Fecha alta ${tag}`)]: '2025-01-01',
          [keyOf(`Cliente ${tag}`)]: true,
          [keyOf(`Tamaño ${tag}`)]: 'Pequeña',
        },
      ],
      [
        `Transportes ${tag}`,
        'otros',
        {
          categoria_original: 'Logística',
          provincia: 'Sevilla',
          [keyOf(`Facturación ${tag}`)]: '12000.00',
          [keyOf(`Fecha alta ${tag}`)]: '2023-06-15',
          [keyOf(`Cliente ${tag}`)]: false,
          [keyOf(`Tamaño ${tag}`)]: 'Grande',
        },
      ],
    ]);
    // The imported values filter like any others.
    const filtered = await admin.get(
      `/api/leads?groupId=${done.groupId}&cf=${encodeURIComponent(JSON.stringify({ categoria_original: { contains: 'hostel' } }))}`,
    );
    expect(filtered.body.items.map((lead: { name: string }) => lead.name)).toEqual([`Bar Pepe ${tag}`]);

    // 'Actualizar los existentes': the file's custom values fill the leads (empty cells keep theirs), with history.
    const update = [
      'Nombre;Sector;Teléfono;Provincia',
      `Bar Pepe ${tag};Hostelería y ocio;600 100 ${String(tag.length).padStart(3, '0')};Sevilla`,
      `Transportes ${tag};Logística;600 200 300;`,
    ].join('\n');
    const second = await admin.post('/api/import-jobs', upload(update));
    expect(second.body.customMapping).toEqual({ provincia: 3 });
    await admin.post(`/api/import-jobs/${second.body.id}/start`, {
      groupName: `Actualización ${tag}`,
      onDuplicate: 'update',
      mapping: { name: 0, categoryName: 1, phone: 2 },
      customMapping: { provincia: 3 },
    });
    expect(await waitForJob(admin, second.body.id)).toMatchObject({ status: 'done', updated: 2 });
    const after = await leadsOfGroup(done.groupId);
    expect(after[0]?.customFields).toMatchObject({ categoria_original: 'Hostelería y ocio', provincia: 'Sevilla' });
    expect(after[2]?.customFields).toMatchObject({ categoria_original: 'Logística', provincia: 'Sevilla' });
    const barId = (await admin.get(`/api/leads?groupId=${done.groupId}&sort=name:asc`)).body.items[0].id;
    const history = await admin.get(`/api/leads/${barId}/history`);
    const edited = history.body.find((entry: { type: string }) => entry.type === 'edited');
    expect(edited.changes).toMatchObject({
      'customFields.provincia': { from: 'Madrid', to: 'Sevilla' },
      'customFields.categoria_original': { from: 'Hostelería', to: 'Hostelería y ocio' },
    });
  });
});
