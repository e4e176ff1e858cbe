/**
 * A lead's 'Contactos' card in a real browser (issue 29): a manager adds people with the dialog,
 * each shows their own call and WhatsApp links, one is made primary; a Vendedor reads them only.
 * At laptop and phone widths, axe-clean.
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
        const { page, context } = await pageSignedInAs(browser, server, 'manager', { viewport });
        context.setDefaultTimeout(10_000);
        await page.goto(`/leads/${leadId}`);
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
      const { page, context } = await pageSignedInAs(browser, server, 'team_member', { viewport: PHONE });
      context.setDefaultTimeout(10_000);
      await page.goto(`/leads/${leadId}`);
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
});
