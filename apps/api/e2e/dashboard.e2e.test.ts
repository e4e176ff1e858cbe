/** Panel de Control and Análisis y Reportes in a real browser: empty, then on the demo data. */
import { formatCount, formatMoney, formatNumber, toIsoDate } from '@crm/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/auth/password.js';
import { createRandom } from '../src/scripts/seed/random.js';
import { seedDemo } from '../src/scripts/seed/seed.js';
import { ApiClient, ADMIN_PASSWORD, DEFAULT_PASSWORD, type TestServer } from '../src/test/harness.js';
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

/** Money as the demo team's saved settings write it (a Spanish team: euros, es-ES). */
const DEMO_MONEY = { locale: 'es-ES', currency: 'EUR' };

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

function card(page: Page, label: string) {
  return page.getByTestId('stat-card').filter({ has: page.getByText(label, { exact: true }) });
}

async function cardValue(page: Page, label: string): Promise<string> {
  return (await card(page, label).getByTestId('stat-value').textContent()) ?? '';
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

describe('dashboard and analytics with no data', () => {
  it('shows zero cards without trend badges and both empty panels', async () => {
    const { page, context } = await pageSignedInAs(browser, server, 'admin');
    await page.getByRole('heading', { name: 'Panel de Control' }).waitFor();
    await page.getByText('Resumen de actividad y métricas clave').waitFor();
    await page.getByText('No hay actividad reciente').waitFor();
    await page.getByText('No hay datos de rendimiento disponibles').waitFor();
    expect(await cardValue(page, 'Total de Leads')).toBe('0');
    expect(await cardValue(page, 'Leads Convertidos')).toBe('0');
    // The team settings' default (es-AR, ARS) writes the spec's '$' before the amount.
    expect((await cardValue(page, 'Ingresos del Mes')).replace(/\u00a0/g, ' ')).toBe('$ 0');
    expect(await page.getByTestId('trend-badge').count()).toBe(0);
    await card(page, 'Miembros del Equipo')
      .getByText(/^[\d.]+ activos?$/)
      .waitFor();
    await screenshot(page, 'dashboard-empty-laptop');

    await page.goto('/analytics');
    await page.getByTestId('performance-table').getByText('Sin datos de rendimiento').waitFor();
    expect(await page.getByTestId('leads-total').textContent()).toBe('0');
    await context.close();
  });

  it('shows three skeleton rows while the activity feed loads', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await signIn(page, 'admin', ADMIN_PASSWORD);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/trpc\/.*activities\.recent/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const skeleton = page.getByTestId('activity-skeleton');
    await skeleton.waitFor();
    expect(await skeleton.locator('.mantine-Skeleton-root').count()).toBeGreaterThanOrEqual(3);
    expect(await skeleton.locator(':scope > div').count()).toBe(3);
    release();
    await page.getByText('No hay actividad reciente').waitFor();
    await context.close();
  });

  it('refuses a Vendedor the analytics screen', async () => {
    const { page, context } = await pageSignedInAs(browser, server, 'team_member', { path: '/analytics' });
    await page.getByText('Acceso Restringido').waitFor();
    await page.getByText('Solo los administradores pueden acceder a esta sección.').waitFor();
    expect(await page.getByTestId('leads-per-month').count()).toBe(0);
    await context.close();
  });
});

