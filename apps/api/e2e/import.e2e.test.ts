/** 'Importar Leads' as a job in a real browser: an Excel workbook, its preview and mapping, the live progress, the job list, the imported leads. */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueName } from '../src/test/harness.js';
import type { Db } from '@crm/db';
import { sql } from 'kysely';
import { PHONE, type BrowserSuite, pageSignedInAs, screenshot, startBrowserSuite } from './browser.js';
import { seriousViolations } from './axe.js';

const BROWSER_TEST_MS = 180_000;
/** Runs `work` while a lock on lead_groups lets reads through and holds inserts; released when it ends, however it ends. */
async function whileGroupInsertsHeld(db: Db, work: () => Promise<void>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`lock table lead_groups in share row exclusive mode`.execute(trx);
    await work();
  });
}

/** Rows of the workbook: more than three chunks (chunkRows: 1,000, 2,500, then 5,000 rows), so the reading waits on the publishing. */
const ROWS = 12_000;

let suite: BrowserSuite;

beforeAll(async () => {
  suite = await startBrowserSuite({ filesPrefix: 'crm-e2e-import-' });
}, 120_000);

afterAll(async () => {
  await suite?.close();
});

/** A workbook as a team exports it: a summary sheet first, then the clients with Spanish headers, a date column and one row without a name. */
async function writeWorkbook(tag: string): Promise<string> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Resumen').addRow(['Clientes exportados del ERP']);
  const sheet = book.addWorksheet('Clientes');
  sheet.addRow(['Empresa', 'Rubro', 'Correo', 'Móvil', 'Observaciones', 'Alta']);
  for (let index = 0; index < ROWS; index += 1) {
    const row = sheet.addRow([
      index === 2 ? '' : `Empresa ${tag} ${index}`,
      index % 2 === 0 ? 'clínica' : 'abogado',
      `contacto${index}.${tag}@example.com`,
      `6${String(index).padStart(8, '0')}`,
      'Cliente de la feria',
      new Date(Date.UTC(2026, 2, 5)),
    ]);
    row.getCell(6).numFmt = 'dd/mm/yyyy';
  }
  const file = path.join(suite.fileDir ?? '', `clientes-${tag}.xlsx`);
  await writeFile(file, Buffer.from(await book.xlsx.writeBuffer()));
  return file;
}

/** No serious or critical axe violation in the dialog shown now. */
async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
}

async function openImport(page: Page) {
  await page.goto('/leads');
  await page.getByRole('heading', { name: 'Gestión de Leads' }).waitFor();
  await page.getByRole('button', { name: 'Importar' }).click();
  return page.getByRole('dialog', { name: 'Importar Leads' });
}

