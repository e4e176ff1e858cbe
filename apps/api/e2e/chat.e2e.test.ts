/** The Chat screen in two browsers: live messages, the menu's unread badge, the read tick, a server restart. */
import { isUserOnline } from '@crm/db';
import { createTestDatabase, type TestDatabase } from '@crm/db/testing';
import type { User } from '@crm/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../src/env.js';
import { type RunningServer, startServer } from '../src/server.js';
import { ADMIN_PASSWORD, createUser, loginAs, type TestServer, uniqueName } from '../src/test/harness.js';
import { LAPTOP, PHONE, launchBrowser, newContext, screenshot, openSignedIn, signInByCookie, startBrowserServer } from './browser.js';

let browser: Browser;
let database: TestDatabase;
let server: RunningServer;

const env = (port: string) => loadEnv({ PORT: port, HOST: '127.0.0.1', LOG_LEVEL: 'silent', ADMIN_PASSWORD, DATA_DIR: '/nonexistent' });

beforeAll(async () => {
  // The harness checks the web build; our own server keeps its database across a restart.
  await (await startBrowserServer()).close();
  database = await createTestDatabase();
  server = await startServer(env('0'), database);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await database?.drop();
});

const asTestServer = (): TestServer => ({ ...server, database });

/** A new user (a fresh username each call, so a retried test starts clean) signed in on their own page. */
async function openAs(prefix: string, firstName: string, viewport = LAPTOP): Promise<{ page: Page; user: User }> {
  const user = await createUser(asTestServer(), { username: uniqueName(prefix), firstName, lastName: 'Prueba' });
  const context = await newContext(browser, asTestServer(), viewport);
  const page = await openSignedIn(context, asTestServer(), user.username);
  return { page, user };
}

const chatBadge = (page: Page) => page.getByRole('navigation', { name: 'Navegación principal' }).getByLabel(/sin leer/);

