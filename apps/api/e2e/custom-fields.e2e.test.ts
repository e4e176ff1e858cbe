/**
 * Custom fields in a real browser: an admin defines two fields under Configuración, imports a
 * workbook LibreOffice wrote whose columns fill them, then filters the table by one and sorts it
 * by the other, saves that as a view whose chip reopens it filtered and sorted, on a laptop and on
 * a phone, with no serious axe violation.
 */
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { PHONE, type BrowserSuite, newContext, pageSignedInAs, screenshot, openSignedIn, startBrowserSuite } from './browser.js';

const BROWSER_TEST_MS = 180_000;
const here = path.dirname(fileURLToPath(import.meta.url));
/** Written by LibreOffice Calc from source/campos-personalizados.csv (test/fixtures/workbooks/README.md). */
const WORKBOOK = path.join(here, '..', 'test', 'fixtures', 'workbooks', 'campos-personalizados-libreoffice.xlsx');

let suite: BrowserSuite;

// A server and database per attempt: the journey names its fields and imports a fixed workbook, so a
// retry (CI runs a failed test once more) must not find the first attempt's fields and leads.
beforeEach(async () => {
  suite = await startBrowserSuite({ filesPrefix: 'crm-e2e-fields-' });
}, 120_000);

afterEach(async () => {
  await suite?.close();
});

async function defineField(page: Page, label: string, type: string, options: string[] = []): Promise<void> {
  const form = page.getByRole('form', { name: 'Nuevo campo' });
  await form.getByRole('textbox', { name: 'Nombre' }).fill(label);
  await form.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: type, exact: true }).click();
  for (const option of options) {
    await form.getByLabel(/^Opciones/).fill(option);
    await page.keyboard.press('Enter');
  }
  await form.getByRole('button', { name: 'Crear campo' }).click();
  await page.getByTestId('custom-field-row').filter({ hasText: label }).waitFor();
}

const tableNames = (page: Page) => page.getByTestId('lead-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label')));

