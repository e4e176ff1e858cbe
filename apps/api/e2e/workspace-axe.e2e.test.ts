/**
 * axe-core on every screen, old and new, at laptop and phone width: no serious or critical
 * violation (issue 11 §5), and no screen that keeps rendering once settled (a render loop).
 * Screenshots of each screen land in e2e/screenshots for people to look at.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type TestServer, createUser, loginAs, uniqueName } from '../src/test/harness.js';
import { LAPTOP, PHONE, navigateInApp, newContext, openSignedIn, screenshot, type BrowserSuite, startBrowserSuite } from './browser.js';
import { seriousViolations } from './axe.js';
import { commitsAtRest, countCommits } from './renders.js';

/** Every screen, each checked twice: a long test, each wait inside fails sooner (15 s). */
const AXE_TEST_MS = 240_000;

let server: TestServer;
let browser: Browser;
let adminApi: ApiClient;
let suite: BrowserSuite | undefined;
let leadId = 0;

/** How many of the page's requests are under way: a screen reached inside the app has no load event to wait for. */
function requestsInFlight(page: Page): () => number {
  let inFlight = 0;
  page.on('request', () => (inFlight += 1));
  page.on('requestfinished', () => (inFlight -= 1));
  page.on('requestfailed', () => (inFlight -= 1));
  return () => inFlight;
}

/** Quiet network for this long counts as settled (Playwright's own 'networkidle' is 500 ms). */
const QUIET_MS = 500;

/** Waits until the screen has settled: its heading shown, no request under way for a while, no loader left. */
async function settle(page: Page, heading: string | RegExp, inFlight: () => number): Promise<void> {
  await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS) {
    if (inFlight() > 0) quietSince = Date.now();
    await page.waitForTimeout(50);
  }
  await page.locator('.mantine-Loader-root').first().waitFor({ state: 'detached' });
}

/** A settled screen commits nothing for a while; a loop commits dozens of times in this window. */
const REST_MS = 500;
const MOST_COMMITS_AT_REST = 3;

interface Screen {
  name: string;
  path: () => string;
  heading: string | RegExp;
  /** What to do once the screen shows, before checking (open a dialog…). */
  then?: (page: Page) => Promise<void>;
}

const SCREENS: Screen[] = [
  { name: 'dashboard', path: () => '/', heading: 'Panel de Control' },
  {
    // The team's follow-ups: an overdue row in red and an upcoming one, each with its owner.
    name: 'follow-ups-team',
    path: () => '/',
    heading: 'Panel de Control',
    then: async (page) => {
      await page.getByTestId('my-follow-ups').getByText('Equipo', { exact: true }).click();
      await page.getByTestId('follow-ups-overdue').getByTestId('follow-up-row').first().waitFor();
    },
  },
  { name: 'leads', path: () => '/leads', heading: 'Gestión de Leads' },
  { name: 'leads-table', path: () => '/leads?modo=tabla', heading: 'Gestión de Leads' },
  { name: 'contacted', path: () => '/leads?vista=contacted', heading: 'Gestión de Leads' },
  { name: 'groups', path: () => '/leads?vista=groups', heading: 'Gestión de Leads' },
  {
    name: 'add-lead',
    path: () => '/leads',
    heading: 'Gestión de Leads',
    then: async (page) => {
      await page.getByRole('button', { name: 'Agregar Lead' }).click();
      await page.getByRole('dialog').waitFor();
      // The dialog fades in: colours are measured once it is fully shown.
      await page.waitForTimeout(400);
    },
  },
  { name: 'lead', path: () => `/leads/${leadId}`, heading: 'Clínica Axe' },
  { name: 'pipeline', path: () => '/pipeline', heading: 'Embudo' },
  { name: 'chat', path: () => '/chat', heading: 'Chat del Equipo' },
  { name: 'team', path: () => '/team', heading: /Equipo/ },
  { name: 'users', path: () => '/user-management', heading: 'Gestión de Usuarios' },
  { name: 'roles', path: () => '/role-management', heading: 'Gestión de Roles Personalizados' },
  { name: 'analytics', path: () => '/analytics', heading: /Análisis/ },
  { name: 'profile', path: () => '/profile', heading: /Perfil/ },
  { name: 'not-found', path: () => '/no-existe', heading: /404/ },
];

