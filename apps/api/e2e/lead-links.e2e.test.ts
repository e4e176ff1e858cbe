/**
 * A lead's name opens its page wherever it shows (cards, table, board, search), 'Volver' returns to the
 * list as it was (filters, sort, tab and scroll in the URL and the session); at phone width the filters
 * fold behind 'Filtros'; toasts keep to the bottom-right corner; touch screens get no Ctrl+K hint.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createUser, uniqueName, uniquePhone } from '../src/test/harness.js';
import { seriousViolations } from './axe.js';
import {
  LAPTOP,
  PHONE,
  newContext,
  pageSignedInAs,
  screenshot,
  openSignedIn,
  signIn,
  type BrowserSuite,
  startBrowserSuite,
} from './browser.js';

const JOURNEY_MS = 90_000;

let suite: BrowserSuite;
let adminApi: ApiClient;
/** Every lead of this file carries it: searching for it shows only them. */
const token = uniqueName('enlace').replace(/[^a-z0-9]/gi, '');

beforeAll(async () => {
  suite = await startBrowserSuite({ adminApi: true });
  adminApi = suite.adminApi as ApiClient;
  for (let index = 1; index <= 30; index += 1) {
    const response = await adminApi.post('/api/leads', {
      name: `Clínica Castellana ${String(index).padStart(2, '0')} ${token}`,
      phone: uniquePhone(),
      email: `${token}${index}@example.com`,
      category: index % 2 === 0 ? 'salud' : 'retail',
      description: 'Lead de prueba',
    });
    expect(response.status).toBe(201);
  }
});

afterAll(async () => {
  await suite?.close();
});

async function signedIn(viewport = LAPTOP) {
  const session = await pageSignedInAs(suite.browser, suite.server, 'manager', { viewport, bypassCSP: true });
  session.context.setDefaultTimeout(10_000);
  return session;
}

function leadHeading(page: Page) {
  return page.getByRole('heading', { level: 1, name: new RegExp(token) });
}

describe('links to a lead and the way back', () => {
  it(
    "opens a card's name and comes back to the same filtered list at the same scroll",
    async () => {
      const { page, context } = await signedIn();
      const list = `/leads?categoria=salud&q=${token}`;
      await page.goto(list);
      const cards = page.getByTestId('lead-card');
      // The first cards render at once, the others just after (LeadList): wait for the fifteenth.
      await cards.nth(14).waitFor();
      expect(await cards.count()).toBe(15);
      const last = cards.last().getByRole('link', { name: new RegExp(`^Clínica Castellana \\d+ ${token}$`) });
      await last.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300); // the position is saved once scrolling settles
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(300);
      const name = await last.textContent();
      await last.click();
      await leadHeading(page).waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      await page.getByRole('link', { name: 'Volver a Leads' }).click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === list);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 40);
      await expect(page.getByRole('link', { name: name ?? '' }).isVisible()).resolves.toBe(true);
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    "opens a lead from the sorted table and from the board, and 'Volver' goes back to each as it was",
    async () => {
      const { page, context } = await signedIn();
      const table = `/leads?q=${token}&modo=tabla&orden=name.desc`;
      await page.goto(table);
      await page.getByTestId('lead-table').waitFor();
      const first = page.getByTestId('lead-row').first().getByRole('link');
      await expect.poll(() => first.textContent()).toBe(`Clínica Castellana 30 ${token}`);
      await first.click();
      await leadHeading(page).waitFor();
      await page.getByRole('link', { name: 'Volver a Leads' }).click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === table);
      await expect.poll(() => page.getByTestId('lead-row').first().getByRole('link').textContent()).toBe(`Clínica Castellana 30 ${token}`);

      const board = `/pipeline?q=${token}&categoria=retail`;
      await page.goto(board);
      const boardLink = page.getByTestId('board-card').first().getByRole('link');
      await boardLink.click();
      await leadHeading(page).waitFor();
      await page.getByRole('link', { name: 'Volver al Embudo' }).click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === board);
      await page.getByTestId('board-card').first().waitFor();
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    'opens a lead from the search palette',
    async () => {
      const { page, context } = await signedIn();
      await page.getByRole('button', { name: /^Buscar/ }).click();
      await page.getByRole('textbox', { name: 'Buscar leads, personas, grupos o acciones' }).fill(`Castellana 07 ${token}`);
      await page.getByRole('button', { name: new RegExp(`Clínica Castellana 07 ${token}`) }).click();
      await page.getByRole('heading', { level: 1, name: `Clínica Castellana 07 ${token}` }).waitFor();
      await context.close();
    },
    JOURNEY_MS,
  );
});

describe('at phone width', () => {
  it(
    "folds the filters behind 'Filtros' so the first lead shows on the first screen",
    async () => {
      const { page, context } = await signedIn(PHONE);
      await page.goto(`/leads?q=${token}`);
      const firstCard = page.getByTestId('lead-card').first();
      await firstCard.waitFor();
      const box = await firstCard.boundingBox();
      expect(box && box.y + 120).toBeLessThan(PHONE.height);
      await expect(page.getByRole('combobox', { name: 'Filtrar por categoría' }).isVisible()).resolves.toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'leads-folded-phone', { fullPage: false });

      await page.getByRole('button', { name: /^Filtros/ }).click();
      await page.getByRole('combobox', { name: 'Filtrar por categoría' }).click();
      await page.getByRole('option', { name: 'Salud' }).click();
      await page.waitForURL(/categoria=salud/);
      // The button counts what narrows the list while the filters are folded away.
      await page.getByRole('button', { name: /^Filtros/ }).click();
      await expect.poll(() => page.getByRole('button', { name: /^Filtros/ }).textContent()).toContain('1');
      await page.mouse.move(10, 600); // off the button: its hover colour is not what a reader sees
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'leads-filters-phone', { fullPage: false });
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    'shows no keyboard shortcut hint on a touch screen',
    async () => {
      const { server, browser } = suite;
      const username = uniqueName('tactil');
      await createUser(server, { username });
      const context = await browser.newContext({ baseURL: server.url, viewport: PHONE, isMobile: true, hasTouch: true, locale: 'es-ES' });
      const page = await openSignedIn(context, server, username);
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await page
        .getByRole('button', { name: /^Buscar/ })
        .first()
        .waitFor();
      await expect(page.getByText('Ctrl K').isVisible()).resolves.toBe(false);
      await context.close();

      const laptop = await newContext(browser, server);
      const laptopPage = await openSignedIn(laptop, server, username);
      await expect(laptopPage.getByText('Ctrl K').isVisible()).resolves.toBe(true);
      await laptop.close();
    },
    JOURNEY_MS,
  );
});

describe('toasts', () => {
  it(
    "show in the bottom-right corner, away from the page's buttons, and go within a few seconds",
    async () => {
      // The login screen's own toast: this journey signs in through it.
      const username = uniqueName('tostada');
      await createUser(suite.server, { username });
      const context = await newContext(suite.browser, suite.server);
      const page = await context.newPage();
      await signIn(page, username);
      const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Login exitoso' });
      await toast.waitFor();
      const box = await toast.boundingBox();
      if (!box) throw new Error('toast not laid out');
      expect(box.x).toBeGreaterThan(LAPTOP.width / 2);
      expect(box.y).toBeGreaterThan(LAPTOP.height / 2);
      await toast.waitFor({ state: 'detached', timeout: 6_000 });
      await context.close();
    },
    JOURNEY_MS,
  );
});
