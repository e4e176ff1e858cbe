/**
 * Issue 12 in the browser: select every lead the filter matches, reassign them and read the counts
 * in the toast; Ctrl+K finds a lead by a fragment of its phone and opens it; axe on the palette
 * and the action bar at laptop and phone width (screenshots in e2e/screenshots).
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createUser, uniqueName } from '../src/test/harness.js';
import { LAPTOP, PHONE, pageSignedInAs, screenshot, type BrowserSuite, startBrowserSuite } from './browser.js';
import { seriousViolations } from './axe.js';

const JOURNEY_MS = 180_000;

let suite: BrowserSuite;
let adminApi: ApiClient;

beforeAll(async () => {
  suite = await startBrowserSuite({ adminApi: true });
  adminApi = suite.adminApi as ApiClient;
});

afterAll(async () => {
  await suite?.close();
});

let phoneSerial = 0;

async function createLead(name: string, fields: { phone?: string; assignedTo?: number } = {}): Promise<number> {
  phoneSerial += 1;
  const response = await adminApi.post('/api/leads', {
    name,
    email: `${uniqueName('bulk').replace(/[^a-z0-9]/gi, '')}@example.com`,
    phone: fields.phone ?? `+54 9 11 ${String(5000_0000 + Math.floor(Math.random() * 4000_0000) + phoneSerial)}`,
    category: 'tecnologia',
    description: 'Lead de prueba',
    assignedTo: fields.assignedTo ?? null,
  });
  expect(response.status).toBe(201);
  return (response.body as { id: number }).id;
}

describe('bulk selection and the command palette', () => {
  it(
    'selects the 60 leads a search matches, reassigns them and shows updated and skipped',
    async () => {
      const token = uniqueName('Masivo').replace(/[^a-z0-9]/gi, '');
      const seller = await createUser(suite.server, {
        username: uniqueName('vendedor'),
        systemRole: 'team_member',
        firstName: 'Rosa',
        lastName: 'Prieto',
      });
      // Five already belong to the seller: the server skips them as unchanged and says so.
      for (let index = 1; index <= 60; index += 1) await createLead(`${token} ${index}`, index <= 5 ? { assignedTo: seller.id } : {});

      const { page, context } = await pageSignedInAs(suite.browser, suite.server, 'manager', {
        bypassCSP: true,
        path: `/leads?modo=tabla&q=${token}`,
      });
      context.setDefaultTimeout(15_000);
      await page.getByTestId('lead-row').first().waitFor();
      await page.getByRole('checkbox', { name: 'Seleccionar los leads de la página' }).check();
      await expect.poll(() => page.getByTestId('bulk-count').textContent()).toBe('50 leads seleccionados');
      await page.getByRole('button', { name: 'Seleccionar los 60 que coinciden con el filtro' }).click();
      await expect.poll(() => page.getByTestId('bulk-count').textContent()).toBe('60 leads seleccionados');
      await page.waitForTimeout(300);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'bulk-bar-1280');

      await page.getByRole('region', { name: 'Acciones masivas' }).getByRole('button', { name: 'Asignar' }).click();
      await page.getByRole('dialog', { name: 'Asignar leads' }).getByLabel('Asignar a').first().click();
      await page.getByRole('option', { name: 'Rosa Prieto' }).click();
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await page.getByText('55 leads actualizados').waitFor();
      await page.getByText('5 omitidos: 5 leads: ya estaba así').waitFor();

      const mine = await adminApi.get(`/api/leads?q=${token}&assignedTo=${seller.id}&limit=100`);
      expect((mine.body as { items: unknown[] }).items).toHaveLength(60);
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    'selects cards with their checkboxes and reassigns them from the same action bar, at both widths',
    async () => {
      const token = uniqueName('Tarjeta').replace(/[^a-z0-9]/gi, '');
      const seller = await createUser(suite.server, { username: uniqueName('vendedor'), firstName: 'Iván', lastName: 'Soto' });
      const ids = [await createLead(`${token} uno`), await createLead(`${token} dos`), await createLead(`${token} tres`)];
      const zone = await adminApi.post('/api/custom-fields', { label: `Zona ${token}`, type: 'text' });
      expect(zone.status).toBe(201);
      expect((await adminApi.put(`/api/leads/${ids[0]}`, { customFields: { [zone.body.key as string]: 'Norte' } })).status).toBe(200);
      const language = await adminApi.post('/api/custom-fields', { entity: 'contact', label: `Idioma ${token}`, type: 'text' });
      expect(language.status).toBe(201);
      const contact = { name: 'Rosa Vidal', customFields: { [language.body.key as string]: 'Inglés' } };
      expect((await adminApi.post(`/api/leads/${ids[0]}/contacts`, contact)).status).toBe(201);
      for (const viewport of [LAPTOP, PHONE]) {
        const { page, context } = await pageSignedInAs(suite.browser, suite.server, 'manager', {
          bypassCSP: true,
          viewport,
          path: `/leads?modo=tarjetas&q=${token}`,
        });
        context.setDefaultTimeout(15_000);
        await page.getByTestId('lead-card').first().waitFor();
        await page.getByRole('checkbox', { name: `Seleccionar ${token} uno` }).check();
        await page.getByRole('checkbox', { name: `Seleccionar ${token} dos` }).check();
        await expect.poll(() => page.getByTestId('bulk-count').textContent()).toBe('2 leads seleccionados');
        await page.waitForTimeout(300);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `bulk-cards-${viewport.width}`);
        if (viewport === LAPTOP) {
          // 'Exportar CSV' of the selection: its two leads, with the team's lead fields after the built-in
          // columns, then the primary contact's.
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            page.getByRole('region', { name: 'Acciones masivas' }).getByRole('button', { name: 'Exportar CSV' }).click(),
          ]);
          const lines = (await readFile(await download.path(), 'utf8'))
            .replace(/^\uFEFF/, '')
            .trim()
            .split('\r\n');
          expect(lines).toHaveLength(3);
          expect(lines[0]?.endsWith(`;Zona ${token};Idioma ${token} (contacto)`)).toBe(true);
          const uno = lines.find((line) => line.startsWith(`${token} uno;`));
          expect(uno).toContain(';Rosa Vidal;');
          expect(uno?.endsWith(';Norte;Inglés')).toBe(true);
          await page.getByRole('region', { name: 'Acciones masivas' }).getByRole('button', { name: 'Asignar' }).click();
          await page.getByRole('dialog', { name: 'Asignar leads' }).getByLabel('Asignar a').first().click();
          await page.getByRole('option', { name: 'Iván Soto' }).click();
          await page.getByRole('button', { name: 'Aplicar' }).click();
          await page.getByText('2 leads actualizados').waitFor();
          await expect.poll(() => page.getByTestId('bulk-count').count()).toBe(0);
        }
        await context.close();
      }
      const mine = await adminApi.get(`/api/leads?q=${token}&assignedTo=${seller.id}`);
      expect((mine.body as { items: { id: number }[] }).items.map((lead) => lead.id).sort()).toEqual(ids.slice(0, 2).sort());
    },
    JOURNEY_MS,
  );

  it(
    'Ctrl+K finds a lead by a fragment of its phone and Enter opens it; axe on the palette at both widths',
    async () => {
      const name = uniqueName('Clínica Teléfono');
      const id = await createLead(name, { phone: '+34 612 345 987' });
      for (const viewport of [LAPTOP, PHONE]) {
        const { page, context } = await pageSignedInAs(suite.browser, suite.server, 'manager', { bypassCSP: true, viewport });
        context.setDefaultTimeout(15_000);
        await page.keyboard.press('Control+K');
        const search = page.getByRole('textbox', { name: 'Buscar leads, personas, grupos o acciones' });
        await search.waitFor();
        await search.fill('612 34');
        await page.getByRole('button', { name: new RegExp(name) }).waitFor();
        await page.waitForTimeout(300);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `palette-${viewport.width}`);
        await search.press('Enter');
        await page.waitForURL(`**/leads/${id}`);
        await context.close();
      }
    },
    JOURNEY_MS,
  );
});
