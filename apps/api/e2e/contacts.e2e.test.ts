/**
 * A lead's 'Contactos' card in a real browser (issue 29): a manager adds people with the dialog,
 * each shows their own call and WhatsApp links, one is made primary; a Vendedor reads them only.
 * An admin defines contact fields under Configuración; the dialog asks for them with the inputs
 * of their types and the card shows them. At laptop and phone widths, axe-clean.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestServer, uniqueName } from '../src/test/harness.js';
import { seriousViolations } from './axe.js';
import { LAPTOP, PHONE, type BrowserSuite, pageSignedInAs, screenshot, startBrowserSuite } from './browser.js';

const JOURNEY_MS = 90_000;

let server: TestServer;
let browser: Browser;
let adminApi: ApiClient;
let suite: BrowserSuite | undefined;

beforeAll(async () => {
  suite = await startBrowserSuite({ adminApi: true });
  ({ server, browser } = suite);
  adminApi = suite.adminApi as ApiClient;
});

afterAll(async () => {
  await suite?.close();
});

let phoneSuffix = 200;

async function createLead(name: string): Promise<number> {
  phoneSuffix += 1;
  const response = await adminApi.post('/api/leads', {
    name,
    email: `${uniqueName('ct')}@example.com`,
    phone: `+34 612 100 ${phoneSuffix}`,
    category: 'salud',
    description: 'Lead con contactos',
  });
  expect(response.status).toBe(201);
  return (response.body as { id: number }).id;
}

async function addContactThroughDialog(
  page: Page,
  fields: { name: string; cargo?: string; email?: string; phone?: string },
  shot?: string,
) {
  await page.getByRole('button', { name: 'Añadir contacto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Añadir contacto' });
  await dialog.getByRole('textbox', { name: 'Nombre' }).fill(fields.name);
  if (fields.cargo) await dialog.getByRole('textbox', { name: 'Cargo' }).fill(fields.cargo);
  if (fields.email) await dialog.getByRole('textbox', { name: 'Email' }).fill(fields.email);
  if (fields.phone) await dialog.getByRole('textbox', { name: 'Teléfono' }).fill(fields.phone);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
  if (shot) await screenshot(page, shot, { fullPage: false });
  await dialog.getByRole('button', { name: 'Añadir contacto' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const contactCard = (page: Page, name: string) => page.getByTestId('lead-contact').filter({ hasText: name });

describe("a lead's contacts", () => {
  for (const [label, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    it(
      `adds a contact with its call and WhatsApp links, then makes another primary (${label})`,
      async () => {
        const leadId = await createLead(`Clínica Norte ${label}`);
        const { page, context } = await pageSignedInAs(browser, server, 'manager', { viewport, path: `/leads/${leadId}` });
        context.setDefaultTimeout(10_000);
        await page.getByRole('heading', { name: 'Contactos' }).waitFor();
        await page.getByText('Sin contactos.').waitFor();

        // A refused form says why in Spanish and sends nothing.
        await page.getByRole('button', { name: 'Añadir contacto' }).click();
        const dialog = page.getByRole('dialog', { name: 'Añadir contacto' });
        await dialog.getByRole('button', { name: 'Añadir contacto' }).click();
        await dialog.getByText('El nombre del contacto es requerido').waitFor();
        // The first contact is the primary anyway: no box to choose it.
        expect(await dialog.getByRole('checkbox', { name: 'Contacto principal' }).count()).toBe(0);
        await dialog.getByRole('button', { name: 'Cancelar' }).click();
        await dialog.waitFor({ state: 'detached' });

        await addContactThroughDialog(
          page,
          { name: 'Ana Pérez', cargo: 'Directora', email: 'ana@norte.es', phone: '+34 622 333 444' },
          `contacts-dialog-${label}`,
        );
        const ana = contactCard(page, 'Ana Pérez');
        await ana.getByText('Principal').waitFor();
        await ana.getByText('Directora').waitFor();
        expect(await ana.getByRole('link', { name: /^Llamar a Ana Pérez/ }).getAttribute('href')).toBe('tel:+34622333444');
        expect(await ana.getByRole('link', { name: /^WhatsApp de Ana Pérez/ }).getAttribute('href')).toBe('https://wa.me/34622333444');
        expect(await ana.getByRole('link', { name: 'ana@norte.es' }).getAttribute('href')).toBe('mailto:ana@norte.es');
        // The history records it.
        await page.getByTestId('timeline-entry').first().getByText('Contacto añadido: «Ana Pérez» (principal)').waitFor();

        await addContactThroughDialog(page, { name: 'Luis Gómez', phone: '+34 633 444 555' });
        const luis = contactCard(page, 'Luis Gómez');
        await luis.waitFor();
        expect(await luis.getByText('Principal').count()).toBe(0);
        await luis.getByRole('button', { name: 'Marcar a Luis Gómez como contacto principal' }).click();
        await luis.getByText('Principal').waitFor();
        await expect.poll(() => ana.getByText('Principal').count()).toBe(0);
        // The primary comes first.
        await expect.poll(() => page.getByTestId('lead-contact').first().textContent()).toContain('Luis Gómez');

        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `contacts-lead-${label}`);

        // The list's card names the primary contact.
        await page.goto('/leads');
        const card = page.getByTestId('lead-card').filter({ hasText: `Clínica Norte ${label}` });
        await card.getByTestId('lead-card-contact').getByText('Luis Gómez').waitFor();
        await context.close();
      },
      JOURNEY_MS,
    );
  }

  it(
    'shows a Vendedor the contacts and their links, without the buttons that change them',
    async () => {
      const leadId = await createLead('Óptica Sur');
      expect((await adminApi.post(`/api/leads/${leadId}/contacts`, { name: 'Eva Ruiz', phone: '+34 644 555 666' })).status).toBe(201);
      const { page, context } = await pageSignedInAs(browser, server, 'team_member', { viewport: PHONE, path: `/leads/${leadId}` });
      context.setDefaultTimeout(10_000);
      const eva = contactCard(page, 'Eva Ruiz');
      await eva.getByRole('link', { name: /^WhatsApp de Eva Ruiz/ }).waitFor();
      expect(await page.getByRole('button', { name: 'Añadir contacto' }).count()).toBe(0);
      expect(await eva.getByRole('button').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      // A contact a manager adds meanwhile appears without a reload (the live lead event).
      expect((await adminApi.post(`/api/leads/${leadId}/contacts`, { name: 'Pedro Sanz', cargo: 'Compras' })).status).toBe(201);
      await contactCard(page, 'Pedro Sanz').getByText('Compras').waitFor();
      await context.close();
    },
    JOURNEY_MS,
  );

  // Last: the contact fields it defines show in every later contact dialog of this server.
  it(
    'defines contact fields, asks for them in the contact dialog with their checks, and shows them on the card',
    async () => {
      // A retry starts without the fields an earlier attempt defined (archived: their keys stay taken).
      const earlier = (await adminApi.get('/api/custom-fields?entity=contact')).body as { id: number }[];
      for (const field of earlier) expect((await adminApi.delete(`/api/custom-fields/${field.id}`)).status).toBe(200);
      const leadId = await createLead(`Gestoría Centro ${uniqueName('')}`);
      const { page, context } = await pageSignedInAs(browser, server, 'admin', { viewport: LAPTOP, path: '/configuracion/campos' });
      context.setDefaultTimeout(10_000);
      await page.getByRole('tabpanel').getByText('Contactos', { exact: true }).click();
      await expect.poll(() => page.getByRole('radio', { name: 'Contactos' }).isChecked()).toBe(true);
      const form = page.getByRole('form', { name: 'Nuevo campo' });
      await form.getByText('Obligatorio al crear un contacto').waitFor();
      await form.getByRole('textbox', { name: 'Nombre' }).fill('Idioma');
      await form.getByRole('combobox', { name: 'Tipo' }).click();
      await page.getByRole('option', { name: 'Selección', exact: true }).click();
      for (const option of ['Español', 'Inglés']) {
        await form.getByLabel(/^Opciones/).fill(option);
        await page.keyboard.press('Enter');
      }
      await form.getByRole('checkbox', { name: 'Obligatorio al crear un contacto' }).check();
      await form.getByRole('button', { name: 'Crear campo' }).click();
      await page.getByLabel('Campos activos').getByTestId('custom-field-row').filter({ hasText: 'Idioma' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      // A number field, defined through the API; neither is a lead field.
      expect((await adminApi.post('/api/custom-fields', { entity: 'contact', label: 'Extensión', type: 'number' })).status).toBe(201);
      expect(await adminApi.get('/api/custom-fields?entity=lead').then((answer) => answer.body)).toEqual([]);

      await page.goto(`/leads/${leadId}`);
      await page.getByRole('button', { name: 'Añadir contacto' }).click();
      const dialog = page.getByRole('dialog', { name: 'Añadir contacto' });
      await dialog.getByRole('textbox', { name: 'Nombre' }).fill('Rosa Vidal');
      await dialog.getByRole('textbox', { name: 'Extensión' }).fill('doce');
      await dialog.getByRole('button', { name: 'Añadir contacto' }).click();
      await dialog.getByText('«Idioma» es obligatorio').waitFor();
      await dialog.getByText('«Extensión»: debe ser un número').waitFor();
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await screenshot(page, 'contact-custom-fields-dialog-laptop', { fullPage: false });
      await dialog.getByRole('combobox', { name: /^Idioma/ }).click();
      await page.getByRole('option', { name: 'Inglés', exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Extensión' }).fill('204');
      await dialog.getByRole('button', { name: 'Añadir contacto' }).click();
      await dialog.waitFor({ state: 'detached' });
      const rosa = contactCard(page, 'Rosa Vidal');
      await rosa.getByText('Inglés').waitFor();
      await rosa.getByText('204').waitFor();

      // An edit changes one value and the history names the field.
      await rosa.getByRole('button', { name: 'Editar a Rosa Vidal' }).click();
      const edit = page.getByRole('dialog', { name: 'Editar contacto' });
      await expect.poll(() => edit.getByRole('textbox', { name: 'Extensión' }).inputValue()).toBe('204');
      await edit.getByRole('textbox', { name: 'Extensión' }).fill('205');
      await edit.getByRole('button', { name: 'Guardar cambios' }).click();
      await edit.waitFor({ state: 'detached' });
      await rosa.getByText('205').waitFor();
      const entry = page.getByTestId('timeline-entry').filter({ hasText: 'Contacto «Rosa Vidal» editado' });
      await entry.getByText('Extensión: 204 → 205').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'contact-custom-fields-card-laptop');
      await context.close();

      const phone = await pageSignedInAs(browser, server, 'manager', { viewport: PHONE, path: `/leads/${leadId}` });
      phone.context.setDefaultTimeout(10_000);
      const card = contactCard(phone.page, 'Rosa Vidal');
      await card.getByText('Idioma').waitFor();
      await card.getByText('Inglés').waitFor();
      await card.getByRole('button', { name: 'Editar a Rosa Vidal' }).click();
      const phoneEdit = phone.page.getByRole('dialog', { name: 'Editar contacto' });
      await expect.poll(() => phoneEdit.getByRole('combobox', { name: /^Idioma/ }).inputValue()).toBe('Inglés');
      expect(await seriousViolations(phone.page, '[role="dialog"]')).toEqual([]);
      await screenshot(phone.page, 'contact-custom-fields-dialog-phone', { fullPage: false });
      await phone.context.close();
    },
    JOURNEY_MS,
  );
});
