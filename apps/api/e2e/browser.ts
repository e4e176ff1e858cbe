/**
 * Browser test harness: a real server (serving the built web app) and Debian's Chromium
 * driven by playwright-core. A missing Chromium or web build fails the run, never skips it.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SystemRole } from '@crm/domain';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { loadEnv } from '../src/env.js';
import { webDistDir } from '../src/http/web-app.js';
import {
  type ApiClient,
  createUser,
  DEFAULT_PASSWORD,
  loginAs,
  startTestServer,
  type TestServer,
  uniqueName,
} from '../src/test/harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SCREENSHOT_DIR = path.join(here, 'screenshots');

export const LAPTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function startBrowserServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dist = webDistDir(loadEnv({}));
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`La app web no está construida en ${dist}: ejecuta "pnpm --filter @crm/web build".`);
  }
  return startTestServer(env);
}

/**
 * Debian's `chromium-headless-shell`: the same Chromium (Blink, V8, the same release) without the
 * browser's own interface. The full browser in headless mode opens its omnibox pop-up pages for every
 * window, one per browser context here, which cost more CPU than many of the tests' own pages.
 */
const DEFAULT_CHROMIUM = '/usr/bin/chromium-headless-shell';

export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
  if (!existsSync(executablePath)) throw new Error(`Chromium no encontrado en ${executablePath}`);
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * `bypassCSP` lets a test inject a script (axe-core) past the app's Content-Security-Policy. The
 * browser asks for reduced motion, which the app honours (theme.ts): dialogs and menus appear at
 * once, so a journey neither waits for nor renders their transitions.
 */
export async function newContext(
  browser: Browser,
  server: TestServer,
  viewport = LAPTOP,
  options: { bypassCSP?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: server.url,
    viewport,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    reducedMotion: 'reduce',
    ...options,
  });
}

/**
 * Collects the page's Content-Security-Policy violations from before its first script. Chromium
 * reports a blocked eval as an issue, not a console line: this listens to the page's own event.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`,
      );
    });
  });
  return violations;
}

/** Signs in through the real login screen and waits for the app shell. */
export async function signIn(page: Page, username: string, password = DEFAULT_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
}

/**
 * Signs `context` in without the login screen: a login over the API, its cookies handed to the
 * browser. The login screen has journeys of its own (shell, two-factor, first day); every other
 * journey skips its page load and the dashboard's behind it.
 */
export async function signInByCookie(
  context: BrowserContext,
  server: TestServer,
  username: string,
  password = DEFAULT_PASSWORD,
): Promise<void> {
  const api = await loginAs(server, username, password);
  await context.addCookies([...api.cookies].map(([name, value]) => ({ name, value, url: server.url })));
}

/** A new page of `context`, signed in as `username`, showing `path` (the dashboard, with the app's navigation, unless told). */
export async function openSignedIn(context: BrowserContext, server: TestServer, username: string, path?: string): Promise<Page> {
  await signInByCookie(context, server, username);
  const page = await context.newPage();
  await page.goto(path ?? '/');
  if (path === undefined) await page.getByRole('navigation', { name: 'Navegación principal' }).waitFor();
  return page;
}

/**
 * Creates a user of that role and returns a page signed in at the given width, showing `path`
 * (the dashboard unless told: then it waits for the app's navigation).
 */
export async function pageSignedInAs(
  browser: Browser,
  server: TestServer,
  role: SystemRole,
  options: {
    viewport?: { width: number; height: number };
    username?: string;
    firstName?: string;
    lastName?: string;
    bypassCSP?: boolean;
    path?: string;
  } = {},
): Promise<{ page: Page; context: BrowserContext; username: string; userId: number }> {
  const username = options.username ?? `${role.replace('_', '')}${Math.random().toString(36).slice(2, 8)}`;
  const { id: userId } = await createUser(server, { username, systemRole: role, firstName: options.firstName, lastName: options.lastName });
  const context = await newContext(browser, server, options.viewport, { bypassCSP: options.bypassCSP });
  const page = await openSignedIn(context, server, username, options.path);
  return { page, context, username, userId };
}

/**
 * Moves the open app to `path` as a click on one of its links does (react-router follows the
 * history), without loading the page again: a journey across many screens boots the app once.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Saves a screenshot for people to look at (apps/api/e2e/screenshots, not committed). A full-page
 * shot resizes the viewport for a moment, which closes open popovers: pass `{ fullPage: false }`
 * to capture one. CI has nobody to look at them, so it takes none unless E2E_SCREENSHOTS=1.
 */
const TAKE_SCREENSHOTS = !process.env['CI'] || process.env['E2E_SCREENSHOTS'] === '1';

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: options.fullPage ?? true });
}

/** The tRPC procedures the page asks for from now on (a batch names several, comma-separated). */
export function procedureCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const match = /\/trpc\/([^?]+)/.exec(request.url());
    if (match?.[1]) calls.push(...decodeURIComponent(match[1]).split(','));
  });
  return calls;
}

export interface BrowserSuite {
  server: TestServer;
  browser: Browser;
  /** An admin signed in over the API, for setting up data quickly (when asked for). */
  adminApi?: ApiClient;
  /** A scratch folder for files the test uploads (when asked for); removed on close. */
  fileDir?: string;
  close(): Promise<void>;
}

/** What most browser test files start with: a server, Chromium, and optionally an API admin and a folder. */
export async function startBrowserSuite(options: { adminApi?: boolean; filesPrefix?: string } = {}): Promise<BrowserSuite> {
  const server = await startBrowserServer();
  const browser = await launchBrowser();
  let adminApi: ApiClient | undefined;
  if (options.adminApi) {
    const username = uniqueName('apiadmin');
    await createUser(server, { username, systemRole: 'admin' });
    adminApi = await loginAs(server, username);
  }
  const fileDir = options.filesPrefix ? await mkdtemp(path.join(tmpdir(), options.filesPrefix)) : undefined;
  return {
    server,
    browser,
    adminApi,
    fileDir,
    close: async () => {
      await browser.close();
      await server.close();
      if (fileDir) await rm(fileDir, { recursive: true, force: true });
    },
  };
}
