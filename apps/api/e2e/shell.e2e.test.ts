/** The foundation in a real browser: login, sidebar per role, gates, 404, logout, phone width. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { ADMIN_PASSWORD, createUser, type TestServer, uniqueName } from '../src/test/harness.js';
import {
  LAPTOP,
  PHONE,
  newContext,
  pageSignedInAs,
  screenshot,
  signIn,
  type BrowserSuite,
  startBrowserSuite,
  watchCspViolations,
} from './browser.js';

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

describe('login screen', () => {
  it('refuses empty fields without calling the server', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sistema de Gestión de Ventas' }).waitFor();
    await screenshot(page, 'login-laptop');
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('auth.login')) calls += 1;
    });
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.getByText('Por favor ingresa usuario y contraseña').waitFor();
    expect(calls).toBe(0);
    await context.close();
  });

  it('shows the server message on a wrong password', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByLabel('Usuario').fill('admin');
    await page.getByLabel('Contraseña').fill('incorrecta');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await page.getByText('Error de login').waitFor();
    await page.getByText('Usuario o contraseña incorrectos').waitFor();
    await context.close();
  });

  it('replaces the toast on screen with the newest one instead of queueing it', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    const first = page.getByText('Por favor ingresa usuario y contraseña');
    await first.waitFor();
    // A hovered toast never closes on its own: a queued second toast would wait forever.
    await first.hover();
    await page.getByLabel('Usuario').fill('admin');
    await page.getByLabel('Contraseña').fill('incorrecta');
    await page.getByLabel('Contraseña').press('Enter');
    await page.getByText('Error de login').waitFor();
    await first.waitFor({ state: 'detached' });
    expect(await page.locator('.mantine-Notification-root').count()).toBe(1);
    await context.close();
  });

  it('shows the Login exitoso toast once the app is on screen', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByText('Login exitoso').waitFor();
    await page.getByText('Redirigiendo al dashboard...').waitFor();
    await context.close();
  });

  it('signs the first admin in and shows the dashboard', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Panel de Control' }).waitFor();
    await expect(page.getByTestId('sidebar-user-name').textContent()).resolves.toBe('Administrador Principal');
    await screenshot(page, 'dashboard-admin-laptop');
    await context.close();
  });
});

describe('sidebar per role', () => {
  const everyone = ['Resumen', 'Leads', 'Chat', 'Perfil'];
  const cases = [
    {
      role: 'admin',
      label: 'Administrador',
      visible: [...everyone, 'Equipo', 'Gestión de Usuarios', 'Roles Personalizados', 'Formularios', 'Análisis'],
      hidden: [],
    },
    {
      role: 'manager',
      label: 'Manager',
      visible: [...everyone, 'Gestión de Usuarios', 'Roles Personalizados', 'Formularios'],
      hidden: ['Equipo', 'Análisis'],
    },
    {
      role: 'team_member',
      label: 'Vendedor',
      visible: everyone,
      hidden: ['Equipo', 'Gestión de Usuarios', 'Roles Personalizados', 'Formularios', 'Análisis'],
    },
  ] as const;

  for (const { role, label, visible, hidden } of cases) {
    it(`shows a ${role} only their items and the role label ${label}`, async () => {
      const { page, context } = await pageSignedInAs(browser, server, role, { firstName: 'Lucía', lastName: 'Gómez' });
      const nav = page.getByRole('navigation', { name: 'Navegación principal' });
      for (const item of visible) await expect(nav.getByRole('link', { name: item, exact: true }).count()).resolves.toBe(1);
      for (const item of hidden) await expect(nav.getByRole('link', { name: item, exact: true }).count()).resolves.toBe(0);
      await page.getByText(label, { exact: true }).first().waitFor();
      await page.getByText('En línea').first().waitFor();
      await expect(page.getByText('LG', { exact: true }).first().isVisible()).resolves.toBe(true);
      await context.close();
    });
  }
});

describe('gated sections and routes', () => {
  it('refuses the admin-only analytics screen to a Vendedor', async () => {
    const { page, context } = await pageSignedInAs(browser, server, 'team_member', { path: '/analytics' });
    await page.getByText('Acceso Restringido').waitFor();
    await page.getByText('Solo los administradores pueden acceder a esta sección.').waitFor();
    await page.getByText('Vendedor', { exact: true }).last().waitFor();
    await screenshot(page, 'gate-vendedor-analytics');
    await page.goto('/user-management');
    await page.getByText('No tienes permisos para acceder a esta sección.').waitFor();
    await context.close();
  });

  it('shows the not-found page on an unknown path', async () => {
    const { page, context } = await pageSignedInAs(browser, server, 'manager', { path: '/no-existe' });
    await page.getByText('404 Page Not Found').waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await context.close();
  });

  it('sends a signed-out visitor of a section to the login screen with the Unauthorized toast', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    // The toast lives 500 ms before the page leaves for /api/login, and on a loaded machine the
    // test's polling can miss it: the page reports it itself, the moment it is added.
    let toastShown: () => void = () => undefined;
    const toast = new Promise<void>((resolve) => (toastShown = resolve));
    await page.exposeFunction('reportLoggedOutToast', () => toastShown());
    await page.addInitScript((text) => {
      const observer = new MutationObserver(() => {
        if (!document.body?.textContent?.includes(text)) return;
        observer.disconnect();
        void (window as unknown as { reportLoggedOutToast: () => Promise<void> }).reportLoggedOutToast();
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    }, 'You are logged out. Logging in again...');
    await page.goto('/leads');
    await toast;
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
    await context.close();
  });
});

describe('logout and phone width', () => {
  it('logs out and returns to the login screen; the old session is gone', async () => {
    const { page, context } = await pageSignedInAs(browser, server, 'team_member');
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
    const status = await page.evaluate(async () => (await fetch('/api/auth/user')).status);
    expect(status).toBe(401);
    await context.close();
  });

  it('stops the live socket and shows the login screen when the session ends elsewhere', async () => {
    const username = uniqueName('ended');
    await createUser(server, { username, systemRole: 'team_member' });
    const context = await newContext(browser, server);
    const page = await context.newPage();
    const sockets: string[] = [];
    // The live feed's socket opens once the app is on screen.
    const liveSocket = page.waitForEvent('websocket', { predicate: (socket) => socket.url().endsWith('/trpc') });
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await signIn(page, username);
    await liveSocket;
    const elsewhere = await browser.newContext({ baseURL: server.url });
    await elsewhere.addCookies(await context.cookies());
    expect((await elsewhere.request.post('/api/logout')).status()).toBe(200);
    await elsewhere.close();
    // Nothing touched on this page: the socket's end alone brings the login screen.
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
    const opened = sockets.length;
    // A reconnect would come CHAT_LIMITS.reconnectDelayMs (3 s) after the close.
    await page.waitForTimeout(4000);
    expect(sockets.length).toBe(opened);
    await context.close();
  });

  it('collapses the sidebar into a burger menu on a phone', async () => {
    const { page, context } = await pageSignedInAs(browser, server, 'admin', { viewport: PHONE });
    const burger = page.getByRole('button', { name: 'Abrir menú' });
    await burger.waitFor();
    // The closed menu is slid off-screen to the left.
    const closedBox = await page.getByRole('link', { name: 'Leads', exact: true }).boundingBox();
    expect((closedBox?.x ?? 0) + (closedBox?.width ?? 0)).toBeLessThanOrEqual(0);
    await screenshot(page, 'dashboard-phone');
    await burger.click();
    await page.getByRole('link', { name: 'Leads', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/leads');
    await page.waitForTimeout(400); // let the menu finish sliding away before the picture
    await screenshot(page, 'leads-phone');
    await page.setViewportSize(LAPTOP);
    await context.close();
  });

  it('saves the profile and keeps it after a reload', async () => {
    const { page, context } = await pageSignedInAs(browser, server, 'team_member', { path: '/profile' });
    await page.getByLabel('Teléfono').fill('+34 611 222 333');
    await page.getByLabel('Biografía').fill('Especialista en clínicas dentales');
    await page.getByRole('button', { name: 'Guardar Cambios' }).click();
    await page.getByText('Perfil actualizado').waitFor();
    await page.reload();
    await expect(page.getByLabel('Teléfono').inputValue()).resolves.toBe('+34 611 222 333');
    // Off, the automatic distribution skips this person; the server keeps it across reloads.
    const available = page.getByRole('switch', { name: 'Disponible para asignación' });
    await expect(available.isChecked()).resolves.toBe(true);
    await available.click();
    await expect.poll(() => available.isChecked()).toBe(false);
    // The switch shows the new value while it saves, disabled: reload once the save is done.
    await expect.poll(() => available.isEnabled()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'Disponible para asignación' }).isChecked()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'profile-laptop');
    await context.close();
  });
});

describe('delivery of the web app', () => {
  it('sends compressed scripts and styles, and no page breaks the Content-Security-Policy', async () => {
    const context = await newContext(browser, server);
    const page = await context.newPage();
    const assets: { url: string; encoding: string | undefined }[] = [];
    page.on('response', (response) => {
      if (/\/assets\/.+\.(js|css)$/.test(response.url())) {
        assets.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
      }
    });
    const violations = await watchCspViolations(page);
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.getByRole('heading', { name: 'Panel de Control' }).waitFor();
    for (const section of ['/leads', '/profile', '/team']) {
      await page.goto(section);
      await page.waitForLoadState('networkidle');
    }
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((asset) => asset.encoding !== 'br' && asset.encoding !== 'gzip')).toEqual([]);
    expect(violations).toEqual([]);
    await context.close();
  });
});
