import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SheetSpec, sharedStringsXml, workbookParts, worksheetXml, zipOf } from '../../../test/xlsx-files.js';
import { estimateSheetRows } from './import-xlsx-size.js';
import { NOT_A_WORKBOOK, SHEET_NOT_FOUND, listSheets, readSheetRecords } from './import-xlsx.js';

const fixtures = fileURLToPath(new URL('../../../../test/fixtures/workbooks/', import.meta.url));

async function records(filePath: string, sheet?: string) {
  const rows: { row: number; cells: string[] }[] = [];
  for await (const record of readSheetRecords(filePath, sheet)) rows.push(record);
  return rows;
}

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'crm-xlsx-read-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

let made = 0;
async function fileOf(bytes: Buffer): Promise<string> {
  made += 1;
  const path = join(folder, `libro-${made}.xlsx`);
  await writeFile(path, bytes);
  return path;
}

const workbook = (options: Parameters<typeof workbookParts>[0]) => fileOf(zipOf(workbookParts(options)));

describe.each(['libreoffice', 'gnumeric'])('a workbook saved by %s (fixtures/workbooks/source/clientes.fods)', (program) => {
  const path = join(fixtures, `clientes-${program}.xlsx`);

  it('lists its sheets and reads the leads as Excel shows them', async () => {
    expect(await listSheets(path)).toEqual(['Notas', 'Clientes', 'Resumen']);
    const rows = (await records(path, 'Clientes')).filter((record) => record.cells.length > 0);
    expect(rows).toEqual([
      {
        row: 1,
        cells: [
          'Empresa',
          'Sector',
          'Teléfono',
          'Alta',
          'Hora',
          'Última visita',
          'Facturación',
          'Margen',
          'Sede',
          'Nota',
          'Pendiente',
          'Código',
          'Activo',
        ],
      },
      {
        row: 2,
        // Rich text joined; a text phone keeps its zeros; a date, a time, a date with its time; a
        // formula's text, empty and 0 results ('0' as number and as text); a boolean as the program stored it.
        cells: [
          'Clínica Núñez',
          'Dentista',
          '0034911000222',
          '05/03/2026',
          '09:30',
          '22/11/2026 18:45',
          '1.234,50',
          '25 %',
          'Dentista (sede)',
          '',
          '0',
          '0',
          '1',
        ],
      },
      { row: 4, cells: ['Óptica Ávila & Hijos', '', '060123456', '31/12/1999', '', '', '-0,50', '', '', '', '', '', '0'] },
      { row: 5, cells: ['Peluquería «La Niña»\n2.ª planta', 'Peluquería', '911000333'] },
    ]);
    expect(await records(path, 'Resumen')).toEqual([{ row: 1, cells: ['Total', '3'] }]);
    expect(await estimateSheetRows(path, 0, 'Clientes')).toBe(4);
  });

  it('reads dates of a workbook in the 1904 date system as the same days', async () => {
    const book = join(fixtures, `fechas-1904-${program}.xlsx`);
    expect(await records(book)).toEqual([
      { row: 1, cells: ['Empresa', 'Alta'] },
      { row: 2, cells: ['Librería Cervantes', '05/03/2026'] },
      { row: 3, cells: ['Ferretería Martínez', '02/01/1904'] },
    ]);
  });
});

