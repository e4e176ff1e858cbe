/**
 * Issue 29: a team that sells in euros sees each board column's count and value in € (the sum of
 * its leads' amounts, or the value per conversion without one), at laptop and phone width, axe clean;
 * the lead page shows the deal and its tags.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, TestServer } from '../src/test/harness.js';
import { seriousViolations } from './axe.js';
import { LAPTOP, PHONE, type BrowserSuite, pageSignedInAs, screenshot, startBrowserSuite } from './browser.js';

const TEST_MS = 120_000;
const EUR_TEAM = { country: 'ES', currency: 'EUR', locale: 'es-ES', timeZone: 'Europe/Madrid', workingDays: [1, 2, 3, 4, 5] };

let suite: BrowserSuite | undefined;
let server: TestServer;
let browser: Browser;
let adminApi: ApiClient;
let leadId = 0;

const plain = (text: string | null) => (text ?? '').replace(/\u00a0|\u202f/g, ' ').trim();

async function boardValue(page: Page, status: string): Promise<string> {
  return plain(await page.getByTestId(`board-column-${status}`).getByTestId('board-column-value').textContent());
}

beforeAll(async () => {
  suite = await startBrowserSuite({ adminApi: true });
  ({ server, browser } = suite);
  adminApi = suite.adminApi as ApiClient;
  expect((await adminApi.put('/api/settings/team', { ...EUR_TEAM, valuePerConversion: '1000' })).status).toBe(200);
  const lead = async (name: string, fields: Record<string, unknown>) => {
    const created = await adminApi.post('/api/leads', {
      name,
      phone: `+34 61${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
      category: 'retail',
      description: 'Trato de prueba',
      ...fields,
    });
    expect(created.status).toBe(201);
    return created.body as { id: number };
  };
  leadId = (await lead('Bodega Valor', { amount: '1234.56', expectedCloseDate: '2026-12-20' })).id;
  await lead('Ferretería Sin Importe', {});
  const won = await lead('Hotel Ganado', { amount: '2500' });
  expect((await adminApi.put(`/api/leads/${won.id}`, { status: 'convertido' })).status).toBe(200);
  const tag = await adminApi.post('/api/tags', { name: 'Feria 2026', color: '#fab005' });
  expect((await adminApi.put(`/api/leads/${leadId}/tags`, { tagIds: [tag.body.id] })).status).toBe(200);
}, TEST_MS);

afterAll(async () => {
  await suite?.close();
});

describe('the board of a team selling in euros', () => {
  for (const [name, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    it(
      `shows each column's count and value in € (${name}), axe clean`,
      async () => {
        const { page, context } = await pageSignedInAs(browser, server, 'manager', { viewport, bypassCSP: true, path: '/pipeline' });
        await page.getByTestId('board-column-nuevo').getByTestId('board-column-value').waitFor();
        // 1234,56 € with an amount and 1000 € (the team's value per conversion) without one.
        expect(await boardValue(page, 'nuevo')).toBe('2.234,56 €');
        expect(await boardValue(page, 'convertido')).toBe('2.500 €');
        expect(await boardValue(page, 'perdido')).toBe('0 €');
        expect(plain(await page.getByTestId('board-column-nuevo').getByTestId('board-column-count').textContent())).toBe('2');
        expect(await page.getByTestId('pipeline-board').textContent()).not.toContain('$');
        await page.waitForLoadState('networkidle');
        await screenshot(page, `deal-board-${name}`, { fullPage: false });
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      },
      TEST_MS,
    );
  }

  it(
    'shows the deal and the tags on the lead page, axe clean',
    async () => {
      const { page, context } = await pageSignedInAs(browser, server, 'manager', {
        viewport: LAPTOP,
        bypassCSP: true,
        path: `/leads/${leadId}`,
      });
      await page.getByRole('heading', { name: 'Bodega Valor', level: 1 }).waitFor();
      await page.getByText('Feria 2026').first().waitFor();
      expect(plain(await page.locator('body').textContent())).toContain('1.234,56 €');
      await page.waitForLoadState('networkidle');
      await screenshot(page, 'deal-lead-page');
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    },
    TEST_MS,
  );
});
