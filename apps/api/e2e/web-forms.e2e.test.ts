/**
 * Web forms in Chromium: an admin builds a form on 'Formularios' (axe-clean, laptop and phone),
 * adding the contact's name and cargo and a custom field to the lead's own fields; a page on another
 * origin (a tiny local server on its own port) embeds the snippet, a visitor submits it there, and
 * the lead appears live on the screen of the seller the role's rule chose, with its contact and
 * custom value on its page.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webFormEmbedSnippet } from '@crm/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiClient, uniqueName } from '../src/test/harness.js';
import { seriousViolations } from './axe.js';
import { type BrowserSuite, LAPTOP, PHONE, pageSignedInAs, screenshot, startBrowserSuite } from './browser.js';

let suite: BrowserSuite;
let site: Server;
/** The other origin: 127.0.0.1 on its own port, while the CRM is on localhost. */
let siteOrigin: string;
/** The HTML the other site serves at /landing (set once the form exists). */
let landingHtml = '';

// A server and database per attempt: the journey expects 'Aún no hay formularios' and a fixed slug,
// so a retry (CI runs a failed test once more) must not find the first attempt's form.
beforeEach(async () => {
  suite = await startBrowserSuite({ adminApi: true });
}, 120_000);

afterEach(async () => {
  await suite?.close();
});

