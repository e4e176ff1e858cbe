/**
 * `pnpm bench:live` (issue 25): 50 signed-in users with the Leads screen, its counts, the board and
 * the sidebar badge open (support/live-screens.ts drives the real tRPC client with the web app's
 * rules), while one manager makes 100 lead changes (a status move each, paced). Prints, for the old
 * rules (`refetch-all`: every event refetches every open list and board query) and the new ones
 * (`patch`: the event's list item patches the caches; counts refetch debounced), in the same run on
 * the same server: database transactions per change (pg_stat_database, the idle rate subtracted; each
 * statement outside a transaction is one), tRPC calls and HTTP requests per change, and how long
 * until every screen shows a change (p50, p95, worst). Prints figures, asserts nothing.
 * Options: --users=N (50), --changes=N (100), --interval=MS between changes (200), --leads=N (10,000),
 * --modes=refetch-all,patch, --only=embedded|postgres, --pg=<admin url>.
 */
import { randomBytes } from 'node:crypto';
import { insertSession, SESSION_ABSOLUTE_MS, type Db } from '@crm/db';
import type { LeadStatus } from '@crm/domain';
import { sql } from 'kysely';
import { hashToken, SESSION_COOKIE } from '../src/sessions/session.js';
import { startApiSite } from './support/api-site.js';
import { LIFTED_WORK_BUDGET } from './support/server-process.js';
import { ms, percentile, printTable } from './support/chat-bench-kit.js';
import { ChangeLog, Screen, type ScreenRules } from './support/live-screens.js';
import { benchOptions as options, type BenchTarget, benchTargets, runBench, TARGET_LABEL } from './support/options.js';
import { fillWorkspace } from './support/workspace-fill.js';

