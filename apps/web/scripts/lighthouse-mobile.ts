/// <reference types="node" />
/**
 * Lighthouse's mobile performance (its default preset: a mid-range phone, slow 4G, simulated) of the
 * login screen, the dashboard and the leads list, run several times each; prints each run and the
 * median, which is what to compare: on a shared machine TBT and LCP vary from run to run.
 *
 *   node apps/web/scripts/lighthouse-mobile.ts --url http://127.0.0.1:3000 --user elena.martin --password … [--runs 3]
 *     [--screens login,dashboard,leads] [--reports <folder>]
 *
 * Runs `npx -y lighthouse@12` with Chromium (CHROMIUM_PATH or /usr/bin/chromium), against the
 * production build served by a running API on a seeded database (apps/api `seed:demo`).
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';

const run = promisify(execFile);

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    user: { type: 'string', default: process.env['MEASURE_USER'] },
    password: { type: 'string', default: process.env['MEASURE_PASSWORD'] },
    runs: { type: 'string', default: '3' },
    screens: { type: 'string', default: 'login,dashboard,leads' },
    /** Keeps each run's Lighthouse JSON in this folder (main-thread breakdown, long tasks). */
    reports: { type: 'string' },
  },
});
if (!values.user || !values.password) {
  console.error('Falta --user y --password (o MEASURE_USER y MEASURE_PASSWORD) de un usuario de la demo.');
  process.exit(2);
}
const runs = Number(values.runs);

const SCREENS: Record<string, { path: string; signedIn: boolean }> = {
  login: { path: '/', signedIn: false },
  dashboard: { path: '/', signedIn: true },
  leads: { path: '/leads', signedIn: true },
};

interface Run {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
}

async function sessionCookie(): Promise<string> {
  const response = await fetch(new URL('/api/login', values.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: values.user, password: values.password }),
  });
  if (!response.ok) throw new Error(`Login ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith('crm_session='));
  if (!cookie) throw new Error('El login no devolvió la cookie crm_session');
  return cookie.split(';')[0] ?? '';
}

async function lighthouse(url: string, headersFile: string | null, output: string): Promise<Run> {
  const args = [
    '-y',
    'lighthouse@12',
    url,
    '--only-categories=performance',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
  ];
  if (headersFile) args.push(`--extra-headers=${headersFile}`);
  await run('npx', args, { env: { ...process.env, CHROME_PATH: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium' } });
  const report = JSON.parse(await readFile(output, 'utf8')) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue: number }>;
  };
  const metric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    fcp: metric('first-contentful-paint'),
  };
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const line = (label: string, r: Run) =>
  `${label.padEnd(22)} ${String(r.score).padStart(5)} ${(r.fcp / 1000).toFixed(2).padStart(6)} s ${(r.lcp / 1000).toFixed(2).padStart(6)} s ${String(Math.round(r.tbt)).padStart(6)} ms ${r.cls.toFixed(3).padStart(7)}`;

const dir = values.reports ?? (await mkdtemp(path.join(tmpdir(), 'lighthouse-')));
if (values.reports) await mkdir(dir, { recursive: true });
try {
  // A fresh session per signed-in screen keeps one screen's runs from ending another's session.
  console.log(`${'pantalla'.padEnd(22)} nota     FCP        LCP        TBT     CLS`);
  for (const screen of values.screens.split(',')) {
    const target = SCREENS[screen];
    if (!target) throw new Error(`Pantalla desconocida: ${screen}`);
    let headersFile: string | null = null;
    if (target.signedIn) {
      headersFile = path.join(dir, `${screen}-headers.json`);
      await writeFile(headersFile, JSON.stringify({ Cookie: await sessionCookie() }));
    }
    const results: Run[] = [];
    for (let index = 0; index < runs; index += 1) {
      const result = await lighthouse(new URL(target.path, values.url).href, headersFile, path.join(dir, `${screen}-${index}.json`));
      results.push(result);
      console.log(line(`${screen} #${index + 1}`, result));
    }
    console.log(
      line(`${screen} (mediana)`, {
        score: median(results.map((r) => r.score)),
        fcp: median(results.map((r) => r.fcp)),
        lcp: median(results.map((r) => r.lcp)),
        tbt: median(results.map((r) => r.tbt)),
        cls: median(results.map((r) => r.cls)),
      }),
    );
  }
} finally {
  if (!values.reports) await rm(dir, { recursive: true, force: true });
}
