/**
 * 'Datos personales' of one contact in a real browser (GDPR arts. 15 and 17): an admin exports the
 * person's data from the contact's card and anonymises them after a confirmation that says it
 * cannot be undone; the card shows the result at once, the lead's other people stay. Managers and
 * Vendedores see no such menu. At laptop and phone widths, axe-clean.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestServer, uniqueName, uniquePhone } from '../src/test/harness.js';
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

/** A lead with two people: the one who asks (primary) and a colleague. */
async function leadWithContacts(label: string) {
  const lead = await adminApi.post<{ id: number }>('/api/leads', {
    name: `Clínica ${label} ${uniqueName('pd')}`,
    phone: uniquePhone(),
    category: 'salud',
    description: 'Lead con contactos',
  });
  expect(lead.status).toBe(201);
  const add = async (body: Record<string, unknown>) => {
    const created = await adminApi.post<{ id: number; name: string }>(`/api/leads/${lead.body.id}/contacts`, body);
    expect(created.status).toBe(201);
    return created.body;
  };
  const ana = await add({
    name: uniqueName('Ana Pérez '),
    email: `${uniqueName('ana')}@norte.es`,
    cargo: 'Directora',
    phone: uniquePhone(),
  });
  const luis = await add({ name: uniqueName('Luis Gómez '), cargo: 'Compras' });
  return { leadId: lead.body.id, ana, luis };
}

const contactCard = (page: Page, name: string) => page.getByTestId('lead-contact').filter({ hasText: name });

async function download(page: Page, item: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
  return readFile(await file.path(), 'utf8');
}

describe("a contact's personal data", () => {
  for (const [label, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    it(
      `exports one contact's data and anonymises them from the card (${label})`,
      async () => {
        const { leadId, ana, luis } = await leadWithContacts(label);
        const { page, context } = await pageSignedInAs(browser, server, 'admin', { viewport, path: `/leads/${leadId}` });
        context.setDefaultTimeout(10_000);
        const card = contactCard(page, ana.name);
        await card.waitFor();

        const menuButton = card.getByRole('button', { name: `Datos personales de ${ana.name}` });
        await menuButton.click();
        const menu = page.getByRole('menu');
        await menu.getByText('Exportar datos personales').waitFor();
        expect(await seriousViolations(page, '[role="menu"]')).toEqual([]);
        await screenshot(page, `contact-personal-data-menu-${label}`, { fullPage: false });
        const json = JSON.parse(await download(page, 'Exportar en JSON')) as { contact: { name: string; cargo: string } };
        expect(json.contact).toMatchObject({ name: ana.name, cargo: 'Directora' });
        await menuButton.click();
        const csv = await download(page, 'Exportar en CSV');
        expect(csv).toContain(`contacto;1;name;${ana.name}`);

        await menuButton.click();
        await page.getByRole('menuitem', { name: 'Anonimizar' }).click();
        const dialog = page.getByRole('dialog', { name: 'Anonimizar contacto' });
        await dialog.getByText(`¿Anonimizar «${ana.name}»?`, { exact: false }).waitFor();
        await dialog.getByText('No se puede deshacer.', { exact: false }).waitFor();
        expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
        await screenshot(page, `contact-personal-data-confirm-${label}`, { fullPage: false });
        await dialog.getByRole('button', { name: 'Anonimizar' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByText('Datos personales anonimizados').first().waitFor();

        const anonymised = contactCard(page, `Contacto anonimizado #${ana.id}`);
        await anonymised.getByText('Principal').waitFor();
        expect(await anonymised.getByText('Directora').count()).toBe(0);
        expect(await anonymised.getByRole('link').count()).toBe(0);
        await contactCard(page, luis.name).getByText('Compras').waitFor();
        // The timeline refetches beside the card: her name leaves it too.
        await expect.poll(() => page.getByText(ana.name).count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `contact-personal-data-done-${label}`);
        await context.close();
      },
      JOURNEY_MS,
    );
  }

  it(
    'shows no personal data menu on contacts to a manager or a Vendedor',
    async () => {
      const { leadId, ana } = await leadWithContacts('sin menú');
      for (const role of ['manager', 'team_member'] as const) {
        const { page, context } = await pageSignedInAs(browser, server, role, { viewport: PHONE, path: `/leads/${leadId}` });
        context.setDefaultTimeout(10_000);
        await contactCard(page, ana.name).getByText('Directora').waitFor();
        expect(await page.getByRole('button', { name: /^Datos personales/ }).count(), role).toBe(0);
        await context.close();
      }
    },
    JOURNEY_MS,
  );
});
