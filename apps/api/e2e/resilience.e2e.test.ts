/**
 * Never a blank page: a screen whose file does not load shows the boundary and recovers with
 * 'Reintentar' or when the network returns; a file a deploy removed (404) reloads the page once;
 * the offline banner comes and goes with the network.
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { PHONE, pageSignedInAs, screenshot, type BrowserSuite, startBrowserSuite } from './browser.js';

/** The Team screen's own file: no other screen loads it, so blocking it touches nothing else. */
const TEAM_CHUNK = /\/assets\/Team\.page-[^/]+\.js$/;

let suite: BrowserSuite;

beforeAll(async () => {
  suite = await startBrowserSuite();
});

afterAll(async () => {
  await suite?.close();
});

async function openTeamFromSidebar(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Equipo', exact: true }).click();
}

function boundary(page: Page) {
  return page.getByRole('alert').filter({ hasText: 'No se pudo cargar esta pantalla' });
}

describe('a screen whose file does not load', () => {
  it('retries, shows the boundary with the app still around it, and recovers with Reintentar', async () => {
    const { page, context } = await pageSignedInAs(suite.browser, suite.server, 'admin', { bypassCSP: true });
    await page.getByRole('heading', { name: 'Panel de Control' }).waitFor();
    let attempts = 0;
    const fail = (route: Route) => {
      attempts += 1;
      return route.abort('internetdisconnected');
    };
    await page.route(TEAM_CHUNK, fail);
    await openTeamFromSidebar(page);
    await boundary(page).waitFor();
    // The first try and two retries; the check for a deploy asks the server once more.
    expect(attempts).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('navigation', { name: 'Navegación principal' }).isVisible()).resolves.toBe(true);
    await page.mouse.move(700, 500); // off the hovered sidebar link, whose hover colour is not what a reader sees
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'chunk-failed-laptop');

    await page.unroute(TEAM_CHUNK, fail);
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('heading', { name: 'Gestión del Equipo' }).waitFor();
    await expect(boundary(page).count()).resolves.toBe(0);
    await context.close();
  });

  it('opened while offline, shows the banner and the boundary, and loads by itself when the network returns', async () => {
    const { page, context } = await pageSignedInAs(suite.browser, suite.server, 'admin', { viewport: PHONE, bypassCSP: true });
    context.setDefaultTimeout(10_000);
    await page.getByRole('heading', { name: 'Panel de Control' }).waitFor();
    await context.setOffline(true);
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    await expect(banner.textContent()).resolves.toContain('Sin conexión');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await openTeamFromSidebar(page);
    await boundary(page).waitFor();
    await page.waitForTimeout(400); // let the menu finish sliding away before the picture
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'chunk-offline-phone');

    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Gestión del Equipo' }).waitFor();
    await screenshot(page, 'chunk-recovered-phone');
    await context.close();
  });
});

describe('a screen whose file a deploy removed', () => {
  it('reloads the page once, then shows the boundary instead of reloading again', async () => {
    const { page, context } = await pageSignedInAs(suite.browser, suite.server, 'admin');
    await page.getByRole('heading', { name: 'Panel de Control' }).waitFor();
    const gone = (route: Route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"Recurso no encontrado"}' });
    await page.route(TEAM_CHUNK, gone);
    let loads = 0;
    page.on('load', () => (loads += 1));
    await openTeamFromSidebar(page);
    await boundary(page).waitFor();
    expect(loads).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/team');

    // The new version's file is there after all (the deploy finished): Reintentar loads it.
    await page.unroute(TEAM_CHUNK, gone);
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('heading', { name: 'Gestión del Equipo' }).waitFor();
    expect(loads).toBe(1);
    await context.close();
  });
});
