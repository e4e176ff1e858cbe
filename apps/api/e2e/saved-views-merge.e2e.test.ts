/**
 * Issue 12 in the browser: a saved view is saved from the list's filters, applied from its chip and
 * deleted after a confirmation; 'Fusionar con…' finds the other lead, takes a field from it and
 * lands on the survivor. Axe at laptop and phone width (screenshots in e2e/screenshots).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, uniqueName, uniquePhone } from '../src/test/harness.js';
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

async function createLead(name: string, email: string): Promise<number> {
  const response = await adminApi.post('/api/leads', {
    name,
    email,
    phone: uniquePhone(),
    category: 'salud',
    description: 'Lead de prueba',
  });
  expect(response.status).toBe(201);
  return (response.body as { id: number }).id;
}

describe('saved views and merging leads', () => {
  it(
    'saves the current filters as a chip, applies it and deletes it, at both widths',
    async () => {
      for (const viewport of [LAPTOP, PHONE]) {
        const token = uniqueName('Vista')
          .replace(/[^a-z0-9]/gi, '')
          .toLowerCase();
        const { page, context } = await pageSignedInAs(suite.browser, suite.server, 'manager', {
          bypassCSP: true,
          viewport,
          path: `/leads?modo=tabla&estado=interesado&q=${token}`,
        });
        context.setDefaultTimeout(15_000);
        await page.getByRole('button', { name: 'Guardar vista' }).click();
        const dialog = page.getByRole('dialog', { name: 'Guardar vista' });
        await dialog.getByLabel('Nombre').fill(`Interesados ${token}`);
        await page.waitForTimeout(300);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `save-view-${viewport.width}`, { fullPage: false });
        await dialog.getByRole('button', { name: 'Guardar' }).click();
        await dialog.waitFor({ state: 'hidden' });

        const views = page.getByRole('group', { name: 'Vistas guardadas' });
        const chip = views.getByRole('button', { name: `Interesados ${token}`, exact: true });
        await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('true');
        await page.goto('/leads');
        await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('false');
        await chip.click();
        await page.waitForURL((url) => url.searchParams.get('estado') === 'interesado' && url.searchParams.get('q') === token);
        expect(new URL(page.url()).searchParams.get('modo')).toBe('tabla');
        await page.waitForTimeout(300);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `saved-views-${viewport.width}`, { fullPage: false });

        await views.getByRole('button', { name: `Eliminar la vista «Interesados ${token}»` }).click();
        await page.getByRole('dialog', { name: 'Eliminar vista' }).getByRole('button', { name: 'Eliminar vista' }).click();
        await chip.waitFor({ state: 'detached' });
        await context.close();
      }
    },
    JOURNEY_MS,
  );

  it(
    'merges another lead into this one, taking its email, and stays on the survivor',
    async () => {
      const token = uniqueName('Fusion')
        .replace(/[^a-z0-9]/gi, '')
        .toLowerCase();
      const survivorId = await createLead(`Clínica ${token}`, `${token}@example.com`);
      const otherId = await createLead(`Clínica ${token} duplicada`, `${token}.nuevo@example.com`);
      // The phone only looks (and runs axe); the laptop then merges.
      for (const viewport of [PHONE, LAPTOP]) {
        const { page, context } = await pageSignedInAs(suite.browser, suite.server, 'manager', {
          bypassCSP: true,
          viewport,
          path: `/leads/${survivorId}`,
        });
        context.setDefaultTimeout(15_000);
        await page.getByRole('button', { name: 'Fusionar con…' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Lead a fusionar').fill(`${token} duplicada`);
        await dialog.getByRole('listitem').filter({ hasText: 'duplicada' }).waitFor();
        await page.waitForTimeout(300);
        expect(await seriousViolations(page)).toEqual([]);
        await dialog.getByRole('listitem').filter({ hasText: 'duplicada' }).click();
        await dialog.getByRole('radiogroup', { name: 'Email' }).waitFor();
        await page.waitForTimeout(300);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `merge-chooser-${viewport.width}`, { fullPage: false });
        if (viewport === PHONE) {
          await context.close();
          continue;
        }
        await dialog.getByRole('radio', { name: `${token}.nuevo@example.com` }).check();
        await dialog.getByRole('button', { name: 'Fusionar', exact: true }).click();
        await page.getByText('Leads fusionados').waitFor();
        expect(new URL(page.url()).pathname).toBe(`/leads/${survivorId}`);
        await page.getByText('Fusionado con «').first().waitFor();
        await context.close();
      }
      expect((await adminApi.get(`/api/leads/${otherId}`)).status).toBe(404);
      expect((await adminApi.get(`/api/leads/${survivorId}`)).body).toMatchObject({ email: `${token}.nuevo@example.com` });
    },
    JOURNEY_MS,
  );
});
