import iconv from 'iconv-lite';
import { beforeAll, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../../test/harness.js';
import { MALFORMED_MULTIPART_MESSAGE } from '../../../http/multipart-errors.js';
import { MALFORMED_MULTIPART } from '../../../test/malformed-multipart.js';
import { fileBlob } from '../../../test/file-blob.js';

function form(file: Buffer | string | undefined, fields: Record<string, string>, fileName = 'leads.csv'): FormData {
  const data = new FormData();
  // The spec's client sends the file first; fields after it must still be read.
  if (file !== undefined) data.append('file', fileBlob(file), fileName);
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

describeWithServer('POST /api/leads/import', (server) => {
  let admin: ApiClient;
  let manager: ApiClient;
  let seller: ApiClient;
  let anonymous: ApiClient;

  beforeAll(async () => {
    const names = { admin: uniqueName('iadm'), manager: uniqueName('iman'), seller: uniqueName('isel') };
    await createUser(server(), { username: names.admin, systemRole: 'admin', firstName: 'Ana', lastName: 'Admin' });
    await createUser(server(), { username: names.manager, systemRole: 'manager' });
    await createUser(server(), { username: names.seller });
    admin = await loginAs(server(), names.admin);
    manager = await loginAs(server(), names.manager);
    seller = await loginAs(server(), names.seller);
    anonymous = new ApiClient(server().url);
  });

  const db = () => server().ctx.db;

  async function leadsOfGroup(groupId: number) {
    return db()
      .selectFrom('leads')
      .select(['name', 'email', 'phone', 'category', 'address', 'domain', 'description', 'status'])
      .where('group_id', '=', groupId)
      .orderBy('id')
      .execute();
  }

  async function groupNamed(name: string) {
    return db().selectFrom('lead_groups').selectAll().where('name', '=', name).executeTakeFirst();
  }

  it('imports a comma CSV with quoted delimiters and newlines, CRLF, and headers in any case', async () => {
    const tag = uniqueName('c').toLowerCase();
    const csv = [
      'NAME,CategoryName,E-mail,Phone,Address,Website,Description',
      `"Bufete Pérez, Abogados",Law firm,perez.${tag}@bufete.es,+34 911 000 001,"Calle Mayor 1, Madrid",bufete.es,"Derecho mercantil`,
      `y laboral"`,
      `Clínica Dental Sonrisa,dentist,sonrisa.${tag}@clinica.es,911 000 002,,,`,
      `Inmobiliaria Sol,Real Estate,,911000003,,,`,
      `Tienda Rara,Astrología,rara.${tag}@x.es,,,,`,
      `Sin contacto,retail,,,,,`,
    ].join('\r\n');
    const groupName = `Importación ${tag}`;
    const response = await admin.post('/api/leads/import', form(csv, { groupName }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      imported: 4,
      skipped: 1,
      total: 5,
      groupName,
      assignedRoleId: null,
      errors: ['Fila 6: falta el email o el teléfono'],
    });
    const leads = await leadsOfGroup(response.body.groupId);
    expect(leads).toEqual([
      {
        name: 'Bufete Pérez, Abogados',
        email: `perez.${tag}@bufete.es`,
        phone: '+34911000001', // E.164, since it parses (docs/leads.md, 'Teléfonos')
        category: 'legal',
        address: 'Calle Mayor 1, Madrid',
        domain: 'bufete.es',
        description: 'Derecho mercantil\r\ny laboral',
        status: 'nuevo',
      },
      expect.objectContaining({ name: 'Clínica Dental Sonrisa', category: 'salud', address: null }),
      expect.objectContaining({ name: 'Inmobiliaria Sol', category: 'inmobiliario', email: null }),
      expect.objectContaining({ name: 'Tienda Rara', category: 'otros' }),
    ]);
    const activity = await db()
      .selectFrom('activities')
      .select('description')
      .where('type', '=', 'group_created')
      .where('description', 'like', `%${groupName}%`)
      .executeTakeFirst();
    expect(activity?.description).toBe(`Ana Admin importó 4 leads en el grupo ${groupName}`);
    const groups = await seller.get('/api/lead-groups');
    expect(groups.body.find((g: { id: number }) => g.id === response.body.groupId)?.leadCount).toBe(4);
    const search = await seller.get(`/api/leads?groupId=${response.body.groupId}&q=perez`);
    expect(search.body.items).toHaveLength(1);
  });

  it('imports a Windows-1252 file with ; delimiters (Spanish Excel) and an assigned role', async () => {
    const tag = uniqueName('w').toLowerCase();
    const role = await db()
      .insertInto('custom_roles')
      .values({ name: uniqueName('juridico_'), display_name: 'Jurídico' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const text = `Nombre;Categoría;Teléfono;Dirección\r\nAsesoría Núñez ${tag};Gestoría;600 111 ${tag.length}22;Plaza España, 3\r\n`;
    const response = await manager.post(
      '/api/leads/import',
      form(iconv.encode(text, 'win1252'), { groupName: `Excel ${tag}`, assignedRoleId: String(role.id) }),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ imported: 1, assignedRoleId: role.id });
    expect(await leadsOfGroup(response.body.groupId)).toEqual([
      expect.objectContaining({ name: `Asesoría Núñez ${tag}`, category: 'finanzas', address: 'Plaza España, 3' }),
    ]);
    expect((await groupNamed(`Excel ${tag}`))?.assigned_role_id).toBe(role.id);
  });

  it('imports a tab-separated UTF-8 file with a BOM, and UTF-16 from Excel', async () => {
    const tag = uniqueName('t').toLowerCase();
    const tsv = `\uFEFFtitle\tcategoryName\temail\nAcademia Ñandú ${tag}\tescuela\tnandu.${tag}@academia.es\n`;
    const response = await admin.post('/api/leads/import', form(tsv, { groupName: `TSV ${tag}` }, 'leads.tsv'));
    expect(response.status).toBe(200);
    expect(await leadsOfGroup(response.body.groupId)).toEqual([
      expect.objectContaining({ name: `Academia Ñandú ${tag}`, category: 'educacion', email: `nandu.${tag}@academia.es` }),
    ]);
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`name\tcategoryName\temail\nBanco Águila ${tag}\tbank\taguila.${tag}@x.es\n`, 'utf16le'),
    ]);
    const unicode = await admin.post('/api/leads/import', form(utf16, { groupName: `UTF16 ${tag}` }, 'leads.txt'));
    expect(unicode.status).toBe(200);
    expect(await leadsOfGroup(unicode.body.groupId)).toEqual([
      expect.objectContaining({ name: `Banco Águila ${tag}`, category: 'finanzas' }),
    ]);
  });

  it('skips nameless rows as Fila N and duplicates in the file and in the database', async () => {
    const tag = uniqueName('d').toLowerCase();
    await admin.post('/api/leads', {
      name: 'Ya existe',
      email: `existe.${tag}@x.es`,
      phone: `+34 699 ${tag.length} 00 11`,
      category: 'retail',
      description: 'd',
    });
    const csv = [
      'name,categoryName,email,phone',
      `Uno,retail,uno.${tag}@x.es,`, // Fila 2
      `,retail,sin.nombre.${tag}@x.es,`, // Fila 3
      `"Dos ""multi""`, // Fila 4 spans two lines
      `línea",retail,dos.${tag}@x.es,`,
      `Repetido,retail,UNO.${tag}@X.ES,`, // Fila 5
      `Existe email,retail,existe.${tag}@x.es,`, // Fila 6
      `Existe tel,retail,,(34) 699-${tag.length}0-011`, // Fila 7
      `Mal email,retail,no-es-email,`, // Fila 8
      `${'x'.repeat(201)},retail,,`, // Fila 9
      `,,,`, // blank: ignored
      `Tres,retail,tres.${tag}@x.es,`, // Fila 11
    ].join('\n');
    const response = await admin.post('/api/leads/import', form(csv, { groupName: `Dup ${tag}` }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ imported: 3, skipped: 6, total: 9 });
    expect(response.body.errors).toEqual([
      'Fila 3: falta el nombre',
      'Fila 5: duplicado en el archivo (email repetido)',
      'Fila 6: duplicado, ya existe un lead con ese email',
      'Fila 7: duplicado, ya existe un lead con ese teléfono',
      'Fila 8: email inválido (no-es-email)',
      'Fila 9: el nombre supera los 200 caracteres',
    ]);
    expect((await leadsOfGroup(response.body.groupId)).map((lead) => lead.name)).toEqual(['Uno', 'Dos "multi"\nlínea', 'Tres']);
  });

  it('tells a repetition within the file from a database duplicate, across the chunks published while the file is read', async () => {
    const tag = uniqueName('r').toLowerCase();
    const phonePrefix = `7${String(Date.now() % 10_000).padStart(4, '0')}`;
    const phoneOf = (index: number) => `${phonePrefix}${String(index).padStart(5, '0')}`;
    await admin.post('/api/leads', { name: 'Ya existe', email: `existe.${tag}@x.es`, category: 'retail', description: 'd' });
    // Four chunks (chunkRows): later rows meet earlier ones' keys in chunks already published,
    // whose new leads the same transaction inserted.
    const lines = ['name,categoryName,email,phone'];
    const errors: string[] = [];
    const imported: string[] = [];
    /** Adds a line; a skipped one with its error, as Fila N (the header is Fila 1). */
    const add = (line: string, error?: string) => {
      lines.push(line);
      if (error) errors.push(`Fila ${lines.length}: ${error}`);
      else imported.push(line.split(',')[0] ?? '');
    };
    const repeatedEmail = 'duplicado en el archivo (email repetido)';
    const repeatedPhone = 'duplicado en el archivo (teléfono repetido)';
    add(`Existe,retail,existe.${tag}@x.es,${phoneOf(99_001)}`, 'duplicado, ya existe un lead con ese email');
    for (let index = 0; index < 11_000; index += 1) {
      add(`Relleno ${index},retail,r${index}.${tag}@x.es,${phoneOf(index)}`);
      if (index === 260) add(`Repite cerca,retail,r240.${tag}@x.es,`, repeatedEmail);
      if (index === 2300) add(`Repite lejos,retail,,${phoneOf(2200)}`, repeatedPhone);
      if (index === 2301) add(`Repite el primer lote,retail,R100.${tag}@X.ES,`, repeatedEmail);
      if (index === 4300) add(`Repite el anterior,retail,r2400.${tag}@x.es,${phoneOf(4299)}`, repeatedEmail);
      if (index === 8600) add(`Repite el chunk anterior,retail,,${phoneOf(8490)}`, repeatedPhone);
      if (index === 10_500) add(`Repite el primer chunk,retail,r10.${tag}@x.es,`, repeatedEmail);
    }
    add(`Repite existe,retail,EXISTE.${tag}@x.es,`, repeatedEmail); // the first row had it, though it was not imported
    add(`Teléfono del primero,retail,,${phoneOf(99_001)}`); // the first row's phone, which no lead has: a new lead
    add(`Repite relleno,retail,r0.${tag}@x.es,${phoneOf(99_002)}`, repeatedEmail);
    add(`Nuevo,retail,nuevo.${tag}@x.es,${phoneOf(99_002)}`); // the row before was a repetition, so its phone is free
    add(`Otra vez,retail,otra.${tag}@x.es,${phoneOf(99_002)}`, repeatedPhone); // the row before's phone, same batch
    const response = await admin.post('/api/leads/import', form(lines.join('\n'), { groupName: `Rep ${tag}` }));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ imported: 11_002, skipped: errors.length, total: lines.length - 1 });
    expect(response.body.errors).toEqual(errors);
    const staged = await db().selectFrom('import_job_rows').select('row_number').execute();
    expect(staged).toEqual([]);
    // The leads take their ids in file order.
    const byId = await db().selectFrom('leads').select('name').where('group_id', '=', response.body.groupId).orderBy('id').execute();
    expect(byId.map((lead) => lead.name)).toEqual(imported);
  });

  it('refuses a file without categoryName or without a name column, creating nothing', async () => {
    const tag = uniqueName('m').toLowerCase();
    const noCategory = await admin.post('/api/leads/import', form('name,email\nA,a@x.es\n', { groupName: `NoCat ${tag}` }));
    expect(noCategory.status).toBe(400);
    expect(noCategory.body.message).toBe('Falta la columna categoryName en el archivo');
    const noName = await admin.post('/api/leads/import', form('email;categoryName\na@x.es;retail\n', { groupName: `NoName ${tag}` }));
    expect(noName.body.message).toBe('Falta la columna del nombre (name o title) en el archivo');
    expect(await groupNamed(`NoCat ${tag}`)).toBeUndefined();
    expect(await groupNamed(`NoName ${tag}`)).toBeUndefined();
  });

  it('leaves no group and no leads when the file breaks after thousands of rows were staged', async () => {
    const tag = uniqueName('f').toLowerCase();
    const rows = Array.from({ length: 4500 }, (_, index) => `Empresa ${tag} ${index},retail,e${index}.${tag}@x.es`);
    const csv = `name,categoryName,email\n${rows.join('\n')}\n"Sin cerrar ${tag},retail,z@x.es\n`;
    const response = await admin.post('/api/leads/import', form(csv, { groupName: `Roto ${tag}` }));
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/^El archivo CSV no es válido/);
    expect(await groupNamed(`Roto ${tag}`)).toBeUndefined();
    expect(await db().selectFrom('leads').select('id').where('name', 'like', `Empresa ${tag}%`).execute()).toEqual([]);
  });

  it('refuses a file whose bytes are not text', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x01]);
    const response = await admin.post('/api/leads/import', form(png, { groupName: 'Imagen' }, 'leads.csv'));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('El archivo no es de texto: sube un CSV, TSV o TXT');
    expect(await groupNamed('Imagen')).toBeUndefined();
  });

  it('answers 413 for 10 MB + 1 byte', async () => {
    const header = 'name,categoryName\n';
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    big.write(header);
    const response = await admin.post('/api/leads/import', form(big, { groupName: 'Enorme' }));
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('El archivo debe ser menor a 10MB');
    expect(await groupNamed('Enorme')).toBeUndefined();
  });

  it('checks the form: file and group name required, role must exist, an empty file or one without rows refused', async () => {
    const csv = 'name,categoryName\nA,retail\n';
    const noFile = await admin.post('/api/leads/import', form(undefined, { groupName: 'G' }));
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('Archivo requerido');
    const noGroup = await admin.post('/api/leads/import', form(csv, { groupName: '   ' }));
    expect(noGroup.body.message).toBe('Nombre del grupo requerido');
    const badRole = await admin.post('/api/leads/import', form(csv, { groupName: 'G', assignedRoleId: '999999' }));
    expect(badRole.status).toBe(400);
    expect(badRole.body.message).toBe('El rol seleccionado no existe');
    expect((await admin.post('/api/leads/import', form('', { groupName: 'G' }))).body.message).toBe('El archivo está vacío');
    expect((await admin.post('/api/leads/import', form('name,categoryName\n', { groupName: 'G' }))).body.message).toBe(
      'El archivo no tiene filas de datos',
    );
  });

  it('refuses a file whose every row is a duplicate, leaving no empty group behind', async () => {
    const tag = uniqueName('a').toLowerCase();
    const csv = `name,categoryName,email\nPrimero,retail,dup.${tag}@x.es\n`;
    expect((await admin.post('/api/leads/import', form(csv, { groupName: `Primera ${tag}` }))).status).toBe(200);
    const again = await admin.post('/api/leads/import', form(csv, { groupName: `Segunda ${tag}` }));
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('No se importó ningún lead: todas las filas tienen errores o están duplicadas');
    expect(again.body.issues).toEqual([{ path: [], message: 'Fila 2: duplicado, ya existe un lead con ese email' }]);
    expect(await groupNamed(`Segunda ${tag}`)).toBeUndefined();
  });

  it('answers 400 in Spanish when the body is not a multipart form', async () => {
    const response = await admin.post('/api/leads/import', { groupName: 'JSON' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Se esperaba un formulario multipart');
  });

  it.each(MALFORMED_MULTIPART)('answers 400 in Spanish to $name, importing nothing', async ({ contentType, body }) => {
    const groupsBefore = await db().selectFrom('lead_groups').select('id').execute();
    const response = await admin.request('POST', '/api/leads/import', body, { 'content-type': contentType, 'x-requested-with': 'fetch' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(MALFORMED_MULTIPART_MESSAGE);
    expect(await db().selectFrom('lead_groups').select('id').execute()).toEqual(groupsBefore);
  });

  it('refuses a team_member (403) and an anonymous caller (401)', async () => {
    const csv = 'name,categoryName\nA,retail\n';
    expect((await seller.post('/api/leads/import', form(csv, { groupName: 'Vendedor' }))).status).toBe(403);
    expect((await anonymous.post('/api/leads/import', form(csv, { groupName: 'Anónimo' }))).status).toBe(401);
    expect(await groupNamed('Vendedor')).toBeUndefined();
  });
});
