/**
 * `pnpm bench:dashboard`: 100,000 leads and 200 members on a fresh database of the benchmark's
 * embedded server and, with `--pg=<admin url>`, of that server too, then the dashboard, performance
 * and analytics calls over HTTP to a server in this process, printing p50/p95, then each call's p95
 * on both servers and their ratio. Options: --pg=<admin url>, --only=embedded|postgres, --leads=N,
 * --members=N, --runs=N.
 */
import type { Db } from '@crm/db';
import { sql } from 'kysely';
import { loadEnv } from '../src/env.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { startServer } from '../src/server.js';
import { type P95ByTarget, printP95Ratios } from './support/compare.js';
import { benchOptions as options, type BenchTarget, benchTargets, createBenchDatabase, runBench, TARGET_LABEL } from './support/options.js';
import { loginCookie } from './support/server-process.js';

const LEADS = Number(options['leads'] ?? 100_000);
const MEMBERS = Number(options['members'] ?? 200);
const RUNS = Number(options['runs'] ?? 100);
const WARMUP = 10;
const ADMIN_PASSWORD = 'bench-admin-1';

const CALLS: { name: string; path: string }[] = [
  { name: 'GET /api/dashboard/summary', path: '/api/dashboard/summary' },
  { name: 'tRPC dashboard.summary', path: '/trpc/dashboard.summary' },
  { name: 'GET /api/analytics/performance', path: '/api/analytics/performance' },
  { name: 'GET /api/activities/recent', path: '/api/activities/recent' },
  { name: 'GET /api/analytics/report (month)', path: '/api/analytics/report?period=month' },
  { name: 'GET /api/analytics/report (year)', path: '/api/analytics/report?period=year' },
  {
    name: 'tRPC analytics.report (quarter)',
    path: `/trpc/analytics.report?input=${encodeURIComponent(JSON.stringify({ json: { period: 'quarter' } }))}`,
  },
];

async function fill(db: Db): Promise<void> {
  const hash = await hashPassword('bench-member');
  await sql`insert into users (username, email, password_hash, first_name, last_name, system_role, last_seen_at, created_at)
    select 'vendedor' || g, 'vendedor' || g || '@bench.es', ${hash}, 'Vendedor', 'Número ' || g,
      case when g <= 5 then 'manager' else 'team_member' end,
      now() - (g % 72) * interval '1 hour', now() - interval '400 days'
    from generate_series(1, ${MEMBERS}) g`.execute(db);
  await sql`select setseed(0.42)`.execute(db);
  // Statuses roughly as a real pipeline has them; assignment to a random member, 5% unassigned.
  await sql`insert into leads (name, email, category, status, assigned_to, contacted_by, contacted_at, converted_at, search_text, created_at)
    select 'Empresa ' || g, 'info' || g || '@empresa.es', 'tecnologia', s.status,
      a.assigned, case when s.status <> 'nuevo' then a.assigned end,
      case when s.status <> 'nuevo' then c.created + interval '2 days' end,
      case when s.status = 'convertido' then c.created + interval '9 days' end,
      'empresa ' || g, c.created
    from generate_series(1, ${LEADS}) g
    cross join lateral (select now() - random() * interval '365 days' as created, random() as r, random() as u) c
    cross join lateral (select case when c.r < 0.3 then 'nuevo' when c.r < 0.5 then 'contactado' when c.r < 0.65 then 'interesado'
      when c.r < 0.8 then 'convertido' else 'perdido' end as status) s
    cross join lateral (select case when c.u < 0.05 then null
      else (select min(id) from users) + 1 + floor(c.u * ${MEMBERS})::int end as assigned) a`.execute(db);
  await sql`update leads set converted_at = least(converted_at, now()), contacted_at = least(contacted_at, now())`.execute(db);
  await sql`insert into activities (type, description, created_at)
    select 'lead_created', 'Vendedor creó el lead Empresa ' || g, now() - g * interval '1 minute' from generate_series(1, 2000) g`.execute(
    db,
  );
  // What autovacuum does on a live database: statistics, and the visibility map index-only scans rely on.
  await sql`vacuum analyze leads`.execute(db);
  await sql`vacuum analyze users`.execute(db);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function benchOn(target: BenchTarget, p95s: P95ByTarget): Promise<void> {
  const database = await createBenchDatabase(target);
  const p95ByCall = new Map<string, number>();
  p95s.set(target, p95ByCall);
  const server = await startServer(
    loadEnv({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ADMIN_PASSWORD, DATA_DIR: '/nonexistent' }),
    database,
  );
  try {
    const filling = Date.now();
    await fill(database.db);
    console.log(
      `\n[${TARGET_LABEL[target]}] ${LEADS} leads, ${MEMBERS} miembros cargados en ${((Date.now() - filling) / 1000).toFixed(1)} s`,
    );
    const cookie = await loginCookie(server.url, { username: 'admin', password: ADMIN_PASSWORD });

    console.log(`${'llamada'.padEnd(38)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
    for (const call of CALLS) {
      const times: number[] = [];
      for (let i = 0; i < WARMUP + RUNS; i += 1) {
        const started = performance.now();
        const response = await fetch(`${server.url}${call.path}`, { headers: { cookie } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${call.name}: ${response.status}`);
        if (i >= WARMUP) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      p95ByCall.set(call.name, percentile(times, 95));
      console.log(
        `${call.name.padEnd(38)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)}`,
      );
    }
  } finally {
    await server.close();
    await database.drop();
  }
}

await runBench(async () => {
  const p95s: P95ByTarget = new Map();
  for (const target of benchTargets) await benchOn(target, p95s);
  printP95Ratios(p95s);
});