describe('chat in two browsers', () => {
  // Two browsers, a server restart and their reconnections: on a loaded CI machine this can outlast the suite's 90 s limit.
  it('chats live, shows and clears the unread badge, turns the tick blue, and survives a server restart', async () => {
    const { page: ana, user: anaUser } = await openAs('anachat', 'Ana');
    const { page: bea, user: beaUser } = await openAs('beachat', 'Bea');

    await ana.goto(`/chat?con=${beaUser.id}`);
    await ana.getByText('No hay mensajes. ¡Inicia la conversación!').waitFor();
    await ana.getByTestId('chat-presence').getByText('En línea').waitFor();
    await expect.poll(() => isUserOnline(server.ctx.db, anaUser.id)).toBe(true);
    const box = ana.getByLabel('Mensaje');
    await box.fill('Hola Bea');
    await box.press('Shift+Enter');
    await box.pressSequentially('segunda línea');
    await box.press('Enter');
    await ana.getByTestId('chat-message').filter({ hasText: 'segunda línea' }).waitFor();
    expect(await box.inputValue()).toBe('');
    // Sent over the live link: no compatibility notice.
    expect(await ana.getByText('modo compatibilidad', { exact: false }).count()).toBe(0);

    // Bea, elsewhere in the app, sees the badge appear without a reload.
    await expect.poll(() => chatBadge(bea).textContent(), { timeout: 10_000 }).toBe('1');
    await bea.getByRole('link', { name: /Chat/ }).click();
    const row = bea.getByTestId(`chat-contact-${anaUser.id}`);
    await row.getByText('Hoy').waitFor();
    await row.click();
    await bea.getByTestId('chat-message').filter({ hasText: 'Hola Bea' }).waitFor();
    await expect.poll(() => chatBadge(bea).count()).toBe(0);

    // Ana's tick turns blue live.
    await ana.locator('[data-testid="read-tick"][data-read="true"]').waitFor({ timeout: 10_000 });
    await screenshot(ana, 'chat-laptop');

    // Bea answers; it appears on Ana's side, on the left.
    await bea.getByLabel('Mensaje').fill('¡Hola Ana!');
    await bea.getByRole('button', { name: 'Enviar' }).click();
    await ana.getByTestId('chat-message').filter({ hasText: '¡Hola Ana!' }).waitFor();
    expect(await ana.getByTestId('chat-message').filter({ hasText: '¡Hola Ana!' }).getAttribute('data-own')).toBeNull();

    // The server restarts on the same port and database; both clients reconnect and catch up.
    const port = new URL(server.url).port;
    await server.close();
    server = await startServer(env(port), database);
    const anaApi = await loginAs(asTestServer(), anaUser.username);
    // Sent by REST while Bea's page is (re)connecting: the resumed subscription delivers it once.
    const sent = await anaApi.post('/api/chat/messages', { receiverId: beaUser.id, message: 'después del reinicio' });
    expect(sent.status).toBe(201);
    // Generous: on a loaded 2-core CI machine a page's reconnect and catch-up took over 15 s.
    await bea.getByTestId('chat-message').filter({ hasText: 'después del reinicio' }).waitFor({ timeout: 45_000 });
    await ana.getByTestId('chat-message').filter({ hasText: 'después del reinicio' }).waitFor({ timeout: 45_000 });
    expect(await bea.getByTestId('chat-message').filter({ hasText: 'después del reinicio' }).count()).toBe(1);
    // Once live again, Ana's own sends go over the socket again.
    await expect
      .poll(
        async () => {
          await ana.getByLabel('Mensaje').fill('de nuevo en vivo');
          await ana.getByLabel('Mensaje').press('Enter');
          return bea.getByTestId('chat-message').filter({ hasText: 'de nuevo en vivo' }).count();
        },
        { timeout: 15_000, interval: 3000 },
      )
      .toBeGreaterThan(0);
    await screenshot(bea, 'chat-after-restart');
  }, 120_000);

  it('works at phone width: the list, then the conversation with a way back', async () => {
    const { page } = await openAs('danichat', 'Dani', PHONE);
    await page.goto('/chat');
    await page.getByText('Miembros del Equipo').waitFor();
    await screenshot(page, 'chat-phone-list');
    await page.getByRole('button', { name: 'Iniciar Nuevo Chat' }).click();
    await page.getByRole('dialog', { name: 'Iniciar Nuevo Chat' }).getByText('Ana Prueba').first().click();
    await page.getByText('No hay mensajes. ¡Inicia la conversación!').waitFor();
    await screenshot(page, 'chat-phone-conversation');
    await page.getByRole('button', { name: 'Volver a los contactos' }).click();
    await page.getByText('Miembros del Equipo').waitFor();
  });

  it('sends through REST with the compatibility notice while the live link is down, and gives the text back when that fails', async () => {
    const eva = await createUser(asTestServer(), { username: uniqueName('evachat'), firstName: 'Eva', lastName: 'Prueba' });
    const fede = await createUser(asTestServer(), { username: uniqueName('fedechat'), firstName: 'Fede', lastName: 'Prueba' });
    const context = await newContext(browser, asTestServer());
    const page = await context.newPage();
    // The live link never comes up in this browser.
    await page.routeWebSocket(/\/trpc/, (socket) => socket.close({ code: 1011 }));
    await signInByCookie(context, asTestServer(), fede.username);
    await page.goto(`/chat?con=${eva.id}`);
    const box = page.getByLabel('Mensaje');
    await box.fill('por compatibilidad');
    await box.press('Enter');
    await page.getByText('Tu mensaje se envió correctamente (modo compatibilidad)').waitFor();
    await page.getByTestId('chat-message').filter({ hasText: 'por compatibilidad' }).waitFor();

    await page.route('**/api/chat/messages', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"caído"}' }),
    );
    await box.fill('no llega');
    await box.press('Enter');
    await page.getByText('No se pudo enviar el mensaje. Intenta de nuevo.').waitFor();
    expect(await box.inputValue()).toBe('no llega');
    await context.close();
  });
});
