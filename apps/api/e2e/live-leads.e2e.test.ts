/** Live lead updates across browsers: a change made in one shows in another from the event alone, without refetching its list. */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ApiClient, uniqueName, uniquePhone } from '../src/test/harness.js';
import { type BrowserSuite, pageSignedInAs, procedureCalls, startBrowserSuite } from './browser.js';

let suite: BrowserSuite | undefined;

beforeAll(async () => {
  suite = await startBrowserSuite({ adminApi: true });
});

afterAll(async () => {
  await suite?.close();
});

async function openLeads(page: Page): Promise<void> {
  await page.goto('/leads');
  await page.getByRole('heading', { name: 'Gestión de Leads' }).waitFor();
}

it('shows a lead marked contacted in another browser at once, refetching no lead list, only the counts', async () => {
  if (!suite) throw new Error('suite not started');
  const { browser, server } = suite;
  const name = `Óptica ${uniqueName('luz')}`;
  const created = await (suite.adminApi as ApiClient).post('/api/leads', {
    name,
    email: null,
    phone: uniquePhone(),
    category: 'salud',
    description: 'Lead en vivo',
    assignedTo: null,
  });
  expect(created.status).toBe(201);
  const seller = await pageSignedInAs(browser, server, 'team_member');
  const watcher = await pageSignedInAs(browser, server, 'manager');
  for (const { context } of [seller, watcher]) context.setDefaultTimeout(10_000);
  await Promise.all([openLeads(seller.page), openLeads(watcher.page)]);
  const watched = watcher.page.getByTestId('lead-card').filter({ hasText: name });
  await watched.waitFor();
  const calls = procedureCalls(watcher.page);

  await seller.page.getByTestId('lead-card').filter({ hasText: name }).getByRole('button', { name: 'Marcar contactado' }).click();
  await watched.waitFor({ state: 'detached' });
  // The tab counts refresh once changes pause (a second), in one request.
  await expect.poll(() => calls.includes('leads.counts'), { timeout: 5_000 }).toBe(true);
  expect(calls.filter((call) => call === 'leads.list' || call.startsWith('pipeline.'))).toEqual([]);

  await watcher.page.getByRole('tab', { name: /Contactados/ }).click();
  await watcher.page.getByTestId('lead-card').filter({ hasText: name }).getByText('Contactado', { exact: true }).waitFor();
  await seller.context.close();
  await watcher.context.close();
});
