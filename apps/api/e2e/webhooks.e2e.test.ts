/**
 * 'Configuración → Webhooks' in Chromium at laptop and phone width: an admin creates an endpoint
 * (the secret shown once), sees a delivery arrive at a real local receiver, resends it, pauses the
 * endpoint; axe-core finds nothing serious on the screen or its dialogs; a manager is kept out.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestServer, createUser, loginAs, uniqueName, uniquePhone } from '../src/test/harness.js';
import { WebhookReceiver } from '../src/test/webhook-receiver.js';
import { seriousViolations } from './axe.js';
import { LAPTOP, PHONE, launchBrowser, pageSignedInAs, screenshot, startBrowserServer } from './browser.js';

let server: TestServer;
let browser: Browser;
let receiver: WebhookReceiver;
let adminApi: ApiClient;

beforeAll(async () => {
  server = await startBrowserServer({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  browser = await launchBrowser();
  receiver = await WebhookReceiver.start();
  const username = uniqueName('apiadmin');
  await createUser(server, { username, systemRole: 'admin' });
  adminApi = await loginAs(server, username);
}, 60_000);

afterAll(async () => {
  await receiver?.close();
  await browser?.close();
  await server?.close();
});

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('.mantine-Loader-root').first().waitFor({ state: 'detached' });
  await page.waitForTimeout(400);
}

describe.each([
  ['portátil', LAPTOP],
  ['móvil', PHONE],
] as const)("'Configuración → Webhooks' (%s)", (label, viewport) => {
  it('creates a webhook, shows its secret once, logs a delivery, resends it and pauses it; axe-clean', async () => {
    const { page, context } = await pageSignedInAs(browser, server, 'admin', {
      viewport,
      bypassCSP: true,
      path: '/configuracion/webhooks',
    });
    try {
      await page.getByRole('tab', { name: 'Webhooks', selected: true }).waitFor();
      await settled(page);
      const existing = (await adminApi.get('/api/webhooks')).body.length;
      if (existing === 0) await page.getByText('Ningún webhook todavía').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `webhooks-${label}-lista`);

      const path = `/${uniqueName('e2e')}`;
      await page.getByRole('button', { name: 'Nuevo webhook' }).click();
      const form = page.getByRole('dialog', { name: 'Nuevo webhook' });
      await form.waitFor();
      await page.waitForTimeout(300);
      await form.getByRole('button', { name: 'Crear webhook' }).click();
      await form.getByText('La URL debe empezar por http:// o https:// y ser una dirección válida').waitFor();
      await form.getByText('Elige al menos un evento').waitFor();
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await screenshot(page, `webhooks-${label}-nuevo`, { fullPage: false });
      await form.getByLabel('URL').fill(receiver.url(path));
      await form.getByLabel('Lead creado').check();
      await form.getByLabel('Cambio de estado de un lead').check();
      await form.getByLabel('Descripción').fill(`Web ${label}`);
      await form.getByRole('button', { name: 'Crear webhook' }).click();

      const secretDialog = page.getByRole('dialog', { name: 'Secreto de firma' });
      await secretDialog.waitFor();
      const secret = (await secretDialog.locator('pre').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      receiver.secrets.set(path, [secret]);
      await page.waitForTimeout(300);
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await screenshot(page, `webhooks-${label}-secreto`, { fullPage: false });
      await secretDialog.getByRole('button', { name: 'Hecho' }).click();

      const lead = await adminApi.post('/api/leads', { name: `Lead ${label}`, phone: uniquePhone(), category: 'salud', description: 'x' });
      expect(lead.status).toBe(201);
      await expect.poll(() => receiver.accepted(path).length, { timeout: 15_000 }).toBe(1);
      expect(receiver.accepted(path)[0]?.verifiedWith).toBe(secret);

      const card = page.locator('.mantine-Paper-root', { hasText: receiver.url(path) });
      await card.getByRole('button', { name: 'Entregas' }).click();
      const log = page.getByRole('dialog', { name: 'Entregas' });
      await log.getByText('Entregado').waitFor();
      await log.getByText('HTTP 200').waitFor();
      await page.waitForTimeout(300);
      expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
      await screenshot(page, `webhooks-${label}-entregas`, { fullPage: false });
      await log.getByRole('button', { name: /^Reenviar entrega/ }).click();
      await expect.poll(() => receiver.accepted(path).length, { timeout: 15_000 }).toBe(2);
      expect(receiver.accepted(path)[1]?.id).toBe(receiver.accepted(path)[0]?.id);
      await page.keyboard.press('Escape');
      await log.waitFor({ state: 'hidden' });

      await card.getByRole('button', { name: 'Pausar' }).click();
      await card.getByText('Pausado', { exact: true }).waitFor();
      await card.getByRole('button', { name: 'Reanudar' }).waitFor();
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `webhooks-${label}-pausado`);
    } finally {
      await context.close();
    }
  }, 120_000);
});

it('keeps a manager out of the screen and the API', async () => {
  const { page, context } = await pageSignedInAs(browser, server, 'manager', { path: '/configuracion/webhooks' });
  try {
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: 'Nuevo webhook' }).count()).toBe(0);
    const status = await page.evaluate(async () => (await fetch('/api/webhooks')).status);
    expect(status).toBe(403);
  } finally {
    await context.close();
  }
});