beforeAll(async () => {
  suite = await startBrowserSuite({ adminApi: true });
  ({ server, browser } = suite);
  adminApi = suite.adminApi as ApiClient;
  // Enough data that every kind of badge, card, chart and list row is on screen.
  const seller = await createUser(server, { username: uniqueName('vendaxe'), firstName: 'Vera', lastName: 'Vendedora' });
  const statuses = ['nuevo', 'contactado', 'interesado', 'convertido', 'perdido'] as const;
  const categories = ['tecnologia', 'salud', 'educacion', 'finanzas', 'retail'] as const;
  for (const [index, status] of statuses.entries()) {
    const created = await adminApi.post('/api/leads', {
      name: index === 1 ? 'Clínica Axe' : `Lead Axe ${index}`,
      email: `${uniqueName('axe')}@example.com`,
      phone: `+34 612 345 67${index}`,
      category: categories[index],
      description: 'Lead para comprobar la accesibilidad',
      assignedTo: seller.id,
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    if (status !== 'nuevo') expect((await adminApi.put(`/api/leads/${id}`, { status })).status).toBe(200);
    if (index === 1) leadId = id;
  }
  const sellerApi = await loginAs(server, seller.username);
  await sellerApi.post('/api/conversation-tracking', {
    leadId,
    progressLevel: 40,
    messagesToLead: 3,
    messagesFromLead: 2,
    hasResponded: true,
    lastContactDate: new Date().toISOString(),
    notes: 'Pidió presupuesto',
  });
  const admin = (await adminApi.get('/api/auth/user')).body as { id: number };
  // 'Mis seguimientos', the sidebar badge and the lead's card with an overdue (red) and an upcoming follow-up.
  const HOUR_MS = 3_600_000;
  for (const [offset, note] of [
    [-HOUR_MS, 'Llamar de nuevo'],
    [48 * HOUR_MS, 'Enviar la propuesta'],
  ] as const) {
    // A past time is refused at creation: the overdue one is set for later, then moved back in the database.
    const dueAt = new Date(Date.now() + Math.abs(offset)).toISOString();
    const created = await adminApi.post('/api/follow-ups', { leadId, dueAt, note, ownerId: admin.id });
    expect(created.status).toBe(201);
    if (offset < 0) {
      await server.ctx.db
        .updateTable('follow_ups')
        .set({ due_at: new Date(Date.now() + offset) })
        .where('id', '=', created.body.id)
        .execute();
    }
  }
  expect((await sellerApi.post('/api/chat/messages', { receiverId: admin.id, message: 'Hola' })).status).toBe(201);
});

afterAll(async () => {
  await suite?.close();
});

describe('accessibility (axe-core)', () => {
  for (const [width, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    it(
      `has no serious or critical violation on any screen at ${width} width`,
      async () => {
        const findings: string[] = [];
        const login = await newContext(browser, server, viewport, { bypassCSP: true });
        const loginPage = await login.newPage();
        await loginPage.goto('/');
        await loginPage.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
        await screenshot(loginPage, `axe-login-${width}`);
        findings.push(...(await seriousViolations(loginPage)).map((finding) => `login: ${finding}`));
        await login.close();

        const username = uniqueName('axeadmin');
        await createUser(server, { username, systemRole: 'admin' });
        const context = await newContext(browser, server, viewport, { bypassCSP: true });
        context.setDefaultTimeout(15_000);
        await context.addInitScript(countCommits);
        // The app boots once; every other screen is reached inside it, as a person moves between them.
        const page = await openSignedIn(context, server, username, SCREENS[0]?.path());
        const inFlight = requestsInFlight(page);
        for (const [index, screen] of SCREENS.entries()) {
          if (index > 0) await navigateInApp(page, screen.path());
          await settle(page, screen.heading, inFlight);
          await screen.then?.(page);
          // Also the wait for transitions (tabs, dialogs) to finish before the colours are measured.
          const commits = await commitsAtRest(page, REST_MS);
          if (commits > MOST_COMMITS_AT_REST) findings.push(`${screen.name}: ${commits} renders en reposo (${REST_MS} ms)`);
          await screenshot(page, `axe-${screen.name}-${width}`);
          const found = (await seriousViolations(page)).map((finding) => `${screen.name}: ${finding}`);
          // Printed as they come, so a screen that fails to load later still leaves the earlier findings.
          if (found.length > 0) console.log(JSON.stringify(found, null, 1));
          findings.push(...found);
        }
        await context.close();
        expect(findings).toEqual([]);
      },
      AXE_TEST_MS,
    );
  }
});