describe('dashboard and analytics on the demo data', () => {
  let api: ApiClient;

  beforeAll(async () => {
    await seedDemo(server.ctx.db, { random: createRandom(11), passwordHash: await hashPassword(DEFAULT_PASSWORD) });
    api = new ApiClient(server.url);
    await api.post('/api/login', { username: 'elena.martin', password: DEFAULT_PASSWORD });
  });

  it('shows the real figures, trends, the feed with a look per type and the best sellers', async () => {
    const summary = (await api.get('/api/dashboard/summary')).body;
    const performance = (await api.get('/api/analytics/performance')).body;
    const context = await newContext(browser, server, LAPTOP);
    const page = await openSignedIn(context, server, 'elena.martin');
    await page.getByTestId('activity-row').first().waitFor();
    await page.getByTestId('seller-row').first().waitFor();

    expect(await cardValue(page, 'Total de Leads')).toBe(formatNumber(summary.totalLeads.value));
    expect(await cardValue(page, 'Leads Convertidos')).toBe(formatNumber(summary.convertedLeads.value));
    expect(await cardValue(page, 'Ingresos del Mes')).toBe(formatMoney(summary.revenue.value, DEMO_MONEY));
    await card(page, 'Miembros del Equipo')
      .getByText(formatCount(summary.teamMembers.active, 'activo', 'activos'))
      .waitFor();
    // The demo has leads in both 30-day windows, so the three trend badges are real, signed numbers.
    const badges = await page.getByTestId('trend-badge').allTextContents();
    expect(badges).toHaveLength(3);
    for (const badge of badges) expect(badge).toMatch(/^[+-]?\d+%$/);
    expect(badges[0]).toBe(`${summary.totalLeads.trend > 0 ? '+' : ''}${summary.totalLeads.trend}%`);

    const rows = page.getByTestId('activity-row');
    expect(await rows.count()).toBe(10);
    await rows
      .first()
      .getByText(/^(Ahora mismo|Hace \d+ (minuto|hora|día)s?|\d{2}\/\d{2}\/\d{4})$/)
      .waitFor();

    const sellers = page.getByTestId('seller-row');
    expect(await sellers.count()).toBe(5);
    const best = performance[0];
    await sellers.first().getByText(best.name).waitFor();
    await sellers
      .first()
      .getByText(formatCount(best.converted, 'convertido', 'convertidos'))
      .waitFor();
    await sellers.first().getByText(formatMoney(best.revenue, DEMO_MONEY)).waitFor();
    await sellers.first().getByText(best.initials, { exact: true }).waitFor();
    const bar = sellers.first().locator('.mantine-Progress-section');
    expect(await bar.getAttribute('style')).toContain(`--progress-section-size: ${best.conversionRate}%`);
    await screenshot(page, 'dashboard-demo-laptop');

    await page.setViewportSize(PHONE);
    await screenshot(page, 'dashboard-demo-phone');
    await context.close();
  });

  it('changes the analytics figures with the period, draws both charts and sorts the table', { timeout: 90_000 }, async () => {
    const context = await newContext(browser, server, LAPTOP);
    context.setDefaultTimeout(10_000);
    const page = await openSignedIn(context, server, 'elena.martin', '/analytics');
    await page.getByRole('heading', { name: 'Análisis y Reportes' }).waitFor();
    const total = page.getByTestId('leads-total');
    await total.waitFor();

    const month = (await api.get('/api/analytics/report?period=month')).body;
    const year = (await api.get('/api/analytics/report?period=year')).body;
    expect(await total.textContent()).toBe(formatNumber(month.totals.created));
    expect(await page.getByRole('combobox', { name: 'Período' }).inputValue()).toBe('Último mes');

    // Real charts: recharts draws SVG bars and a line.
    await page.getByTestId('leads-per-month').locator('svg .recharts-bar-rectangle').first().waitFor();
    await page.getByTestId('conversion-rate').locator('svg .recharts-line').first().waitFor();

    await page.getByRole('combobox', { name: 'Período' }).click();
    await page.getByRole('option', { name: 'Último año' }).click();
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="leads-total"]')?.textContent === expected,
      formatNumber(year.totals.created),
    );
    expect(year.totals.created).toBeGreaterThan(month.totals.created);
    expect(await page.getByTestId('conversion-average').textContent()).toBe(`${formatNumber(year.totals.conversionRate, 1)}%`);
    expect(await page.getByTestId('leads-per-month').locator('.recharts-bar-rectangle').count()).toBeGreaterThan(12);
    const rows = page.getByTestId('performance-row');
    expect(await rows.count()).toBe(year.performance.length);
    await screenshot(page, 'analytics-year-laptop');

    // Sorting: by name ascending puts the alphabetically first member on top.
    await page.getByRole('button', { name: 'Vendedor' }).click();
    const names = [...year.performance.map((entry: { name: string }) => entry.name)].sort((a, b) => a.localeCompare(b, 'es'));
    await rows.first().getByText(names[0]).waitFor();
    await page.getByRole('button', { name: 'Vendedor' }).click();
    await rows
      .first()
      .getByText(names[names.length - 1])
      .waitFor();

    // Personalizado: from the 1st of this month to today, picked on the calendar.
    await page.getByRole('combobox', { name: 'Período' }).click();
    await page.getByRole('option', { name: 'Personalizado' }).click();
    await page.getByText('Selecciona la fecha inicial y la final del período.').waitFor();
    await page.getByLabel('Rango de fechas', { exact: true }).click();
    const today = new Date();
    const monthName = `${MONTHS[today.getMonth()]} ${today.getFullYear()}`;
    await page.getByRole('button', { name: `1 ${monthName}`, exact: true }).click();
    await page.getByRole('button', { name: `${today.getDate()} ${monthName}`, exact: true }).click();
    const from = toIsoDate(new Date(today.getFullYear(), today.getMonth(), 1));
    const custom = (await api.get(`/api/analytics/report?period=custom&from=${from}&to=${toIsoDate(today)}`)).body;
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="leads-total"]')?.textContent === expected,
      formatNumber(custom.totals.created),
    );
    await screenshot(page, 'analytics-custom-laptop');

    await page.setViewportSize(PHONE);
    await screenshot(page, 'analytics-phone');
    await context.close();
  });
});