describe('custom fields', () => {
  it(
    'defines two fields, imports a LibreOffice workbook that fills them, filters and sorts the table by them',
    async () => {
      const { page, context, username } = await pageSignedInAs(suite.browser, suite.server, 'admin', { path: '/configuracion/campos' });
      context.setDefaultTimeout(30_000);
      await page.getByRole('tab', { name: 'Campos personalizados' }).waitFor();
      await defineField(page, 'Provincia', 'Selección', ['Madrid', 'Sevilla', 'Valencia']);
      await defineField(page, 'Empleados', 'Número');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'custom-fields-settings');

      // The import maps the two columns to the fields by their headers; 'Sector' is the category.
      const file = path.join(suite.fileDir ?? '', 'clientes-campos.xlsx');
      await copyFile(WORKBOOK, file);
      await page.goto('/leads');
      await page.getByRole('button', { name: 'Importar' }).click();
      const dialog = page.getByRole('dialog', { name: 'Importar Leads' });
      await dialog.locator('input[type="file"]').setInputFiles(file);
      await dialog.getByTestId('import-preview').getByText('Bar Los Arcos', { exact: true }).waitFor();
      const columnField = (column: string) => dialog.getByRole('combobox', { name: `Campo de la columna ${column}` }).inputValue();
      await expect(columnField('Provincia')).resolves.toBe('Provincia');
      await expect(columnField('Empleados')).resolves.toBe('Empleados');
      await expect(columnField('Sector')).resolves.toBe('Categoría');
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await screenshot(page, 'custom-fields-import-mapping');
      await dialog.getByLabel('Nombre del grupo').fill('Clientes con campos');
      await dialog.getByRole('button', { name: 'Crear Grupo e Importar' }).click();
      await dialog.getByTestId('import-result').waitFor({ timeout: 120_000 });
      await dialog.getByRole('button', { name: 'Ver leads importados' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // The table with the two columns chosen; filtered to Madrid or Sevilla, sorted by Empleados.
      await page.getByText('Tabla', { exact: true }).click();
      await page.getByTestId('lead-table').waitFor();
      await page.getByRole('button', { name: 'Columnas' }).click();
      await page.getByRole('menuitem', { name: 'Provincia' }).click();
      await page.getByRole('menuitem', { name: 'Empleados' }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Campos' }).click();
      await page.getByRole('combobox', { name: 'Campo', exact: true }).click();
      await page.getByRole('option', { name: 'Provincia', exact: true }).click();
      await page.getByRole('combobox', { name: 'Cualquiera de' }).click();
      await page.getByRole('option', { name: 'Madrid', exact: true }).click();
      await page.getByRole('option', { name: 'Sevilla', exact: true }).click();
      // Leaving the options closes their list, which covers the button.
      await page.getByRole('combobox', { name: 'Cualquiera de' }).press('Tab');
      await page.getByRole('button', { name: 'Aplicar filtro' }).click();
      await page.getByText('Provincia: Madrid, Sevilla').waitFor();
      await expect.poll(() => page.getByTestId('lead-row').count()).toBe(4);
      await page.getByRole('button', { name: 'Empleados' }).click();
      await expect.poll(() => tableNames(page)).toEqual(['Panadería La Espiga', 'Bar Los Arcos', 'Asesoría Retiro', 'Transportes Giralda']);
      await page.getByRole('button', { name: 'Empleados' }).click();
      await expect.poll(() => tableNames(page)).toEqual(['Transportes Giralda', 'Asesoría Retiro', 'Bar Los Arcos', 'Panadería La Espiga']);
      await page.getByRole('row', { name: 'Transportes Giralda' }).getByText('Sevilla').waitFor();
      expect(page.url()).toContain('orden=cf.empleados%3Adesc');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'custom-fields-table-laptop');

      // Saved as a view: its chip brings back the custom filter and the custom sort.
      await page.getByRole('button', { name: 'Guardar vista' }).click();
      const save = page.getByRole('dialog', { name: 'Guardar vista' });
      await save.getByLabel('Nombre').fill('Madrid y Sevilla');
      await save.getByRole('button', { name: 'Guardar' }).click();
      await save.waitFor({ state: 'hidden' });
      const chip = page.getByRole('group', { name: 'Vistas guardadas' }).getByRole('button', { name: 'Madrid y Sevilla', exact: true });
      await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('true');
      await page.goto('/leads?modo=tabla');
      await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('false');
      expect(await page.getByText('Provincia: Madrid, Sevilla').count()).toBe(0);
      await chip.click();
      await page.getByText('Provincia: Madrid, Sevilla').waitFor();
      await expect.poll(() => tableNames(page)).toEqual(['Transportes Giralda', 'Asesoría Retiro', 'Bar Los Arcos', 'Panadería La Espiga']);
      await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('true');

      // The same view, from its address, on a phone.
      const address = page.url();
      const phone = await newContext(suite.browser, suite.server, PHONE);
      const phonePage = await openSignedIn(phone, suite.server, username, address);
      await phonePage.getByTestId('lead-table').waitFor();
      await expect
        .poll(() => tableNames(phonePage))
        .toEqual(['Transportes Giralda', 'Asesoría Retiro', 'Bar Los Arcos', 'Panadería La Espiga']);
      await phonePage.getByText('Provincia: Madrid, Sevilla').waitFor();
      expect(await seriousViolations(phonePage)).toEqual([]);
      await screenshot(phonePage, 'custom-fields-table-phone');
      // And from the saved view's chip.
      await phonePage.goto('/leads?modo=tabla');
      await phonePage
        .getByRole('group', { name: 'Vistas guardadas' })
        .getByRole('button', { name: 'Madrid y Sevilla', exact: true })
        .click();
      await phonePage.getByText('Provincia: Madrid, Sevilla').waitFor();
      await expect
        .poll(() => tableNames(phonePage))
        .toEqual(['Transportes Giralda', 'Asesoría Retiro', 'Bar Los Arcos', 'Panadería La Espiga']);
      expect(await seriousViolations(phonePage)).toEqual([]);
      await phone.close();
      await context.close();
    },
    BROWSER_TEST_MS,
  );
});
