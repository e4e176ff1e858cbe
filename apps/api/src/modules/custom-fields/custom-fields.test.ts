/**
 * /api/custom-fields and the custom values of leads, on the database: definitions and who may
 * write them, every type's validation and refusal, unknown keys, required fields, archive keeping
 * values, filters and sorts per type, history, export and bulk edit.
 */
import { beforeAll, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName, uniquePhone } from '../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../test/trpc-client.js';

describeWithServer('custom fields', (server) => {
  let admin: ApiClient;
  let manager: ApiClient;
  let seller: ApiClient;
  let anonymous: ApiClient;
  const fields: Record<string, { id: number; key: string }> = {};

  const define = async (body: Record<string, unknown>) => {
    const response = await admin.post('/api/custom-fields', body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body as { id: number; key: string };
  };

  const lead = (customFields: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    admin.post('/api/leads', {
      name: uniqueName('Bar Pepe '),
      phone: uniquePhone(),
      category: 'retail',
      description: 'Cliente de prueba',
      customFields,
      ...extra,
    });

  beforeAll(async () => {
    const names = { admin: uniqueName('cfadm'), manager: uniqueName('cfman'), seller: uniqueName('cfsel') };
    await createUser(server(), { username: names.admin, systemRole: 'admin' });
    await createUser(server(), { username: names.manager, systemRole: 'manager' });
    await createUser(server(), { username: names.seller });
    [admin, manager, seller] = await Promise.all([
      loginAs(server(), names.admin),
      loginAs(server(), names.manager),
      loginAs(server(), names.seller),
    ]);
    anonymous = new ApiClient(server().url);
    fields.sector = await define({ label: 'Sector original', type: 'text' });
    fields.notas = await define({ label: 'Notas largas', type: 'long_text' });
    fields.empleados = await define({ label: 'Empleados', type: 'number' });
    fields.facturacion = await define({ label: 'Facturación (€)', type: 'money' });
    fields.alta = await define({ label: 'Fecha alta', type: 'date' });
    fields.provincia = await define({ label: 'Provincia', type: 'select', options: ['Madrid', 'Sevilla', 'Valencia'] });
    fields.canales = await define({ label: 'Canales', type: 'multi_select', options: ['Web', 'Tienda', 'Teléfono'] });
    fields.cliente = await define({ label: 'Cliente VIP', type: 'checkbox' });
    fields.web = await define({ label: 'Web', key: 'sitio_web', type: 'url' });
    fields.correo = await define({ label: 'Email de facturación', type: 'email' });
    fields.movil = await define({ label: 'Móvil del gerente', type: 'phone' });
  });

  it('defines fields with a stable key from the label, lists them in order to everyone', async () => {
    expect(fields.facturacion?.key).toBe('facturacion');
    expect(fields.web?.key).toBe('sitio_web');
    const again = await define({ label: 'Facturación (€)', type: 'number' });
    expect(again.key).toBe('facturacion_2');
    await admin.delete(`/api/custom-fields/${again.id}`);

    const list = await seller.get('/api/custom-fields?entity=lead');
    expect(list.status).toBe(200);
    expect((list.body as { key: string }[]).map((field) => field.key)).toEqual([
      'sector_original',
      'notas_largas',
      'empleados',
      'facturacion',
      'fecha_alta',
      'provincia',
      'canales',
      'cliente_vip',
      'sitio_web',
      'email_de_facturacion',
      'movil_del_gerente',
    ]);
    expect((await trpcClientFor(seller).customFields.list.query({ entity: 'lead', includeArchived: false })).length).toBe(11);
    expect((await anonymous.get('/api/custom-fields')).status).toBe(401);
  });

  it('lets only an admin write definitions, on REST and tRPC', async () => {
    for (const client of [manager, seller]) {
      expect(await client.post('/api/custom-fields', { label: 'X', type: 'text' })).toMatchObject({ status: 403 });
      expect((await client.put(`/api/custom-fields/${fields.sector?.id}`, { label: 'Y' })).status).toBe(403);
      expect((await client.delete(`/api/custom-fields/${fields.sector?.id}`)).status).toBe(403);
    }
    const failure = await trpcFailure(trpcClientFor(manager).customFields.create.mutate({ label: 'X', type: 'text' }));
    expect(failure.data?.code).toBe('FORBIDDEN');
  });

  it('refuses bad definitions in Spanish', async () => {
    const refusals = [
      [{ label: '', type: 'text' }, 'El nombre del campo es requerido'],
      [{ label: 'Color', type: 'colour' }, 'Tipo de campo inválido'],
      [{ label: 'Tamaño', type: 'select' }, 'Una selección necesita al menos una opción'],
      [{ label: 'Tamaño', type: 'select', options: ['A', 'a'] }, 'Hay opciones repetidas'],
      [{ label: 'Texto', type: 'text', options: ['A'] }, 'Solo las selecciones tienen opciones'],
      [{ label: 'Clave', key: 'Mala Clave', type: 'text' }, 'Clave inválida'],
      [{ label: 'Clave', key: "x'; drop table leads; --", type: 'text' }, 'Clave inválida'],
    ] as const;
    for (const [body, message] of refusals) {
      const response = await admin.post('/api/custom-fields', body);
      expect({ body, status: response.status }).toMatchObject({ status: 400 });
      expect(JSON.stringify(response.body)).toContain(message);
    }
    expect(await admin.post('/api/custom-fields', { label: 'Otra', key: 'sitio_web', type: 'text' })).toMatchObject({
      status: 409,
      body: { message: 'Ya existe un campo con esa clave (puede estar archivado)' },
    });
    const typeChange = await admin.put(`/api/custom-fields/${fields.sector?.id}`, { type: 'number' });
    expect(typeChange.status).toBe(400);
    expect((await admin.put('/api/custom-fields/999999', { label: 'Nada' })).status).toBe(404);
  });

  it('stores each type as it is typed, normalised, and returns it in the DTO on REST and tRPC', async () => {
    const created = await lead({
      sector_original: '  Hostelería ',
      notas_largas: 'Una nota\ncon varias líneas',
      empleados: '12',
      facturacion: '1.500,5 €',
      fecha_alta: '03/02/2024',
      provincia: 'sevilla',
      canales: ['Web', 'tienda'],
      cliente_vip: 'sí',
      sitio_web: 'www.barpepe.es',
      email_de_facturacion: 'cuentas@barpepe.es',
      movil_del_gerente: '+34 600 111 222',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const expected = {
      sector_original: 'Hostelería',
      notas_largas: 'Una nota\ncon varias líneas',
      empleados: 12,
      facturacion: '1500.50',
      fecha_alta: '2024-02-03',
      provincia: 'Sevilla',
      canales: ['Web', 'Tienda'],
      cliente_vip: true,
      sitio_web: 'https://www.barpepe.es',
      email_de_facturacion: 'cuentas@barpepe.es',
      movil_del_gerente: '+34 600 111 222',
    };
    expect(created.body.customFields).toEqual(expected);
    expect((await seller.get(`/api/leads/${created.body.id}`)).body.customFields).toEqual(expected);
    expect((await trpcClientFor(seller).leads.byId.query({ id: created.body.id })).customFields).toEqual(expected);
  });

  it('refuses a wrong value of every type, and unknown keys, with a Spanish 400 and nothing written', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ sector_original: 'x'.repeat(501) }, '«Sector original»: máximo 500 caracteres'],
      [{ sector_original: 5 }, '«Sector original»: debe ser un texto'],
      [{ notas_largas: 'x'.repeat(5001) }, '«Notas largas»: máximo 5000 caracteres'],
      [{ empleados: 'doce' }, '«Empleados»: debe ser un número'],
      [{ empleados: 1e16 }, '«Empleados»: número demasiado grande'],
      [{ facturacion: '12.345' + ',678' }, '«Facturación (€)»: máximo dos decimales'],
      [{ facturacion: true }, '«Facturación (€)»: debe ser un importe'],
      [{ fecha_alta: '31/02/2024' }, '«Fecha alta»: fecha inválida (AAAA-MM-DD)'],
      [{ provincia: 'Bilbao' }, '«Provincia»: opción desconocida'],
      [{ canales: ['Web', 'Fax'] }, '«Canales»: opción desconocida: Fax'],
      [{ canales: 7 }, '«Canales»: debe ser una lista de opciones'],
      [{ cliente_vip: 'quizás' }, '«Cliente VIP»: debe ser sí o no'],
      [{ sitio_web: 'javascript:alert(1)' }, '«Web»: URL inválida'],
      [{ email_de_facturacion: 'no-es-email' }, '«Email de facturación»: email inválido'],
      [{ movil_del_gerente: 'llámame' }, '«Móvil del gerente»: teléfono inválido'],
      [{ color: 'rojo' }, 'Campo personalizado desconocido: color'],
    ];
    for (const [customFields, message] of refusals) {
      const name = uniqueName('Rechazado ');
      const response = await lead(customFields, { name });
      expect({ customFields, status: response.status, message: response.body.message }).toMatchObject({ status: 400, message });
      expect(response.body.issues[0].path[0]).toBe('customFields');
      expect((await admin.get(`/api/leads?q=${encodeURIComponent(name)}`)).body.items).toEqual([]);
    }
    const notObject = await lead([] as unknown as Record<string, unknown>);
    expect(notObject.status).toBe(400);
  });

  it('enforces a required field on create, and on edit when the edit clears it', async () => {
    const before = await lead({});
    expect(before.status).toBe(201);
    const required = await define({ label: 'Origen', type: 'select', options: ['Feria', 'Web'], required: true });
    const missing = await lead({});
    expect(missing).toMatchObject({ status: 400, body: { message: '«Origen» es obligatorio' } });
    expect(await lead({ origen: null })).toMatchObject({ status: 400, body: { message: '«Origen» es obligatorio' } });
    const ok = await lead({ origen: 'Feria' });
    expect(ok.status).toBe(201);
    // An old lead without it can still be edited; clearing it on one that has it cannot.
    expect((await admin.put(`/api/leads/${before.body.id}`, { name: 'Renombrado sin origen' })).status).toBe(200);
    expect(await admin.put(`/api/leads/${ok.body.id}`, { customFields: { origen: '' } })).toMatchObject({
      status: 400,
      body: { message: '«Origen» es obligatorio' },
    });
    await admin.delete(`/api/custom-fields/${required.id}`);
  });

  it('edits values as a patch, records old → new in the history, and lets only managers edit', async () => {
    const created = await lead({ empleados: 5, provincia: 'Madrid' });
    const id = created.body.id as number;
    const edited = await manager.put(`/api/leads/${id}`, { customFields: { empleados: 8, provincia: null, cliente_vip: false } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.customFields).toEqual({ empleados: 8, cliente_vip: false });
    expect((await seller.put(`/api/leads/${id}`, { customFields: { empleados: 9 } })).status).toBe(403);

    const history = await admin.get(`/api/leads/${id}/history`);
    const entry = (history.body as { type: string; changes: Record<string, unknown> }[]).find((item) => item.type === 'edited');
    expect(entry?.changes).toEqual({
      'customFields.empleados': { from: 5, to: 8 },
      'customFields.provincia': { from: 'Madrid', to: null },
      'customFields.cliente_vip': { from: null, to: false },
    });
    // The same values again change nothing and record nothing.
    await admin.put(`/api/leads/${id}`, { customFields: { empleados: 8 } });
    const again = await admin.get(`/api/leads/${id}/history`);
    expect((again.body as unknown[]).length).toBe((history.body as unknown[]).length);
  });

  it('archives on DELETE keeping every value, refuses writes to it, and restores it', async () => {
    const field = await define({ label: 'Temporal', type: 'text' });
    const created = await lead({ temporal: 'guardado' });
    const archived = await admin.delete(`/api/custom-fields/${field.id}`);
    expect(archived).toMatchObject({ status: 200, body: { id: field.id, archived: true } });
    expect((await admin.get('/api/custom-fields')).body.some((item: { id: number }) => item.id === field.id)).toBe(false);
    expect((await admin.get('/api/custom-fields?includeArchived=true')).body.some((item: { id: number }) => item.id === field.id)).toBe(
      true,
    );
    // The value stays on the lead; sending it back unchanged is fine, changing it is not.
    const read = await admin.get(`/api/leads/${created.body.id}`);
    expect(read.body.customFields.temporal).toBe('guardado');
    expect((await admin.put(`/api/leads/${created.body.id}`, { customFields: read.body.customFields })).status).toBe(200);
    expect(await admin.put(`/api/leads/${created.body.id}`, { customFields: { temporal: 'otro' } })).toMatchObject({
      status: 400,
      body: { message: '«Temporal» está archivado' },
    });
    expect((await admin.get(`/api/leads?cf=${encodeURIComponent(JSON.stringify({ temporal: { contains: 'g' } }))}`)).status).toBe(400);
    const restored = await admin.put(`/api/custom-fields/${field.id}`, { archived: false });
    expect(restored.body.archived).toBe(false);
    expect((await admin.get(`/api/leads/${created.body.id}`)).body.customFields.temporal).toBe('guardado');
  });

  it('reorders fields', async () => {
    const moved = await admin.put(`/api/custom-fields/${fields.movil?.id}`, { position: 0 });
    expect(moved.body.position).toBe(0);
    const keys = (await admin.get('/api/custom-fields?entity=lead')).body.map((field: { key: string }) => field.key);
    expect(keys.slice(0, 2)).toEqual(['movil_del_gerente', 'sector_original']);
    await admin.put(`/api/custom-fields/${fields.movil?.id}`, { position: 99 });
    const after = (await admin.get('/api/custom-fields?entity=lead')).body.map((field: { key: string }) => field.key);
    expect(after.at(-1)).toBe('movil_del_gerente');
  });

  it('filters and sorts the list by each kind of field, paging with cursors', async () => {
    const tag = uniqueName('filtro');
    const rows = [
      {
        sector_original: `${tag} Hostelería`,
        empleados: 30,
        facturacion: '900.00',
        fecha_alta: '2024-01-10',
        provincia: 'Madrid',
        canales: ['Web'],
        cliente_vip: true,
      },
      {
        sector_original: `${tag} Logística`,
        empleados: 4,
        facturacion: '12000.00',
        fecha_alta: '2023-06-01',
        provincia: 'Sevilla',
        canales: ['Tienda', 'Teléfono'],
        cliente_vip: false,
      },
      { sector_original: `${tag} Hostelería fina`, empleados: 100, fecha_alta: '2025-03-03', provincia: 'Valencia', canales: ['Teléfono'] },
    ];
    const ids: number[] = [];
    for (const values of rows) ids.push((await lead(values)).body.id as number);
    const list = async (cf: Record<string, unknown>, sort?: string) => {
      const query = new URLSearchParams({ cf: JSON.stringify({ sector_original: { contains: tag }, ...cf }), limit: '2' });
      if (sort) query.set('sort', sort);
      const first = await seller.get(`/api/leads?${query.toString()}`);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const items = [...first.body.items];
      if (first.body.nextCursor) {
        query.set('cursor', first.body.nextCursor);
        items.push(...(await seller.get(`/api/leads?${query.toString()}`)).body.items);
      }
      return items.map((item: { id: number }) => ids.indexOf(item.id));
    };
    expect(await list({}, 'cf.empleados:asc')).toEqual([1, 0, 2]);
    expect(await list({}, 'cf.empleados:desc')).toEqual([2, 0, 1]);
    // Without a value: last, in both directions.
    expect(await list({}, 'cf.facturacion:desc')).toEqual([1, 0, 2]);
    expect(await list({}, 'cf.facturacion:asc')).toEqual([0, 1, 2]);
    expect(await list({}, 'cf.fecha_alta:asc')).toEqual([1, 0, 2]);
    expect(await list({}, 'cf.provincia:desc')).toEqual([2, 1, 0]);
    expect(await list({ sector_original: { contains: `${tag} hostelería` } }, 'cf.empleados:asc')).toEqual([0, 2]);
    expect(await list({ empleados: { min: 5, max: 50 } })).toEqual([0]);
    expect(await list({ facturacion: { min: '1.000' } })).toEqual([1]);
    expect(await list({ fecha_alta: { min: '2024-01-01' } }, 'cf.fecha_alta:asc')).toEqual([0, 2]);
    expect(await list({ provincia: { anyOf: ['madrid', 'Valencia'] } }, 'cf.empleados:asc')).toEqual([0, 2]);
    expect(await list({ provincia: { eq: 'Sevilla' } })).toEqual([1]);
    expect(await list({ canales: { anyOf: ['Teléfono'] } }, 'cf.empleados:asc')).toEqual([1, 2]);
    expect(await list({ cliente_vip: { eq: true } })).toEqual([0]);
    expect(await list({ cliente_vip: { eq: 'no' } })).toEqual([1]);

    const counts = await seller.get(`/api/leads/counts?cf=${encodeURIComponent(JSON.stringify({ sector_original: { contains: tag } }))}`);
    expect(counts.body.leads).toBe(3);
  });

  it('refuses filters and sorts that do not fit the field, in Spanish', async () => {
    const refused = [
      [{ cf: JSON.stringify({ nada: { eq: 1 } }) }, 'Campo personalizado desconocido: nada'],
      [{ cf: JSON.stringify({ empleados: { contains: '1' } }) }, '«Empleados» no admite «contiene»'],
      [{ cf: JSON.stringify({ sector_original: { min: 1 } }) }, '«Sector original» no admite rangos'],
      [{ cf: JSON.stringify({ empleados: { anyOf: ['1'] } }) }, '«Empleados» no admite «cualquiera de»'],
      [{ cf: JSON.stringify({ provincia: { anyOf: ['Lugo'] } }) }, '«Provincia»: opción desconocida: Lugo'],
      [{ cf: JSON.stringify({ empleados: { min: 'muchos' } }) }, '«Empleados»: valor de filtro inválido'],
      [{ cf: JSON.stringify({ "x') or 1=1 --": { eq: 1 } }) }, 'cf debe ser un objeto JSON'],
      [{ cf: '{no es json' }, 'cf debe ser un objeto JSON'],
      [{ sort: 'cf.nada:asc' }, 'Campo personalizado desconocido: nada'],
      [{ sort: 'cf.canales:asc' }, 'No se puede ordenar por «Canales»'],
      [{ sort: "cf.x';drop:asc" }, 'Orden inválido'],
    ] as const;
    for (const [params, message] of refused) {
      const response = await seller.get(`/api/leads?${new URLSearchParams(params).toString()}`);
      expect({ params, status: response.status }).toMatchObject({ status: 400 });
      expect(JSON.stringify(response.body)).toContain(message);
    }
    const tampered = Buffer.from(JSON.stringify(['cf.empleados:asc', 0, '1; drop table leads', 1])).toString('base64url');
    expect((await seller.get(`/api/leads?sort=cf.empleados:asc&cursor=${tampered}`)).status).toBe(400);
  });

  it('finds leads by their text custom fields with Ctrl+K, not by other types', async () => {
    const tag = uniqueName('Gastrobar');
    const created = await lead({ sector_original: `Hostelería ${tag}`, empleados: 424242 });
    const found = await seller.get(`/api/search?q=${encodeURIComponent(tag.toLowerCase())}`);
    expect(found.status).toBe(200);
    expect(found.body.leads.map((item: { id: number }) => item.id)).toEqual([created.body.id]);
    expect((await seller.get('/api/search?q=424242')).body.leads).toEqual([]);
  });

  it('exports the custom fields as columns of the CSV', async () => {
    const name = uniqueName('Exportado ');
    await lead({ empleados: 7, canales: ['Web', 'Tienda'], cliente_vip: true, facturacion: 10 }, { name });
    const response = await admin.get(`/api/leads/export?q=${encodeURIComponent(name)}`);
    expect(response.status).toBe(200);
    const [header, row] = (response.body as string).replace(/^\uFEFF/, '').split('\r\n');
    const separator = header?.includes(';') ? ';' : ',';
    const headers = header?.split(separator) ?? [];
    const cells = row?.split(separator) ?? [];
    const cell = (label: string) => cells[headers.indexOf(label)];
    expect(headers).toContain('Facturación (€)');
    expect(cell('Empleados')).toBe('7');
    expect(cell('Cliente VIP')).toBe('Sí');
    expect(cell('Facturación (€)')).toBe('10.00');
    expect(row).toContain('Web, Tienda');
  });

  it('sets a field on many leads at once, with history, checked like a single edit', async () => {
    const tag = uniqueName('masivo');
    const ids = [];
    for (let index = 0; index < 3; index += 1)
      ids.push((await lead({ sector_original: tag, empleados: index === 0 ? 50 : 1 })).body.id as number);
    const filter = { cf: JSON.stringify({ sector_original: { contains: tag } }) };
    const bulk = await manager.post('/api/leads/bulk', { action: 'customField', filter, customField: { key: 'empleados', value: '50' } });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body).toMatchObject({ updated: 2, skipped: 1 });
    for (const id of ids) expect((await admin.get(`/api/leads/${id}`)).body.customFields.empleados).toBe(50);
    const history = await admin.get(`/api/leads/${ids[1]}/history`);
    expect(history.body[0]).toMatchObject({ type: 'edited', changes: { 'customFields.empleados': { from: 1, to: 50 } } });

    const refusals = [
      [manager, { key: 'empleados', value: 'muchos' }, 400],
      [manager, { key: 'nada', value: 1 }, 400],
      [seller, { key: 'empleados', value: 2 }, 403],
    ] as const;
    for (const [client, customField, status] of refusals) {
      expect((await client.post('/api/leads/bulk', { action: 'customField', ids, customField })).status).toBe(status);
    }
    const cleared = await manager.post('/api/leads/bulk', { action: 'customField', ids, customField: { key: 'empleados', value: null } });
    expect(cleared.body.updated).toBe(3);
    expect((await admin.get(`/api/leads/${ids[0]}`)).body.customFields).toEqual({ sector_original: tag });
  });
});
