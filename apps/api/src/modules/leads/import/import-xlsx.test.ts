import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../../test/harness.js';
import { waitForJob } from '../../../test/import-jobs.js';
import { ODS_MESSAGE } from './import-upload.js';
import { NOT_A_WORKBOOK, SHEET_NOT_FOUND } from './import-xlsx.js';
import { fileBlob } from '../../../test/file-blob.js';

const fixtures = new URL('../../../../test/fixtures/workbooks/', import.meta.url);

function upload(file: Buffer, fields: Record<string, string> = {}, fileName = 'clientes.xlsx'): FormData {
  const data = new FormData();
  data.append('file', fileBlob(file), fileName);
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

/** A workbook as Excel writes it: a notes sheet first, then the leads with a date, a number and a formula. */
async function workbook(tag: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const notes = book.addWorksheet('Notas');
  notes.addRow(['Exportado del ERP']);
  const leads = book.addWorksheet('Clientes 2026');
  leads.addRow([]);
  leads.addRow(['Empresa', 'Sector', 'Teléfono', 'Alta', 'Facturación', 'Descripción']);
  const first = leads.addRow([
    `Clínica Mar ${tag}`,
    'Dentista',
    600123456,
    new Date(Date.UTC(2026, 2, 5)),
    1234.5,
    { formula: 'A3&" (sede)"', result: `Clínica Mar ${tag} (sede)` },
  ]);
  first.getCell(4).numFmt = 'dd/mm/yyyy';
  first.getCell(5).numFmt = '#,##0.00';
  leads.addRow([]);
  const second = leads.addRow([`Gestoría Luz ${tag}`, 'Gestoría', 911000222, new Date(Date.UTC(2026, 10, 22, 9, 30)), 0.25, 'Cliente']);
  second.getCell(4).numFmt = 'dd/mm/yyyy hh:mm';
  second.getCell(5).numFmt = '0%';
  leads.addRow(['', 'Sin nombre']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describeWithServer('import jobs: .xlsx', (server) => {
  let admin: ApiClient;

  beforeAll(async () => {
    const username = uniqueName('xadm');
    await createUser(server(), { username, systemRole: 'admin' });
    admin = await loginAs(server(), username);
  });

  it('lists the sheets, reads the chosen one with dates and numbers as Excel shows them, and imports it', async () => {
    const tag = uniqueName('s').toLowerCase();
    const file = await workbook(tag);
    const firstSheet = await admin.post('/api/import-jobs', upload(file));
    // CI once saw a 400 here that no run alone repeats: the message says which check refused it.
    expect(firstSheet.status, JSON.stringify(firstSheet.body)).toBe(201);
    expect(firstSheet.body).toMatchObject({
      sheets: ['Notas', 'Clientes 2026'],
      columns: ['Exportado del ERP'],
      preview: [],
      totalRowsEstimate: 0,
    });

    const created = await admin.post('/api/import-jobs', upload(file, { sheet: 'Clientes 2026' }));
    expect(created.status).toBe(201);
    expect(created.body.columns).toEqual(['Empresa', 'Sector', 'Teléfono', 'Alta', 'Facturación', 'Descripción']);
    expect(created.body.mapping).toEqual({ name: 0, categoryName: 1, phone: 2, description: 5 });
    // The sheet's dimension, A2:F6: rows 3 to 6 (the blank row 4 included, as an estimate may).
    expect(created.body.totalRowsEstimate).toBe(4);
    expect(created.body.preview).toEqual([
      {
        row: 3,
        cells: [`Clínica Mar ${tag}`, 'Dentista', '600123456', '05/03/2026', '1.234,50', `Clínica Mar ${tag} (sede)`],
        problem: null,
      },
      { row: 5, cells: [`Gestoría Luz ${tag}`, 'Gestoría', '911000222', '22/11/2026 09:30', '25 %', 'Cliente'], problem: null },
      { row: 6, cells: ['', 'Sin nombre'], problem: 'falta el nombre' },
    ]);

    // The 'Alta' date goes into the description by hand: the mapping changed in the dialog.
    await admin.post(`/api/import-jobs/${created.body.id}/start`, {
      groupName: `Excel ${tag}`,
      mapping: { name: 0, categoryName: 1, phone: 2, description: 3 },
    });
    const done = await waitForJob(admin, created.body.id);
    expect(done).toMatchObject({ status: 'done', imported: 2, skipped: 1, total: 3, errors: ['Fila 6: falta el nombre'] });
    const rows = await server()
      .ctx.db.selectFrom('leads')
      .select(['name', 'category', 'phone', 'description'])
      .where('group_id', '=', done.groupId)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { name: `Clínica Mar ${tag}`, category: 'salud', phone: '600123456', description: '05/03/2026' },
      { name: `Gestoría Luz ${tag}`, category: 'finanzas', phone: '911000222', description: '22/11/2026 09:30' },
    ]);
    const errors = await admin.get(`/api/import-jobs/${created.body.id}/errors.csv`);
    expect(errors.body).toBe('Empresa,Sector,Teléfono,Alta,Facturación,Descripción,motivo\r\n,Sin nombre,,,,,falta el nombre\r\n');
  });

  it('estimates the rows of a sheet without a dimension (a streaming writer) by counting them', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'crm-xlsx-')), 'sin-dimension.xlsx');
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path });
    const sheet = book.addWorksheet('Leads');
    sheet.addRow(['name', 'categoryName', 'phone']).commit();
    for (let index = 0; index < 1500; index += 1)
      sheet.addRow([`Empresa ${index}`, 'retail', `+34 600 ${String(index).padStart(6, '0')}`]).commit();
    sheet.commit();
    await book.commit();
    const file = await readFile(path);
    expect(file.includes('<dimension')).toBe(false);
    const created = await admin.post('/api/import-jobs', upload(file));
    expect(created.status).toBe(201);
    expect(created.body.totalRowsEstimate).toBe(1500);
    await rm(path, { force: true });
  });

  it('refuses a sheet the workbook lacks and a file that only claims to be .xlsx', async () => {
    const missing = await admin.post('/api/import-jobs', upload(await workbook('x'), { sheet: 'Hoja 9' }));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(SHEET_NOT_FOUND);
    const broken = await admin.post('/api/import-jobs', upload(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 7)])));
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe(NOT_A_WORKBOOK);
  });

  it('imports a workbook LibreOffice wrote, its leads sheet chosen', async () => {
    const file = await readFile(new URL('clientes-libreoffice.xlsx', fixtures));
    const created = await admin.post('/api/import-jobs', upload(file, { sheet: 'Clientes' }, 'clientes-libreoffice.xlsx'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ sheets: ['Notas', 'Clientes', 'Resumen'], totalRowsEstimate: 4 });
    expect(created.body.columns.slice(0, 4)).toEqual(['Empresa', 'Sector', 'Teléfono', 'Alta']);
    expect(
      created.body.preview.map((row: { row: number; cells: string[] }) => [row.row, row.cells[0], row.cells[2], row.cells[3]]),
    ).toEqual([
      [2, 'Clínica Núñez', '0034911000222', '05/03/2026'],
      [4, 'Óptica Ávila & Hijos', '060123456', '31/12/1999'],
      [5, 'Peluquería «La Niña»\n2.ª planta', '911000333', undefined],
    ]);
    await admin.post(`/api/import-jobs/${created.body.id}/start`, { groupName: `LibreOffice ${uniqueName('g')}`, category: 'otros' });
    const done = await waitForJob(admin, created.body.id);
    expect(done).toMatchObject({ status: 'done', total: 3, imported: 3 });
    const phones = await server()
      .ctx.db.selectFrom('leads')
      .select('phone')
      .where('group_id', '=', done.groupId)
      .orderBy('phone')
      .execute();
    // A phone stored as text keeps its leading zero.
    expect(phones.map((lead) => lead.phone)).toEqual(expect.arrayContaining(['060123456', '911000333']));
  });

  it('refuses an OpenDocument spreadsheet, naming the formats it takes, whatever its name', async () => {
    const file = await readFile(new URL('clientes-libreoffice.ods', fixtures));
    for (const name of ['clientes.ods', 'clientes.csv']) {
      const refused = await admin.post('/api/import-jobs', upload(file, {}, name));
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(ODS_MESSAGE);
    }
  });
});
