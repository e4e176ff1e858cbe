import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../test/harness.js';

/** The body's exact bytes: fetch's text() would drop the BOM under test. */
async function rawBody(client: ApiClient, path: string): Promise<Buffer> {
  const response = await fetch(new URL(path, client.baseUrl), {
    headers: { cookie: client.cookies.header() },
  });
  return Buffer.from(await response.arrayBuffer());
}

describeWithServer('lead downloads: vCard, CSV and XLSX export', (server) => {
  let admin: ApiClient;
  let manager: ApiClient;
  let seller: ApiClient;
  let anonymous: ApiClient;

  beforeAll(async () => {
    const names = {
      admin: uniqueName('dadm'),
      manager: uniqueName('dman'),
      seller: uniqueName('dsel'),
    };
    await createUser(server(), { username: names.admin, systemRole: 'admin' });
    await createUser(server(), {
      username: names.manager,
      systemRole: 'manager',
    });
    await createUser(server(), { username: names.seller });
    admin = await loginAs(server(), names.admin);
    manager = await loginAs(server(), names.manager);
    seller = await loginAs(server(), names.seller);
    anonymous = new ApiClient(server().url);
  });

  describe('GET /api/leads/{id}/vcard', () => {
    it('downloads an escaped vCard attachment for every role', async () => {
      const created = await admin.post('/api/leads', {
        name: 'Clínica Peñalba, S.L.; Sede Norte',
        email: 'info@penalba.es',
        phone: '+34 612 345 678',
        category: 'salud',
        description: 'Primera línea\nSegunda línea con \\ barra',
      });
      for (const client of [admin, manager, seller]) {
        const response = await client.get(`/api/leads/${created.body.id}/vcard`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
        expect(response.headers.get('content-disposition')).toBe('attachment; filename="clinica-penalba-s-l-sede-norte.vcf"');
        const card = response.body as string;
        expect(card.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
        expect(card).toContain('FN:Clínica Peñalba\\, S.L.\\; Sede Norte\r\n');
        // Stored and given in E.164, so the contact dials from any country.
        expect(card).toContain('TEL;TYPE=WORK,VOICE:+34612345678\r\n');
        expect(card).toContain('NOTE:Categoría: Salud\\nPrimera línea\\nSegunda línea con \\\\ barra\r\n');
        expect(card.endsWith('END:VCARD\r\n')).toBe(true);
      }
    });

    it('answers 404 for an unknown lead and 401 without a session', async () => {
      const missing = await seller.get('/api/leads/999999/vcard');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: 'Lead no encontrado' });
      expect((await anonymous.get('/api/leads/1/vcard')).status).toBe(401);
    });
  });

  describe('GET /api/leads/export', () => {
    it('exports the current filter as CSV with a BOM, defusing formulas, for admin and manager', async () => {
      const tag = uniqueName('exp').toLowerCase();
      await admin.post('/api/leads', {
        name: `=HYPERLINK("http://malo") ${tag}`,
        email: `a.${tag}@x.es`,
        phone: '+34 600 000 000',
        category: 'retail',
        description: '@SUM(A1:A2), "citado"\nsegunda línea',
      });
      await admin.post('/api/leads', {
        name: `Otro ${tag}`,
        email: `b.${tag}@x.es`,
        category: 'salud',
        description: 'd',
      });
      for (const client of [admin, manager]) {
        const response = await client.get(`/api/leads/export?q=${tag}&category=retail`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
        const bytes = await rawBody(client, `/api/leads/export?q=${tag}&category=retail`);
        expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const [header, ...rows] = bytes.subarray(3).toString('utf8').split('\r\n');
        // The team's locale (es-AR by default) writes decimals with a comma: Excel there splits on ';'.
        expect(header).toBe(
          'Nombre;Email;Teléfono;Categoría;Estado;Descripción;Dirección;Dominio;Asignado a;Contactado por;Contactado el;Llamadas;Mensajes enviados;Mensajes recibidos;Importe;Moneda;Cierre previsto;Motivo de pérdida;Etiquetas;Agregado;Contacto;Cargo del contacto;Email del contacto;Teléfono del contacto',
        );
        const body = rows.join('\r\n');
        expect(body).toContain(`"'=HYPERLINK(""http://malo"") ${tag}";`);
        expect(body).toContain(`;+34600000000;`); // stored in E.164, no apostrophe
        expect(body).toContain(`;"'@SUM(A1:A2), ""citado""\nsegunda línea";`);
        expect(body).toContain(';Retail;Nuevo;');
        expect(body).not.toContain(`Otro ${tag}`);
      }
    });

    it('exports the current filter as XLSX with typed cells: numbers, dates and text as text, no formula', async () => {
      const tag = uniqueName('xl').toLowerCase();
      const lead = await admin.post('/api/leads', {
        name: `=HYPERLINK("http://malo") ${tag}`,
        phone: '+34 600 111 222',
        category: 'retail',
        description: 'd',
      });
      await admin.post(`/api/leads/${lead.body.id}/interactions`, {
        kind: 'call',
        outcome: 'contesto',
      });
      const response = await manager.get(`/api/leads/export/xlsx?q=${tag}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.xlsx"$/);
      const book = new ExcelJS.Workbook();
      const bytes = await rawBody(manager, `/api/leads/export/xlsx?q=${tag}`);
      await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
      const sheet = book.getWorksheet('Leads');
      expect(sheet?.rowCount).toBe(2);
      const header = sheet?.getRow(1).values as unknown[];
      const row = sheet?.getRow(2);
      const cell = (name: string) => row?.getCell(header.indexOf(name));
      expect(cell('Nombre')?.type).toBe(ExcelJS.ValueType.String);
      expect(cell('Nombre')?.value).toBe(`=HYPERLINK("http://malo") ${tag}`);
      expect(cell('Teléfono')?.value).toBe('+34600111222');
      expect(cell('Llamadas')?.type).toBe(ExcelJS.ValueType.Number);
      expect(cell('Llamadas')?.value).toBe(1);
      expect(cell('Agregado')?.type).toBe(ExcelJS.ValueType.Date);
      expect(cell('Agregado')?.numFmt).toBe('dd/mm/yyyy');
      expect((await seller.get('/api/leads/export/xlsx')).status).toBe(403);
    });

    it('refuses a team_member and an anonymous caller, and bad filters in Spanish', async () => {
      expect((await seller.get('/api/leads/export')).status).toBe(403);
      expect((await anonymous.get('/api/leads/export')).status).toBe(401);
      const bad = await admin.get('/api/leads/export?category=moda');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('La categoría es requerida');
    });
  });
});
