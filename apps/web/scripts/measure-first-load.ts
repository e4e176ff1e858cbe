/// <reference types="node" />
/**
 * Prints the JavaScript (and CSS) a phone downloads on the first load of the login screen, the
 * dashboard and the leads list: bytes on the wire (compressed, as the server sends them), counted in
 * Chromium until the network is idle, on the production build served by a running API.
 *
 *   node apps/web/scripts/measure-first-load.ts --url http://127.0.0.1:3000 --user elena.martin --password …
 *
 * Needs a seeded database (apps/api `seed:demo`) for the signed-in screens to show real lists.
 * Chromium: CHROMIUM_PATH or /usr/bin/chromium.
 */
import { parseArgs } from 'node:util';
import { type BrowserContext, chromium } from 'playwright-core';

/** The budget of issue 25 for every screen's first load. */
const BUDGET_KB = 200;
const PHONE = { width: 390, height: 844 };

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    user: { type: 'string', default: process.env['MEASURE_USER'] },
    password: { type: 'string', default: process.env['MEASURE_PASSWORD'] },
    /** Also lists each script of each screen, largest first. */
    files: { type: 'boolean', default: false },
  },
});
const baseURL = values.url;
if (!values.user || !values.password) {
  console.error('Falta --user y --password (o MEASURE_USER y MEASURE_PASSWORD) de un usuario de la demo.');
  process.exit(2);
}

interface FirstLoad {
  screen: string;
  jsBytes: number;
  scripts: Array<{ name: string; bytes: number }>;
  cssBytes: number;
}

async function signInCookie(context: BrowserContext): Promise<void> {
  const response = await context.request.post('/api/login', { data: { username: values.user, password: values.password } });
  if (!response.ok()) throw new Error(`Login ${response.status()}: ${await response.text()}`);
}

async function measure(context: BrowserContext, screen: string, path: string, ready: string): Promise<FirstLoad> {
  const page = await context.newPage();
  const responses: Array<Promise<{ type: string; name: string; bytes: number }>> = [];
  page.on('requestfinished', (request) => {
    const name = new URL(request.url()).pathname;
    responses.push(request.sizes().then((sizes) => ({ type: request.resourceType(), name, bytes: sizes.responseBodySize })));
  });
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  const done = await Promise.all(responses);
  await page.close();
  const of = (type: string) => done.filter((entry) => entry.type === type);
  const sum = (entries: Array<{ bytes: number }>) => entries.reduce((total, entry) => total + entry.bytes, 0);
  const scripts = of('script').sort((a, b) => b.bytes - a.bytes);
  return { screen, jsBytes: sum(scripts), scripts, cssBytes: sum(of('stylesheet')) };
}

const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const results: FirstLoad[] = [];
try {
  const screens = [
    { screen: 'login', path: '/', ready: 'button:has-text("Iniciar Sesión")', signedIn: false },
    { screen: 'dashboard', path: '/', ready: 'nav[aria-label="Navegación principal"]', signedIn: true },
    { screen: 'leads', path: '/leads', ready: 'nav[aria-label="Navegación principal"]', signedIn: true },
  ];
  for (const { screen, path, ready, signedIn } of screens) {
    // A fresh context each time: an empty cache and no hint left by an earlier visit.
    const context = await browser.newContext({ baseURL, viewport: PHONE, locale: 'es-ES' });
    if (signedIn) await signInCookie(context);
    results.push(await measure(context, screen, path, ready));
    await context.close();
  }
} finally {
  await browser.close();
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
console.log('pantalla    JS (KB comprimidos)  scripts  CSS (KB comprimidos)');
for (const { screen, jsBytes, scripts, cssBytes } of results) {
  console.log(`${screen.padEnd(11)} ${kb(jsBytes).padStart(19)}  ${String(scripts.length).padStart(7)}  ${kb(cssBytes).padStart(20)}`);
}
if (values.files) {
  for (const { screen, scripts } of results) {
    console.log(`\n${screen}:`);
    for (const { name, bytes } of scripts) console.log(`  ${kb(bytes).padStart(6)}  ${name}`);
  }
}
const over = results.filter((result) => result.jsBytes > BUDGET_KB * 1024);
if (over.length > 0) {
  console.log(`Por encima de ${BUDGET_KB} KB: ${over.map((result) => result.screen).join(', ')}`);
  process.exitCode = 1;
}