const USERS = Number(options['users'] ?? 50);
const CHANGES = Number(options['changes'] ?? 100);
const INTERVAL_MS = Number(options['interval'] ?? 200);
const LEADS = Number(options['leads'] ?? 10_000);
const MODES = (options['modes'] ?? 'refetch-all,patch').split(',') as ScreenRules[];
/** A backend flushes its statistics at most every second, and an idle one within ten: wait that out before reading them. */
const STATS_SETTLE_MS = 11_000;

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function transactions(db: Db): Promise<number> {
  const { rows } = await sql<{ count: string }>`
    select xact_commit + xact_rollback as count from pg_stat_database where datname = current_database()`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** A session for each of the first `count` people (vendedor1 is a manager: the one who makes the changes). */
async function seedSessions(db: Db, count: number): Promise<{ userId: number; cookie: string }[]> {
  const users = await db.selectFrom('users').select('id').where('username', 'like', 'vendedor%').orderBy('id').limit(count).execute();
  const sessions = [];
  for (const user of users) {
    const token = randomBytes(16).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
    await insertSession(db, { id: hashToken(token), userId: user.id, expiresAt, ip: '127.0.0.1', userAgent: 'bench' });
    sessions.push({ userId: user.id, cookie: `${SESSION_COOKIE}=${token}` });
  }
  return sessions;
}

/** The newest leads of Leads Activos' default view: the ones on every screen's first page and the board's first column. */
async function leadsOnScreen(db: Db, count: number): Promise<number[]> {
  const rows = await db
    .selectFrom('leads')
    .select('id')
    .where('status', '=', 'nuevo')
    .where('contacted_at', 'is', null)
    .where('group_id', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  return rows.map((row) => row.id);
}

interface ModeResult {
  mode: ScreenRules;
  transactionsPerChange: number;
  callsPerChange: number;
  requestsPerChange: number;
  untilEveryScreen: number[];
}

async function runMode(
  mode: ScreenRules,
  site: { db: Db; url: string },
  sessions: { userId: number; cookie: string }[],
  idlePerMs: number,
): Promise<ModeResult> {
  let log = new ChangeLog();
  const screens = sessions.map(
    (session) =>
      new Screen(
        site.url,
        session.cookie,
        session.userId,
        () => mode,
        () => log,
      ),
  );
  await Promise.all(screens.map((screen) => screen.open()));
  await sleep(STATS_SETTLE_MS);
  log = new ChangeLog();
  const before = { transactions: await transactions(site.db), at: performance.now() };
  for (const screen of screens) {
    screen.calls = 0;
    screen.requests = 0;
  }
  const actor = screens[0] as Screen;
  const targets = await leadsOnScreen(site.db, CHANGES);
  const status: LeadStatus = 'interesado';
  for (const leadId of targets) {
    log.sent(leadId, performance.now());
    await actor.moveStatus(leadId, status);
    await sleep(INTERVAL_MS);
  }
  // Every screen has shown every change and its debounced refresh has run (or a minute has passed).
  const deadline = performance.now() + 60_000;
  while (
    performance.now() < deadline &&
    (log.untilEveryScreen(screens.length).some((value) => !Number.isFinite(value)) || screens.some((screen) => screen.settling))
  ) {
    await sleep(100);
  }
  await sleep(STATS_SETTLE_MS);
  const after = { transactions: await transactions(site.db), at: performance.now() };
  const counted = after.transactions - before.transactions - idlePerMs * (after.at - before.at);
  const calls = screens.reduce((sum, screen) => sum + screen.calls, 0);
  const requests = screens.reduce((sum, screen) => sum + screen.requests, 0);
  await Promise.all(screens.map((screen) => screen.close()));
  return {
    mode,
    transactionsPerChange: counted / targets.length,
    callsPerChange: calls / targets.length,
    requestsPerChange: requests / targets.length,
    untilEveryScreen: log.untilEveryScreen(screens.length).sort((a, b) => a - b),
  };
}

async function benchOn(target: BenchTarget): Promise<void> {
  let sessions: { userId: number; cookie: string }[] = [];
  // The 'refetch-all' rules (the old web app) refetch the board on every event: the budget would
  // refuse them, and the comparison is of what each rule set asks, so it is lifted here.
  const site = await startApiSite(target, {
    env: LIFTED_WORK_BUDGET,
    fill: async (db) => {
      await fillWorkspace(db, { leads: LEADS, members: Math.max(USERS, 6), events: LEADS, followUps: Math.floor(LEADS / 2) });
      sessions = await seedSessions(db, USERS);
    },
  });
  const url = site.apis[0]?.url ?? '';
  console.log(
    `\n[${TARGET_LABEL[target]}] ${USERS} personas con Leads, recuentos, embudo y contador abiertos; ` +
      `${CHANGES} cambios de estado, uno cada ${INTERVAL_MS} ms; ${LEADS.toLocaleString('es-ES')} leads`,
  );
  try {
    const idleStart = { transactions: await transactions(site.db), at: performance.now() };
    await sleep(STATS_SETTLE_MS);
    const idlePerMs = ((await transactions(site.db)) - idleStart.transactions) / (performance.now() - idleStart.at);
    console.log(`  en reposo: ${(idlePerMs * 1000).toFixed(1)} transacciones/s (descontadas)`);
    const results: ModeResult[] = [];
    for (const mode of MODES) results.push(await runMode(mode, { db: site.db, url }, sessions, idlePerMs));
    printTable(
      [
        { heading: 'reglas del cliente', width: 20 },
        { heading: 'transacc./cambio', width: 16 },
        { heading: 'llamadas/cambio', width: 15 },
        { heading: 'HTTP/cambio', width: 11 },
        { heading: 'todas las pantallas p50', width: 23 },
        { heading: 'p95', width: 10 },
        { heading: 'peor', width: 10 },
      ],
      results.map((result) => [
        result.mode,
        result.transactionsPerChange.toFixed(1),
        result.callsPerChange.toFixed(1),
        result.requestsPerChange.toFixed(1),
        ms(percentile(result.untilEveryScreen, 50)),
        ms(percentile(result.untilEveryScreen, 95)),
        ms(result.untilEveryScreen.at(-1) ?? Number.NaN),
      ]),
    );
    const [old, now] = [results.find((r) => r.mode === 'refetch-all'), results.find((r) => r.mode === 'patch')];
    if (old && now) {
      console.log(
        `  patch ÷ refetch-all: transacciones ×${(now.transactionsPerChange / old.transactionsPerChange).toFixed(3)}, ` +
          `p95 hasta todas las pantallas ×${(percentile(now.untilEveryScreen, 95) / percentile(old.untilEveryScreen, 95)).toFixed(3)}`,
      );
    }
  } finally {
    await site.stop();
  }
}

await runBench(async () => {
  for (const target of benchTargets) await benchOn(target);
});
