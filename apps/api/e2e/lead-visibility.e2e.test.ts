/**
 * Issue 28 in the browser: a Vendedor whose role sees 'Solo los suyos' finds only his leads on the
 * leads list, the board, Ctrl+K and the dashboard's lists, at laptop and phone width, axe clean
 * (screenshots in e2e/screenshots).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createUser, uniqueName } from '../src/test/harness.js';
import { seriousViolations } from './axe.js';
import { LAPTOP, PHONE, pageSignedInAs, screenshot, type BrowserSuite, startBrowserSuite } from './browser.js';

const JOURNEY_MS = 240_000;

let suite: BrowserSuite;
let adminApi: ApiClient;

beforeAll(async () => {
  suite = await startBrowserSuite({ adminApi: true });
  adminApi = suite.adminApi as ApiClient;
  expect((await adminApi.put('/api/roles/team_member/lead-visibility', { visibility: 'own' })).status).toBe(200);
});

afterAll(async () => {
  await suite?.close();
});

let serial = 0;
async function createLead(name: string, assignedTo: number | null): Promise<void> {
  serial += 1;
  const response = await adminApi.post('/api/leads', {
    name,
    phone: `+54 9 11 ${String(6000_0000 + Math.floor(Math.random() * 3000_0000) + serial)}`,
    category: 'salud',
    description: 'Lead de prueba de visibilidad',
    assignedTo,
  });
  expect(response.status).toBe(201);
}

/** The page shows every visible name and none of the hidden ones, and axe finds nothing serious. */
async function showsOnly(page: Page, visible: string[], hidden: string[], shot: string): Promise<void> {
  for (const name of visible) await page.getByText(name, { exact: false }).first().waitFor();
  const text = (await page.locator('body').innerText()).toLowerCase();
  for (const name of hidden) expect(text, `${shot}: ${name}`).not.toContain(name.toLowerCase());
  await page.waitForTimeout(300);
  expect(await seriousViolations(page), shot).toEqual([]);
  await screenshot(page, shot);
}

describe("a Vendedor who sees 'Solo los suyos'", () => {
  it(
    'sees only his leads on the list, the board, Ctrl+K and the dashboard, at both widths',
    async () => {
      const token = uniqueName('Visto').replace(/[^a-z0-9]/gi, '');
      const colleague = await createUser(suite.server, { username: uniqueName('colega'), firstName: 'Otra', lastName: 'Vendedora' });
      for (const viewport of [LAPTOP, PHONE]) {
        const { page, context, userId } = await pageSignedInAs(suite.browser, suite.server, 'team_member', {
          bypassCSP: true,
          viewport,
          firstName: 'Pablo',
          lastName: 'Suyo',
        });
        context.setDefaultTimeout(15_000);
        const mine = [`${token} Mío ${viewport.width} A`, `${token} Mío ${viewport.width} B`];
        const others = [`${token} Ajeno ${viewport.width}`, `${token} Libre ${viewport.width}`];
        for (const name of mine) await createLead(name, userId);
        await createLead(others[0] ?? '', colleague.id);
        await createLead(others[1] ?? '', null);

        await page.goto(`/leads?modo=${viewport === LAPTOP ? 'tabla' : 'tarjetas'}&q=${token}`);
        await showsOnly(page, mine, others, `visibility-leads-${viewport.width}`);

        await page.goto(`/pipeline?q=${token}`);
        await showsOnly(page, mine, others, `visibility-board-${viewport.width}`);
        // Asking the board for a colleague's leads, or the unassigned ones, shows none of them.
        for (const assignee of [String(colleague.id), 'nadie']) {
          await page.goto(`/pipeline?q=${token}&asignado=${assignee}`);
          await page.getByTestId('board-column-nuevo').waitFor();
          await expect.poll(() => page.getByTestId('board-card').count()).toBe(0);
          await showsOnly(page, [], others, `visibility-board-${assignee === 'nadie' ? 'unassigned' : 'colleague'}-${viewport.width}`);
        }

        await page.goto('/');
        await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
        await page.keyboard.press('Control+K');
        const search = page.getByRole('textbox', { name: 'Buscar leads, personas, grupos o acciones' });
        await search.waitFor();
        await search.fill(token);
        await page.getByRole('button', { name: new RegExp(mine[0] ?? '') }).waitFor();
        const found = await page.getByRole('dialog').innerText();
        for (const name of others) expect(found).not.toContain(name);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `visibility-palette-${viewport.width}`, { fullPage: false });
        await page.keyboard.press('Escape');

        await page.goto('/');
        await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
        await showsOnly(page, [], others, `visibility-dashboard-${viewport.width}`);
        await context.close();
      }
    },
    JOURNEY_MS,
  );
});

describe('the admin’s screens for teams and visibility', () => {
  it(
    "sets a role's visibility on the roles screen and shows teams with their members, at both widths",
    async () => {
      const manager = await createUser(suite.server, {
        username: uniqueName('jefe'),
        systemRole: 'manager',
        firstName: 'Javier',
        lastName: 'Norte',
      });
      const teamName = uniqueName('Equipo Norte ');
      const team = await adminApi.post<{ id: number }>('/api/teams', { name: teamName, managerId: manager.id });
      for (const first of ['Ana', 'Luis', 'Eva']) {
        const seller = await createUser(suite.server, { username: uniqueName(first.toLowerCase()), firstName: first, lastName: 'Ventas' });
        expect((await adminApi.put(`/api/users/${seller.id}`, { teamId: team.body.id })).status).toBe(200);
      }
      for (const viewport of [LAPTOP, PHONE]) {
        const { page, context } = await pageSignedInAs(suite.browser, suite.server, 'admin', { bypassCSP: true, viewport, path: '/team' });
        context.setDefaultTimeout(15_000);
        await page.getByText(`${teamName} — 4 miembros`).waitFor();
        await page.waitForTimeout(300);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `teams-${viewport.width}`);

        await page.goto('/role-management');
        const managerVisibility = page.getByLabel('Manager', { exact: true }).first();
        await managerVisibility.waitFor();
        if (viewport === LAPTOP) {
          await managerVisibility.click();
          await page.getByRole('option', { name: 'Su equipo' }).click();
          await page.getByText('Visibilidad guardada').waitFor();
          const settings = await adminApi.get<{ systemRoles: { manager: string } }>('/api/roles/lead-visibility');
          expect(settings.body.systemRoles.manager).toBe('team');
        }
        await page.waitForTimeout(300);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `lead-visibility-${viewport.width}`);
        await context.close();
      }
    },
    JOURNEY_MS,
  );
});