describe('what the format allows, in workbooks made here', () => {
  const text = (value: string) => `<is><t>${value}</t></is>`;
  const leads = (rows: string) => worksheetXml(rows);

  it('offers worksheets only, visible first, and reads the first visible one by default', async () => {
    const sheets: SheetSpec[] = [
      { name: 'Oculta', state: 'hidden', xml: leads(`<row r="1"><c r="A1" t="inlineStr">${text('oculta')}</c></row>`) },
      { name: 'Gráfico', type: 'chartsheet', xml: '<chartsheet/>' },
      { name: 'Macros', state: 'veryHidden', xml: leads('') },
      { name: 'Diálogo', type: 'dialogsheet', xml: '<dialogsheet/>' },
      { name: 'Leads', xml: leads(`<row r="1"><c r="A1" t="inlineStr">${text('visible')}</c></row>`) },
    ];
    const path = await workbook({ sheets });
    expect(await listSheets(path)).toEqual(['Leads', 'Oculta']);
    expect(await records(path)).toEqual([{ row: 1, cells: ['visible'] }]);
    expect(await records(path, 'Oculta')).toEqual([{ row: 1, cells: ['oculta'] }]);
    await expect(records(path, 'Gráfico')).rejects.toThrow(SHEET_NOT_FOUND);
    await expect(records(path, 'Macros')).rejects.toThrow(SHEET_NOT_FOUND);
  });

  it('finds parts where the relationships say, and shared strings stored after the sheets', async () => {
    const sheet = leads(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>' +
        '<row r="2"><c r="A2" s="1"><v>46086.75</v></c><c r="B2" s="2"><v>0.125</v></c></row>',
    );
    const styles =
      '<styleSheet><numFmts count="1"><numFmt numFmtId="164" formatCode="[$-C0A]dd&quot;/&quot;mm&quot;/&quot;yyyy\\ h:mm"/></numFmts>' +
      '<cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="10"/></cellXfs>' +
      '<dxfs count="1"><dxf><numFmt numFmtId="164" formatCode="0.0"/></dxf></dxfs></styleSheet>';
    const path = await workbook({
      folder: 'datos',
      sheets: [{ name: 'Hoja', xml: sheet }],
      sharedStrings: sharedStringsXml(['<si><t>Alta</t></si>', '<si><t>Cuota</t></si>']),
      styles,
    });
    expect(await records(path)).toEqual([
      { row: 1, cells: ['Alta', 'Cuota'] },
      { row: 2, cells: ['05/03/2026 18:00', '12,50 %'] },
    ]);
  });

  it('reads each kind of cell, entities decoded once, escapes decoded, phonetic runs skipped', async () => {
    const strings = sharedStringsXml([
      '<si><t>A &amp;amp; B</t></si>',
      '<si><r><t>Cl</t></r><r><rPr><b/></rPr><t xml:space="preserve">ínica </t></r><r><t>Sol</t></r><rPh sb="0" eb="1"><t>クリ</t></rPh></si>',
      '<si><t>línea_x000D_\nsiguiente _x005F_x000D_</t></si>',
    ]);
    const row =
      '<row r="3">' +
      '<c r="A3" t="s"><v>0</v></c><c r="B3" t="s"><v>1</v></c><c r="C3" t="s"><v>2</v></c>' +
      '<c r="D3" t="str"><f>B3&amp;""</f><v>0</v></c><c r="E3" t="str"><f>""</f><v></v></c><c r="F3"><f>0*1</f><v>0</v></c>' +
      '<c r="G3" t="b"><v>1</v></c><c r="H3" t="b"><v>0</v></c><c r="I3" t="e"><v>#N/A</v></c>' +
      '<c r="J3" t="d"><v>2026-03-05T09:30:00Z</v></c><c r="K3" t="d"><v>2026-03-05</v></c>' +
      `<c r="L3" t="inlineStr">${text('&lt;b&gt; 5 &gt; 3')}</c><c r="N3"><v>600123456</v></c>` +
      '</row>';
    const path = await workbook({ sheets: [{ name: 'Tipos', xml: leads(row) }], sharedStrings: strings });
    expect(await records(path)).toEqual([
      {
        row: 3,
        cells: [
          'A &amp; B',
          'Clínica Sol',
          'línea\r\nsiguiente _x000D_',
          '0',
          '',
          '0',
          'VERDADERO',
          'FALSO',
          '#N/A',
          '05/03/2026 09:30',
          '05/03/2026',
          '<b> 5 > 3',
          '',
          '600123456',
        ],
      },
    ]);
  });

  it('places cells and rows without a reference one after the other, and keeps the gaps of those with one', async () => {
    const rows =
      '<x:row><x:c t="inlineStr"><x:is><x:t>a</x:t></x:is></x:c><x:c><x:v>1</x:v></x:c></x:row>' +
      '<x:row r="4"><x:c r="C4"><x:v>2</x:v></x:c><x:c><x:v>3</x:v></x:c></x:row>' +
      '<x:row><x:c r="B5" s="0"/><x:c r="XFD5" s="1"/></x:row>';
    const xml = `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>${rows}</x:sheetData></x:worksheet>`;
    const path = await workbook({ sheets: [{ name: 'Prefijos', xml }] });
    expect(await records(path)).toEqual([
      { row: 1, cells: ['a', '1'] },
      { row: 4, cells: ['', '', '2', '3'] },
      // Empty cells, even at the last column, are never materialised.
      { row: 5, cells: [] },
    ]);
    // No dimension: the rows are counted (the header left out).
    expect(await estimateSheetRows(path, 0, undefined)).toBe(2);
  });

  it('finds a part whose target in the relationships is percent-encoded', async () => {
    const parts = workbookParts({
      sheets: [{ name: 'Hoja', xml: leads(`<row r="1"><c r="A1" t="inlineStr">${text('ok')}</c></row>`) }],
    }).map((part) =>
      part.name.endsWith('.rels') && typeof part.data === 'string'
        ? { ...part, data: part.data.replace('worksheets/sheet1.xml', 'worksheets/hoja%201.xml') }
        : { ...part, name: part.name.replace('worksheets/sheet1.xml', 'worksheets/hoja 1.xml') },
    );
    expect(await records(await fileOf(zipOf(parts)))).toEqual([{ row: 1, cells: ['ok'] }]);
  });

  it('estimates from the dimension when the sheet has one', async () => {
    const xml = worksheetXml('<row r="2"><c r="A2"><v>1</v></c></row>', '<dimension ref="A2:F9"/>');
    expect(await estimateSheetRows(await workbook({ sheets: [{ name: 'Hoja', xml }] }), 0, undefined)).toBe(7);
  });

  it('throws instead of stopping early on a sheet cut short or a string that is not there', async () => {
    const cut = worksheetXml('<row r="1"><c r="A1"><v>1</v></c></row>').replace('</sheetData></worksheet>', '<row r="2">');
    await expect(records(await workbook({ sheets: [{ name: 'Hoja', xml: cut }] }))).rejects.toThrow(NOT_A_WORKBOOK);
    const missing = leads('<row r="1"><c r="A1" t="s"><v>7</v></c></row>');
    await expect(records(await workbook({ sheets: [{ name: 'Hoja', xml: missing }] }))).rejects.toThrow(NOT_A_WORKBOOK);
    await expect(listSheets(await fileOf(Buffer.from('PK\x03\x04 no es un zip')))).rejects.toThrow(NOT_A_WORKBOOK);
  });
});
