/**
 * A restricted Vendedor ('Solo los suyos') has his leads list, the board and one lead's page open
 * when a manager, in another browser, reassigns that lead to a colleague: the card leaves his list
 * and his board from the live event alone (no list refetched), and the lead's page says in Spanish
 * that the lead is no longer available, showing nothing of it. At laptop and phone widths, axe-clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createUser, uniqueName, uniquePhone } from '../src/test/harness.js';
import { seriousViolations } from './axe.js';
import { LAPTOP, PHONE, type BrowserSuite, pageSignedInAs, procedureCalls, screenshot, startBrowserSuite } from './browser.js';

const JOURNEY_MS = 120_000;

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

async function createLead(name: string, assignedTo: number): Promise<number> {
  const response = await adminApi.post<{ id: number }>('/api/leads', {
    name,
    phone: uniquePhone(),
    category: 'salud',
    description: `Descripción de ${name}`,
    assignedTo,
  });
  expect(response.status).toBe(201);
  return response.body.id;
}

describe('a lead reassigned away from a restricted Vendedor', () => {
  for (const [label, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    it(
      `leaves his open list, board and lead page at once (${label})`,
      async () => {
        const { browser, server } = suite;
        const colleague = await createUser(server, { username: uniqueName('colega'), firstName: 'Rocío', lastName: uniqueName('Sanz') });
        const seller = await pageSignedInAs(browser, server, 'team_member', { viewport, bypassCSP: true, firstName: 'Pablo' });
        const manager = await pageSignedInAs(browser, server, 'manager', { viewport });
        for (const { context } of [seller, manager]) context.setDefaultTimeout(15_000);
        const token = uniqueName('Sal').replace(/[^a-z0-9]/gi, '');
        const leaving = `Clínica ${token} Norte`;
        const staying = `Óptica ${token} Sur`;
        const leavingId = await createLead(leaving, seller.userId);
        await createLead(staying, seller.userId);

        // His three screens, each with its own live feed.
        const list = seller.page;
        await list.goto('/leads');
        const card = (name: string) => list.getByTestId('lead-card').filter({ hasText: name });
        await card(leaving).waitFor();
        await card(staying).waitFor();
        const board = await seller.context.newPage();
        await board.goto('/pipeline');
        const boardCard = (name: string) => board.getByTestId('board-card').filter({ hasText: name });
        await boardCard(leaving).waitFor();
        const leadPage = await seller.context.newPage();
        await leadPage.goto(`/leads/${leavingId}`);
        await leadPage.getByRole('heading', { name: leaving }).waitFor();
        const listCalls = procedureCalls(list);

        // The manager reassigns it from its page, in his own browser.
        await manager.page.goto(`/leads/${leavingId}`);
        await manager.page.getByLabel('Asignar a:').click();
        await manager.page.getByRole('option', { name: `Rocío ${colleague.lastName}`, exact: true }).click();
        await manager.page.getByText('Lead asignado').waitFor();

        await card(leaving).waitFor({ state: 'detached' });
        await card(staying).waitFor();
        await boardCard(leaving).waitFor({ state: 'detached' });
        await boardCard(staying).waitFor();
        // The event removed it: no list was asked for again.
        expect(listCalls.filter((call) => call === 'leads.list')).toEqual([]);

        await leadPage.getByRole('heading', { name: 'Este lead ya no está disponible' }).waitFor();
        await leadPage.getByText('Puede que se haya eliminado, o que se haya asignado a otra persona').waitFor();
        const shown = await leadPage.locator('body').innerText();
        expect(shown).not.toContain(leaving);
        expect(shown).not.toContain(`Descripción de ${leaving}`);
        expect(await leadPage.title()).not.toContain(leaving);
        expect(await seriousViolations(leadPage)).toEqual([]);
        await screenshot(leadPage, `lead-hidden-page-${label}`);
        await list.waitForTimeout(300);
        expect(await seriousViolations(list)).toEqual([]);
        await screenshot(list, `lead-hidden-list-${label}`);

        await leadPage.getByRole('link', { name: 'Volver a los leads' }).click();
        await leadPage.getByTestId('lead-card').filter({ hasText: staying }).waitFor();
        expect(await leadPage.getByTestId('lead-card').filter({ hasText: leaving }).count()).toBe(0);
        await seller.context.close();
        await manager.context.close();
      },
      JOURNEY_MS,
    );
  }
});