beforeAll(async () => {
  site = createServer((request, response) => {
    if (!request.url?.startsWith('/landing')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(landingHtml);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => site?.close(() => resolve()));
});

describe('web forms', () => {
  it(
    'an admin creates a form; a visitor on another site submits it; the lead reaches the assigned seller live',
    { timeout: 240_000 },
    async () => {
      const { browser, server } = suite;
      const adminApi = suite.adminApi as ApiClient;
      // The seller signs in first: the lead must come to their open screen live.
      const sellerPage = await pageSignedInAs(browser, server, 'team_member', { firstName: 'Sara', lastName: 'Web' });
      const seller = { id: sellerPage.userId };
      const role = await adminApi.post('/api/custom-roles', { name: uniqueName('webrol').toLowerCase(), displayName: 'Ventas web' });
      expect((await adminApi.post(`/api/users/${seller.id}/roles/${role.body.id}`)).status).toBeLessThan(300);
      expect((await adminApi.put(`/api/custom-roles/${role.body.id}`, { distribution: 'round_robin' })).status).toBe(200);
      const customerType = await adminApi.post('/api/custom-fields', {
        label: 'Tipo de cliente',
        type: 'select',
        options: ['Particular', 'Empresa'],
      });
      expect(customerType.status).toBe(201);

      const { page, context } = await pageSignedInAs(browser, server, 'admin', { viewport: LAPTOP, bypassCSP: true, path: '/formularios' });
      context.setDefaultTimeout(30_000);
      await page.getByRole('heading', { name: 'Formularios', exact: true }).waitFor();
      await page.getByText('Aún no hay formularios').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Crear formulario' }).click();
      const dialog = page.getByRole('dialog', { name: 'Crear formulario' });
      await dialog.getByRole('textbox', { name: /^Nombre/ }).fill('Presupuesto web');
      await dialog.getByRole('switch', { name: 'Email obligatorio' }).check({ force: true });
      const addField = async (label: string) => {
        await dialog.getByRole('combobox', { name: 'Añadir campo' }).click();
        await page.getByRole('option', { name: label, exact: true }).click();
        await dialog.getByTestId('web-form-field').filter({ hasText: label }).waitFor();
      };
      await addField('Dirección');
      await addField('Persona de contacto');
      await addField('Cargo');
      await addField('Tipo de cliente');
      await dialog.getByRole('switch', { name: 'Tipo de cliente obligatorio' }).check({ force: true });
      // The contact's name goes first among the contact's fields: up past the address.
      await dialog.getByRole('button', { name: 'Quitar Teléfono' }).click();
      await dialog.getByRole('button', { name: 'Subir Persona de contacto' }).click();
      expect(await dialog.getByTestId('web-form-field').allTextContents()).toEqual([
        expect.stringMatching(/^Nombre o empresa/),
        expect.stringMatching(/^Email/),
        expect.stringMatching(/^Mensaje/),
        expect.stringMatching(/^Persona de contacto/),
        expect.stringMatching(/^Dirección/),
        expect.stringMatching(/^Cargo/),
        expect.stringMatching(/^Tipo de cliente/),
      ]);
      await dialog.getByTestId('web-form-field').first().scrollIntoViewIfNeeded();
      await page.waitForTimeout(300); // the dialog's fade-in, for the screenshot
      await screenshot(page, 'web-forms-fields-laptop', { fullPage: false });
      await dialog.getByRole('combobox', { name: 'Reparto' }).click();
      await page.getByRole('option', { name: 'Ventas web' }).click();
      await dialog.getByLabel('Sitios web permitidos').fill(siteOrigin);
      await page.waitForTimeout(300); // the dialog's fade-in, for the screenshot
      await screenshot(page, 'web-forms-dialog-laptop', { fullPage: false });
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await dialog.getByRole('button', { name: 'Crear formulario' }).click();
      await dialog.waitFor({ state: 'detached' });

      const card = page.getByTestId('web-form-card').filter({ hasText: 'Presupuesto web' });
      await card.getByText('Reparto: Ventas web').waitFor();
      const pageUrl = (await card.getByRole('link').first().getAttribute('href')) ?? '';
      const slug = pageUrl.split('/f/')[1] ?? '';
      expect(slug).toBe('presupuesto-web');
      await screenshot(page, 'web-forms-laptop');
      expect(await seriousViolations(page)).toEqual([]);

      await sellerPage.page.goto('/leads');
      await sellerPage.page.getByRole('heading', { name: 'Gestión de Leads' }).waitFor();

      landingHtml = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Clínica Sol</title></head>
      <body><h1>Pide tu presupuesto</h1>${webFormEmbedSnippet(server.url, { slug, name: 'Presupuesto web' })}</body></html>`;
      const visitor = await browser.newContext({ viewport: PHONE, locale: 'es-ES' });
      const landing = await visitor.newPage();
      landing.setDefaultTimeout(30_000);

      // The hosted page on its own: accessible, in Spanish, before anyone embeds it.
      await landing.goto(`${server.url}/f/${slug}`);
      await landing.getByRole('heading', { name: 'Presupuesto web' }).waitFor();
      expect(await seriousViolations(landing)).toEqual([]);
      await screenshot(landing, 'web-forms-hosted-phone');
      await landing.goto(`${siteOrigin}/landing?utm_source=newsletter&utm_campaign=primavera`);
      const frame = landing.frameLocator('iframe');
      const leadName = `Clínica Sol ${uniqueName('v')}`;
      const email = `${uniqueName('sol')}@clinicasol.es`;
      await frame.getByLabel(/Nombre o empresa/).fill(leadName);
      await frame.getByLabel(/^Email/).fill(email);
      await frame.getByLabel(/^Dirección/).fill('Calle Mayor 1, Sevilla');
      await frame.getByLabel(/^Mensaje/).fill('Queremos renovar tres sillones');
      await frame.getByLabel(/^Sector/).selectOption({ label: 'Salud' });
      await frame.getByLabel(/^Persona de contacto/).fill('Rocío Vega');
      await frame.getByLabel(/^Cargo/).fill('Directora médica');
      // A required custom field left empty: its Spanish message under it, and nothing sent.
      await frame.getByRole('button', { name: 'Enviar' }).click();
      await frame.getByText('«Tipo de cliente» es obligatorio').waitFor();
      expect(await frame.getByLabel(/^Tipo de cliente/).getAttribute('aria-invalid')).toBe('true');
      await frame.getByLabel(/^Tipo de cliente/).selectOption({ label: 'Empresa' });
      await frame.getByRole('button', { name: 'Enviar' }).click();
      await frame.getByRole('status').filter({ hasText: 'Gracias, te contactaremos pronto.' }).waitFor();
      await screenshot(landing, 'web-forms-visitor-phone');

      await sellerPage.page.getByTestId('lead-card').filter({ hasText: leadName }).waitFor();
      await expect
        .poll(() =>
          sellerPage.page
            .getByRole('button', { name: /^Notificaciones/ })
            .first()
            .getAttribute('aria-label'),
        )
        .toBe('Notificaciones, 1 sin leer');
      const stored = await server.ctx.db
        .selectFrom('leads')
        .select(['assigned_to', 'address', 'custom_fields'])
        .where('email_key', '=', email)
        .execute();
      expect(stored).toEqual([
        { assigned_to: seller.id, address: 'Calle Mayor 1, Sevilla', custom_fields: { [customerType.body.key]: 'Empresa' } },
      ]);

      await page.getByRole('button', { name: 'Ver envíos' }).click();
      const log = page.getByRole('dialog', { name: 'Envíos de Presupuesto web' });
      await log.getByRole('link', { name: leadName }).waitFor();
      await log.getByText('utm_source=newsletter · utm_campaign=primavera').waitFor();
      await screenshot(page, 'web-forms-submissions-laptop', { fullPage: false });
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await log.getByRole('link', { name: leadName }).click();
      await page.waitForURL(/\/leads\/\d+$/);
      await page.getByText(/Formulario «Presupuesto web» enviado desde/).waitFor();
      const contact = page.getByTestId('lead-contact').filter({ hasText: 'Rocío Vega' });
      await contact.getByText('Principal').waitFor();
      await contact.getByText('Directora médica').waitFor();
      await page.getByText('Tipo de cliente', { exact: true }).waitFor();
      await page.getByText('Empresa', { exact: true }).waitFor();
      await screenshot(page, 'web-forms-lead-laptop');

      await page.setViewportSize(PHONE);
      await page.goto('/formularios');
      await card.waitFor();
      await screenshot(page, 'web-forms-phone');
      expect(await seriousViolations(page)).toEqual([]);
      // The builder on a phone: every row's controls within the screen.
      await card.getByRole('button', { name: 'Editar formulario Presupuesto web' }).click();
      const editor = page.getByRole('dialog', { name: 'Editar formulario' });
      const customRow = editor.getByTestId('web-form-field').filter({ hasText: 'Tipo de cliente' });
      await customRow.getByRole('switch', { name: 'Tipo de cliente obligatorio' }).waitFor();
      expect(await customRow.getByRole('switch', { name: 'Tipo de cliente obligatorio' }).isChecked()).toBe(true);
      const removeBox = await customRow.getByRole('button', { name: 'Quitar Tipo de cliente' }).boundingBox();
      expect((removeBox?.x ?? Number.POSITIVE_INFINITY) + (removeBox?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      await page.waitForTimeout(300);
      await screenshot(page, 'web-forms-dialog-phone', { fullPage: false });
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await visitor.close();
      await sellerPage.context.close();
      await context.close();
    },
  );
});
