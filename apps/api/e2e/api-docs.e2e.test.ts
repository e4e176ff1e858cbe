/**
 * The interactive API reference at /api/docs in a real browser: it loads from this server alone
 * (no other host is asked for anything), lists the declared operations, keeps the app's
 * Content-Security-Policy, and its "Try it out" calls work with the session cookie and with an
 * API token entered under "Authorize".
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { ADMIN_PASSWORD, ApiClient, type TestServer } from '../src/test/harness.js';
import { LAPTOP, PHONE, newContext, screenshot, signIn, type BrowserSuite, startBrowserSuite, watchCspViolations } from './browser.js';

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

/** Records CSP violations and any request to another host, from before the page's first script. */
async function watch(page: Page): Promise<{ violations: string[]; foreign: string[] }> {
  const foreign: string[] = [];
  const origin = new URL(server.url).origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(request.url());
  });
  return { violations: await watchCspViolations(page), foreign };
}

/** Swagger UI's block of an operation: its id is `operations-<tag>-<operationId>`, the dot escaped. */
function operationBlock(page: Page, operationId: string) {
  const tag = operationId.slice(0, operationId.indexOf('.'));
  return page.locator(`[id="operations-${tag}-${operationId.replace('.', '\\\\.')}"]`);
}

/**
 * Shows one tag's operations through the page's filter: Swagger UI renders the operations of a
 * long document as they scroll into view, so one far down is not in the page until then.
 */
async function showTag(page: Page, operationId: string): Promise<void> {
  await page.locator('input.operation-filter-input').fill(operationId.slice(0, operationId.indexOf('.')));
  await operationBlock(page, operationId).waitFor();
}

/** Opens an operation and presses "Try it out". */
async function tryOut(page: Page, operationId: string): Promise<void> {
  await showTag(page, operationId);
  const operation = operationBlock(page, operationId);
  const tryIt = operation.getByRole('button', { name: 'Try it out' });
  // The filter re-renders the list once more after typing: open the operation until it stays open.
  await expect
    .poll(
      async () => {
        if (!(await tryIt.isVisible())) await operation.locator('.opblock-summary-control').click();
        return tryIt.isVisible();
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe(true);
  await tryIt.click();
}

/** Presses "Execute" on an opened operation and returns the status it shows. */
async function execute(page: Page, operationId: string, answerPath: string): Promise<string> {
  const operation = operationBlock(page, operationId);
  const answer = page.waitForResponse((response) => response.url().endsWith(answerPath));
  await operation.getByRole('button', { name: 'Execute' }).click();
  await answer;
  const status = operation.locator('.live-responses-table tbody .response-col_status').first();
  return /\d{3}/.exec(await status.innerText())?.[0] ?? '';
}

// Swagger UI takes seconds to lay out a document of this size on a busy machine, before the first check.
describe('the API reference at /api/docs', { timeout: 90_000 }, () => {
  it('lists the declared operations at laptop and phone width, from this server alone, within the CSP', async () => {
    const context = await newContext(browser, server, LAPTOP);
    const page = await context.newPage();
    const { violations, foreign } = await watch(page);
    await page.goto('/api/docs');
    await page.getByRole('heading', { name: /CRM: API REST/ }).waitFor();
    await operationBlock(page, 'health.check').waitFor();
    for (const [viewport, name] of [
      [LAPTOP, 'api-docs-laptop'],
      [PHONE, 'api-docs-phone'],
    ] as const) {
      await page.setViewportSize(viewport);
      await showTag(page, 'leads.list');
      await showTag(page, 'users.create');
      await page.waitForLoadState('networkidle');
      await screenshot(page, name, { fullPage: false });
      expect(await page.locator('.opblock').count()).toBeGreaterThan(10);
      expect(await seriousViolations(page)).toEqual([]);
    }
    expect(violations).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  });

  it('tries a call with the session cookie of a signed-in tab', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    const { violations } = await watch(page);
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto('/api/docs');
    await tryOut(page, 'users.list');
    expect(await execute(page, 'users.list', '/api/users')).toBe('200');
    expect(violations).toEqual([]);
    await context.close();
  });

  it('tries a call with an API token entered under Authorize, and without one gets a 401', async () => {
    const admin = new ApiClient(server.url);
    expect((await admin.post('/api/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
    const created = await admin.post<{ token: string }>('/api/tokens', { name: 'Referencia', scope: 'read' });
    expect(created.status).toBe(201);

    const context = await newContext(browser, server);
    const page = await context.newPage();
    const { violations } = await watch(page);
    await page.goto('/api/docs');
    await tryOut(page, 'users.list');
    expect(await execute(page, 'users.list', '/api/users')).toBe('401');

    await page.getByRole('button', { name: 'Authorize' }).first().click();
    const bearer = page.locator('.dialog-ux form', { has: page.locator('#auth-bearer-value') });
    await bearer.locator('#auth-bearer-value').fill(created.body.token);
    await bearer.getByRole('button', { name: 'Apply credentials' }).click();
    // Once applied, the form shows the scheme as authorized (its input gone): close from the dialog.
    await page.locator('.dialog-ux').getByRole('button', { name: 'Close' }).first().click();
    await tryOut(page, 'users.roleCounts');
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/users/role-counts'));
    const status = execute(page, 'users.roleCounts', '/api/users/role-counts');
    expect((await sent).headers()['authorization']).toBe(`Bearer ${created.body.token}`);
    expect(await status).toBe('200');
    await operationBlock(page, 'users.roleCounts').locator('.live-responses-table').scrollIntoViewIfNeeded();
    await screenshot(page, 'api-docs-token', { fullPage: false });
    // An open operation with its form and answer, and the page after the dialog.
    expect(await seriousViolations(page)).toEqual([]);
    expect(violations).toEqual([]);
    await context.close();
  });
});
