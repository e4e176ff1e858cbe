/// <reference types="node" />
/**
 * Prints the JavaScript (and CSS) a phone downloads on the first load of the login screen, the
 * dashboard and the leads list: bytes on the wire (compressed, as the server sends them), on the
 * production build served by a running API, in Chromium. Two figures per screen: the first load (the
 * scripts asked for before the screen shows its content: the login form, the dashboard's cards, the
 * first lead card), which the budget holds, and everything until the network is idle (what loads
 * after the first paint too: the phone formatter, a first admin's setup dialog).
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

interface Script {
  name: string;
  bytes: number;
  /** Asked for after the screen showed its content. */
  late: boolean;
}

interface FirstLoad {
  screen: string;
  jsBytes: number;
  totalJsBytes: number;
  scripts: Script[];
  cssBytes: number;
}

/**
 * Run in the page before its scripts: notes when the screen first shows its content (performance.now()):
 * the login form, the dashboard's cards, the first lead (a card, or a row of the table). A string, not
 * a function: tsx would wrap a function's inner names in a helper the page does not have.
 */
const SHOWN: Record<string, string> = {
  login: `[...document.querySelectorAll('button')].some((button) => button.textContent.includes('Iniciar Sesión'))`,
  dashboard: `Boolean(document.querySelector('main')?.textContent.includes('Total de Leads'))`,
  leads: `document.querySelector('[data-testid="lead-card"], main table tbody tr') !== null`,
};
const watchReady = (screen: string) => `{
  const observer = new MutationObserver(() => {
    if (!(${SHOWN[screen]})) return;
    window.readyAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}`;

async function signInCookie(context: BrowserContext): Promise<void> {
  const response = await context.request.post('/api/login', { data: { username: values.user, password: values.password } });
  if (!response.ok()) throw new Error(`Login ${response.status()}: ${await response.text()}`);
}

async function measure(context: BrowserContext, screen: string, path: string): Promise<FirstLoad> {
  const page = await context.newPage();
  await page.addInitScript({ content: watchReady(screen) });
  const responses: Array<Promise<{ type: string; url: string; bytes: number }>> = [];
  page.on('requestfinished', (request) => {
    responses.push(request.sizes().then((sizes) => ({ type: request.resourceType(), url: request.url(), bytes: sizes.responseBodySize })));
  });
  await page.goto(path);
  await page.waitForFunction(() => (window as unknown as { readyAt?: number }).readyAt !== undefined);
  await page.waitForLoadState('networkidle');
  // What loads once the browser is idle (lib/idle-module.ts) may start after the network first went quiet.
  await page.waitForTimeout(3000);
  await page.waitForLoadState('networkidle');
  // When each script was asked for, on the page's clock: those after the content showed are late.
  const startedAt = await page.evaluate(() => {
    const starts: Record<string, number> = {};
    for (const entry of performance.getEntriesByType('resource')) starts[entry.name] ??= entry.startTime;
    return { starts, readyAt: (window as unknown as { readyAt: number }).readyAt };
  });
  const done = await Promise.all(responses);
  await page.close();
  const of = (type: string) => done.filter((entry) => entry.type === type);
  const sum = (entries: Array<{ bytes: number }>) => entries.reduce((total, entry) => total + entry.bytes, 0);
  const scripts = of('script')
    .map(({ url, bytes }) => ({ name: new URL(url).pathname, bytes, late: (startedAt.starts[url] ?? 0) > startedAt.readyAt }))
    .sort((a, b) => b.bytes - a.bytes);
  return {
    screen,
    jsBytes: sum(scripts.filter((script) => !script.late)),
    totalJsBytes: sum(scripts),
    scripts,
    cssBytes: sum(of('stylesheet')),
  };
}

const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
const results: FirstLoad[] = [];
try {
  const screens = [
    { screen: 'login', path: '/', signedIn: false },
    { screen: 'dashboard', path: '/', signedIn: true },
    { screen: 'leads', path: '/leads', signedIn: true },
  ];
  for (const { screen, path, signedIn } of screens) {
    // A fresh context each time: an empty cache and no hint left by an earlier visit.
    const context = await browser.newContext({ baseURL, viewport: PHONE, locale: 'es-ES' });
    if (signedIn) await signInCookie(context);
    results.push(await measure(context, screen, path));
    await context.close();
  }
} finally {
  await browser.close();
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
console.log('pantalla    JS primera carga (KB comprimidos)  JS hasta red inactiva  scripts  CSS (KB comprimidos)');
for (const { screen, jsBytes, totalJsBytes, scripts, cssBytes } of results) {
  console.log(
    `${screen.padEnd(11)} ${kb(jsBytes).padStart(33)}  ${kb(totalJsBytes).padStart(21)}  ${String(scripts.length).padStart(7)}  ${kb(cssBytes).padStart(20)}`,
  );
}
if (values.files) {
  for (const { screen, scripts } of results) {
    console.log(`\n${screen} (* = pedido tras mostrar el contenido):`);
    for (const { name, bytes, late } of scripts) console.log(`  ${kb(bytes).padStart(6)}${late ? '*' : ' '} ${name}`);
  }
}
const over = results.filter((result) => result.jsBytes > BUDGET_KB * 1024);
if (over.length > 0) {
  console.log(`Por encima de ${BUDGET_KB} KB: ${over.map((result) => result.screen).join(', ')}`);
  process.exitCode = 1;
}
