/**
 * 'Tokens de API' in a real browser: reached from Mi Perfil, empty at first, a token created and
 * shown once with its warning and copy button (and working against the API), listed with its last
 * use, revoked after confirming; axe-clean, at laptop and phone widths.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type TestServer, createUser, loginAs, uniqueName } from '../src/test/harness.js';
import { seriousViolations } from './axe.js';
import { LAPTOP, PHONE, pageSignedInAs, screenshot, type BrowserSuite, startBrowserSuite } from './browser.js';

let server: TestServer;
let browser: Browser;
let suite: BrowserSuite | undefined;

beforeAll(async () => {
  suite = await startBrowserSuite();
  ({ server, browser } = suite);
});

afterAll(async () => {
  await suite?.close();
});

const TEST_TIMEOUT_MS = 180_000;

async function expectAxeClean(page: Page, include?: string): Promise<void> {
  expect(await seriousViolations(page, include)).toEqual([]);
}

describe('Tokens de API', () => {
  for (const [label, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    it(
      `creates a token shown once, lists its use and revokes it (${label})`,
      async () => {
        const { page, context } = await pageSignedInAs(browser, server, 'team_member', { viewport, bypassCSP: true, path: '/profile' });
        page.setDefaultTimeout(30_000);
        await context.grantPermissions(['clipboard-read', 'clipboard-write']);
        await page.getByRole('link', { name: 'Tokens de API' }).click();
        await page.getByRole('heading', { name: 'Tokens de API' }).waitFor();
        await page.getByText('Aún no hay tokens de API').waitFor();
        await expectAxeClean(page);
        await screenshot(page, `api-tokens-empty-${label}`);

        await page.getByRole('button', { name: 'Nuevo token' }).click();
        const dialog = page.getByRole('dialog', { name: 'Nuevo token de API' });
        await dialog.getByRole('button', { name: 'Crear token' }).click();
        await dialog.getByText('El nombre del token es requerido').waitFor();
        await dialog.getByLabel('Nombre').fill('Integración web');
        await dialog.getByRole('combobox', { name: 'Permisos' }).click();
        await page.getByRole('option', { name: 'Solo lectura', exact: true }).click();
        await expectAxeClean(page, '[role="dialog"]');
        await dialog.getByRole('button', { name: 'Crear token' }).click();

        const shown = page.getByRole('dialog', { name: 'Token creado' });
        await shown.getByText('Este token no se volverá a mostrar').waitFor();
        const token = await shown.getByLabel('Token «Integración web»').inputValue();
        expect(token).toMatch(/^crm_[A-Za-z0-9_-]{43}$/);
        await shown.getByRole('button', { name: 'Copiar token' }).click();
        await shown.getByRole('button', { name: 'Copiado' }).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
        await expectAxeClean(page, '[role="dialog"]');
        await screenshot(page, `api-tokens-created-${label}`, { fullPage: false });
        await shown.getByRole('button', { name: 'Hecho' }).click();

        // The token works for another program, and the list then shows its last use (never the secret).
        const program = new ApiClient(server.url);
        expect((await program.request('GET', '/api/auth/user', undefined, { authorization: `Bearer ${token}` })).status).toBe(200);
        await page.reload();
        const row = page.getByTestId('api-token-row').filter({ hasText: 'Integración web' });
        await row.getByText('desde 127.0.0.1').filter({ visible: true }).waitFor();
        await row.getByText('Solo lectura').filter({ visible: true }).waitFor();
        expect(await page.content()).not.toContain(token);
        await expectAxeClean(page);
        await screenshot(page, `api-tokens-list-${label}`);

        await row.getByRole('button', { name: 'Revocar el token Integración web' }).click();
        const confirm = page.getByRole('dialog', { name: 'Revocar token' });
        await confirm.getByText('dejarán de tener acceso de inmediato').waitFor();
        await confirm.getByRole('button', { name: 'Revocar' }).click();
        await page.getByText('Aún no hay tokens de API').waitFor();
        expect((await program.request('GET', '/api/auth/user', undefined, { authorization: `Bearer ${token}` })).status).toBe(401);
        await context.close();
      },
      TEST_TIMEOUT_MS,
    );
  }

  it(
    "shows an admin everyone's tokens with their owners",
    async () => {
      const username = uniqueName('tokowner');
      await createUser(server, { username, firstName: 'Olga', lastName: 'Propietaria' });
      const owner = await loginAs(server, username);
      expect((await owner.post('/api/tokens', { name: 'Hoja de cálculo', scope: 'write' })).status).toBe(201);

      const { page, context } = await pageSignedInAs(browser, server, 'admin', { bypassCSP: true, path: '/profile' });
      page.setDefaultTimeout(30_000);
      const link = page.getByRole('link', { name: 'Tokens de API' });
      await link.waitFor();
      await screenshot(page, 'api-tokens-profile-link-laptop');
      await link.click();
      await page.getByRole('columnheader', { name: 'Propietario' }).waitFor();
      const row = page.getByTestId('api-token-row').filter({ hasText: 'Hoja de cálculo' });
      await row.getByText('Olga Propietaria').filter({ visible: true }).waitFor();
      await row.getByText('Lectura y escritura').filter({ visible: true }).waitFor();
      await row.getByText('Nunca usado').filter({ visible: true }).waitFor();
      await expectAxeClean(page);
      await screenshot(page, 'api-tokens-admin-laptop');
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );
});
