/**
 * 'Configuración → Auditoría' in Chromium at laptop and phone width: an admin reads the log, filters
 * it by action, pages back, and downloads the CSV; axe-core finds nothing serious; a manager is kept out.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, uniqueName } from '../src/test/harness.js';
import { recordAudit } from '../src/audit-trail.js';
import { seriousViolations } from './axe.js';
import { LAPTOP, PHONE, launchBrowser, pageSignedInAs, screenshot, startBrowserServer } from './browser.js';

let server: TestServer;
let browser: Browser;
const action = uniqueName('prueba').toLowerCase();

beforeAll(async () => {
  server = await startBrowserServer();
  browser = await launchBrowser();
  const viewer = { user: { id: 1, firstName: 'Ana', lastName: 'Pérez' } as never };
  for (let n = 1; n <= 55; n += 1) {
    await recordAudit(
      server.ctx,
      { viewer, ip: '203.0.113.9' },
      { action: `${action}.cambio`, summary: 'Cambio de prueba', target: { type: 'lead', id: n }, details: { n } },
    );
  }
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.each([
  ['portátil', LAPTOP],
  ['móvil', PHONE],
] as const)("'Configuración → Auditoría' (%s)", (label, viewport) => {
  it('shows the log newest first, filters by action, pages back and offers the CSV; axe-clean', async () => {
    const { page, context } = await pageSignedInAs(browser, server, 'admin', {
      viewport,
      bypassCSP: true,
      path: '/configuracion/auditoria',
    });
    try {
      await page.getByRole('tab', { name: 'Auditoría', selected: true }).waitFor();
      await page.getByLabel('Acción').fill(`${action}.`);
      await page.getByRole('button', { name: 'Filtrar' }).click();
      await page.getByRole('cell', { name: 'lead 55' }).waitFor();
      expect(await page.getByRole('row').count()).toBe(51);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `auditoria-${label}`);
      await page.getByRole('button', { name: 'Más antiguas' }).click();
      await page.getByRole('cell', { name: 'lead 5', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Más antiguas' }).isDisabled()).toBe(true);
      const href = await page.getByRole('link', { name: 'Descargar CSV' }).getAttribute('href');
      expect(href).toBe(`/api/audit/export?action=${encodeURIComponent(`${action}.`)}`);
      const csv = await page.evaluate(async (url) => (await fetch(url)).text(), href ?? '');
      expect(csv.split('\r\n').filter(Boolean)).toHaveLength(56);
    } finally {
      await context.close();
    }
  });
});

it('keeps a manager out of the audit log', async () => {
  const { page, context } = await pageSignedInAs(browser, server, 'manager', { path: '/configuracion/auditoria' });
  try {
    await page
      .getByRole('tab', { name: 'Auditoría' })
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => undefined);
    expect(await page.getByRole('tab', { name: 'Auditoría' }).count()).toBe(0);
  } finally {
    await context.close();
  }
});
