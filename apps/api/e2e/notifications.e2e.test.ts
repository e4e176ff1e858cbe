/**
 * The notification centre in Chromium: a mention in a group chat, sent while the page loads and
 * before its live link is up, lights the bell; its panel opens the conversation; a message arriving while the tab is in the background shows a browser
 * notification (the permission granted, `new Notification` recorded by an init script). axe-core
 * and screenshots of the open panel at laptop and phone widths.
 */
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs, uniqueName } from '../src/test/harness.js';
import { seriousViolations } from './axe.js';
import { LAPTOP, PHONE, type BrowserSuite, newContext, screenshot, openSignedIn, signInByCookie, startBrowserSuite } from './browser.js';

let suite: BrowserSuite;

beforeAll(async () => {
  suite = await startBrowserSuite();
});

afterAll(async () => {
  await suite?.close();
});

/** Records every system notification the page makes, and lets the test put the tab in the background. */
function recordNotifications(): void {
  const shown: { title: string; body?: string }[] = [];
  const state = { background: false };
  Object.assign(window, { __shown: shown, __tab: state });
  class RecordedNotification {
    static permission = 'granted';
    static requestPermission = () => Promise.resolve('granted');
    onclick: (() => void) | null = null;
    constructor(title: string, options?: { body?: string }) {
      shown.push({ title, body: options?.body });
    }
    close(): void {}
  }
  Object.defineProperty(window, 'Notification', { value: RecordedNotification, configurable: true });
  Object.defineProperty(document, 'visibilityState', { get: () => (state.background ? 'hidden' : 'visible'), configurable: true });
  document.hasFocus = () => !state.background;
}

/** A browser context whose pages may notify, each recording what it shows. */
async function notifyingContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await newContext(suite.browser, suite.server, viewport);
  await context.grantPermissions(['notifications']);
  await context.addInitScript(recordNotifications);
  return context;
}

async function signedIn(username: string, viewport: { width: number; height: number }): Promise<Page> {
  return openSignedIn(await notifyingContext(viewport), suite.server, username);
}

describe('notification centre', () => {
  it(
    'a mention lights the bell and opens the conversation; a background tab shows a browser notification',
    { timeout: 180_000 },
    async () => {
      const elena = await createUser(suite.server, { username: uniqueName('elena'), firstName: 'Elena', lastName: 'Aviso' });
      const pablo = await createUser(suite.server, { username: uniqueName('pablo'), firstName: 'Pablo', lastName: 'Aviso' });
      const elenaApi = await loginAs(suite.server, elena.username);
      const channel = await elenaApi.post('/api/chat/channels', { name: 'Obra Clínica Sol', memberIds: [pablo.id] });
      expect(channel.status).toBe(201);

      const pabloApi = await loginAs(suite.server, pablo.username);
      // The mention comes while the page loads: after the bell read its count, before the live link
      // listens (held down here until then). No event tells of it: the link's first `synced` does.
      const context = await notifyingContext(LAPTOP);
      // Held: the page's socket opens onto nothing. Closed later, the app reconnects to the server.
      let heldLink: WebSocketRoute | undefined;
      await context.routeWebSocket(/\/trpc/, (socket) => {
        if (heldLink) socket.connectToServer();
        else heldLink = socket;
      });
      await signInByCookie(context, suite.server, pablo.username);
      const page = await context.newPage();
      const countRead = page.waitForResponse((response) => response.url().includes('notifications.unreadCount') && response.ok());
      await page.goto('/');
      await countRead;
      const bell = page.getByRole('button', { name: /^Notificaciones/ });
      expect(await bell.getAttribute('aria-label')).toBe('Notificaciones');

      await elenaApi.post(`/api/chat/channels/${channel.body.id}/messages`, { message: `@${pablo.username} ¿revisas el presupuesto?` });
      await expect.poll(() => heldLink).toBeDefined();
      await heldLink?.close({ code: 1012 });
      await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notificaciones, 1 sin leer');
      await bell.click();
      const item = page.getByRole('button', { name: /Elena Aviso te mencionó en Obra Clínica Sol/ });
      await item.waitFor();
      await page.waitForTimeout(300); // the panel's fade-in, for the screenshot
      await screenshot(page, 'notifications-panel-laptop', { fullPage: false });
      expect(await seriousViolations(page)).toEqual([]);
      // In the foreground: no system notification.
      expect(await page.evaluate(() => (window as unknown as { __shown: unknown[] }).__shown)).toEqual([]);

      await item.click();
      await page.waitForURL(`**/chat?canal=${channel.body.id}`);
      await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notificaciones');
      // A message in the conversation on screen is read there: the bell stays quiet (once the tab has said it shows it).
      const viewing = () => suite.server.ctx.db.selectFrom('chat_viewing').select('collapse_key').where('user_id', '=', pablo.id).execute();
      await expect.poll(async () => (await viewing()).map((row) => row.collapse_key)).toEqual([`chat:channel:${channel.body.id}`]);
      await elenaApi.post(`/api/chat/channels/${channel.body.id}/messages`, { message: `@${pablo.username} ya lo tienes en el correo` });
      // It shows in the list and in the channel's row of the sidebar: either means it arrived.
      await page.getByText('ya lo tienes en el correo').first().waitFor();
      expect(await bell.getAttribute('aria-label')).toBe('Notificaciones');
      expect((await pabloApi.get('/api/notifications?unread=true')).body).toEqual([]);

      // Away from the conversation and the tab in the background: the next message shows a browser notification.
      // Within the app, as a user would: the live link stays up.
      await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Resumen' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.evaluate(() => ((window as unknown as { __tab: { background: boolean } }).__tab.background = true));
      await elenaApi.post('/api/chat/messages', { receiverId: pablo.id, message: '¿Puedes llamar hoy al cliente?' });
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __shown: { title: string; body?: string }[] }).__shown))
        .toEqual([{ title: 'Mensajes nuevos de Elena Aviso', body: '¿Puedes llamar hoy al cliente?' }]);
      await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notificaciones, 1 sin leer');
      await page.context().close();
    },
  );

  it('the bell sits in the phone top bar and its panel passes axe', { timeout: 120_000 }, async () => {
    const carla = await createUser(suite.server, { username: uniqueName('carla'), firstName: 'Carla', lastName: 'Móvil' });
    const admin = await createUser(suite.server, { username: uniqueName('admin'), systemRole: 'admin' });
    const adminApi = await loginAs(suite.server, admin.username);
    const lead = await adminApi.post('/api/leads', {
      name: 'Clínica Dental Norte',
      email: `${uniqueName('norte')}@ejemplo.es`,
      category: 'salud',
      description: 'Tres sillones',
      assignedTo: carla.id,
    });
    expect(lead.status).toBe(201);
    const page = await signedIn(carla.username, PHONE);
    const bell = page.getByRole('banner').getByRole('button', { name: 'Notificaciones, 1 sin leer' });
    await bell.click();
    await page.getByRole('button', { name: /Te asignaron un lead/ }).waitFor();
    await page.waitForTimeout(300); // the panel's fade-in, for the screenshot
    await screenshot(page, 'notifications-panel-phone', { fullPage: false });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('banner')
          .getByRole('button', { name: /^Notificaciones/ })
          .getAttribute('aria-label'),
      )
      .toBe('Notificaciones');
    await page.getByRole('button', { name: /Te asignaron un lead/ }).click();
    await page.waitForURL(`**/leads/${lead.body.id}`);
    await page.context().close();
  });
});