describe('import dialog', () => {
  it(
    'imports an .xlsx: picks the sheet, changes a mapping, watches the progress, comes back to it and opens the imported leads',
    async () => {
      const tag = uniqueName('x').replace(/[^a-z0-9]/gi, '');
      const file = await writeWorkbook(tag);
      const { page, context } = await pageSignedInAs(suite.browser, suite.server, 'manager');
      context.setDefaultTimeout(30_000);
      let dialog = await openImport(page);
      await dialog.locator('input[type="file"]').setInputFiles(file);
      await dialog.getByTestId('import-file').getByText(`clientes-${tag}.xlsx`).waitFor();

      // The first sheet is a summary; the clients are on the second.
      await dialog.getByRole('combobox', { name: 'Hoja del libro' }).click();
      await page.getByRole('option', { name: 'Clientes', exact: true }).click();
      const preview = dialog.getByTestId('import-preview');
      await preview.getByText(`Empresa ${tag} 0`, { exact: true }).waitFor();
      // Guessed from Spanish headers; 'Alta' has no field of its own.
      await expect(dialog.getByRole('combobox', { name: 'Campo de la columna Empresa' }).inputValue()).resolves.toBe('Nombre');
      await expect(dialog.getByRole('combobox', { name: 'Campo de la columna Rubro' }).inputValue()).resolves.toBe('Categoría');
      await expect(dialog.getByRole('combobox', { name: 'Campo de la columna Móvil' }).inputValue()).resolves.toBe('Teléfono');
      await expect(dialog.getByRole('combobox', { name: 'Campo de la columna Alta' }).inputValue()).resolves.toBe('No importar');
      const problemRow = preview.locator('tr[data-problem="true"]');
      await expect(problemRow.count()).resolves.toBe(1);
      await problemRow.getByText('falta el nombre').waitFor();

      // The date goes into the description instead of the notes.
      await dialog.getByRole('combobox', { name: 'Campo de la columna Alta' }).click();
      await page.getByRole('option', { name: 'Descripción', exact: true }).click();
      await expect(dialog.getByRole('combobox', { name: 'Campo de la columna Observaciones' }).inputValue()).resolves.toBe('No importar');
      await expect(preview.getByText('05/03/2026').count()).resolves.toBeGreaterThan(0);
      await screenshot(page, 'import-preview');
      await expectAccessible(page);

      const groupName = `Excel ${tag}`;
      await dialog.getByLabel('Nombre del grupo').fill(groupName);
      // Groups are held against inserts meanwhile: the publishing waits on its first chunk, and the reading
      // stops one chunk ahead of it, so the job stays in its reading phase however fast this machine reads.
      await whileGroupInsertsHeld(suite.server.ctx.db, async () => {
        await dialog.getByRole('button', { name: 'Crear Grupo e Importar' }).click();
        const progress = dialog.getByRole('progressbar', { name: 'Progreso de la importación' });
        await progress.waitFor();
        // Reading the file: the rows read of the 12,000, stopped one chunk past the first (1,000 + 2,500).
        await dialog.getByText(/^Leyendo el archivo: 3\.500 de [\d.]+ filas · [\d.]+ filas\/s · quedan /).waitFor();
        const valueNow = Number(await progress.getAttribute('aria-valuenow'));
        expect(valueNow).toBeGreaterThan(0);
        await screenshot(page, 'import-progress');
        await expectAccessible(page);
      });

      // Closed (it may still run or have ended by now); after a reload the job list leads back to it.
      await dialog.getByRole('button', { name: 'Cerrar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.reload();
      dialog = await openImport(page);
      const listed = dialog.getByTestId('import-job').filter({ hasText: groupName });
      await listed.waitFor();
      await screenshot(page, 'import-job-list');
      await listed.getByRole('button', { name: `Ver la importación ${groupName}` }).click();
      const result = dialog.getByTestId('import-result');
      await result.waitFor({ timeout: 120_000 });
      // ROWS − 1 imported (one row has no name), as the team's locale writes it.
      await result.getByText('11.999', { exact: true }).waitFor();
      await result.getByText('Fila 4: falta el nombre').waitFor();
      await dialog.getByRole('button', { name: 'Descargar filas omitidas (CSV)' }).waitFor();
      await screenshot(page, 'import-result');
      await expectAccessible(page);

      await dialog.getByRole('button', { name: 'Ver leads importados' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText(`Mostrando leads del grupo: ${groupName}`).waitFor();
      await page
        .getByTestId('lead-card')
        .filter({ hasText: `Empresa ${tag}` })
        .first()
        .waitFor();
      await expect(page.getByTestId('lead-card').filter({ hasNotText: tag }).count()).resolves.toBe(0);
      await context.close();
    },
    BROWSER_TEST_MS,
  );

  it(
    'shows the preview, the mapping, the saving phase and the result on a phone',
    async () => {
      const tag = uniqueName('p').replace(/[^a-z0-9]/gi, '');
      const csv = path.join(suite.fileDir ?? '', `telefono-${tag}.csv`);
      await writeFile(csv, `nombre;correo\nBufete ${tag};bufete.${tag}@example.com\nSin correo ${tag};no-es-correo\n`);
      const { page, context } = await pageSignedInAs(suite.browser, suite.server, 'admin', { viewport: PHONE });
      const dialog = await openImport(page);
      await dialog.locator('input[type="file"]').setInputFiles(csv);
      await dialog.getByTestId('import-preview').getByText(`Bufete ${tag}`).waitFor();
      // No category column: one category for every row.
      await dialog.getByRole('combobox', { name: 'Categoría para todas las filas' }).waitFor();
      await dialog.getByTestId('import-preview').getByText('email inválido (no-es-correo)').waitFor();
      await screenshot(page, 'import-preview-phone');
      await expectAccessible(page);

      // Held at its group, the job has read its two rows and waits in its saving phase.
      await dialog.getByRole('combobox', { name: 'Categoría para todas las filas' }).click();
      await page.getByRole('option', { name: 'Salud', exact: true }).click();
      await dialog.getByLabel('Nombre del grupo').fill(`Teléfono ${tag}`);
      await whileGroupInsertsHeld(suite.server.ctx.db, async () => {
        await dialog.getByRole('button', { name: 'Crear Grupo e Importar' }).click();
        await dialog.getByText(/^Guardando: 0 de 2 filas/).waitFor();
        await screenshot(page, 'import-saving-phone');
        await expectAccessible(page);
      });
      const result = dialog.getByTestId('import-result');
      await result.waitFor();
      await result.getByText('Fila 3: email inválido (no-es-correo)').waitFor();
      await screenshot(page, 'import-result-phone');
      await expectAccessible(page);
      await context.close();
    },
    BROWSER_TEST_MS,
  );
});
