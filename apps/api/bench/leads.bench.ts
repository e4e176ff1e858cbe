/**
 * `pnpm bench:leads`: 100,000 leads, then the Leads screen's list, search and tab-count calls over
 * HTTP against a started API, printing p50/p95, on the embedded server (the product's default path,
 * support/api-site.ts) and, with `--pg=<admin url>`, on that server too, then each call's p95 on
 * both and their ratio. Options: --pg=<admin url>, --only=embedded|postgres, --leads=N, --runs=N.
 */
import type { Db } from '@crm/db';
import { sql } from 'kysely';
import { hashPassword } from '../src/modules/auth/password.js';
import { startApiSite } from './support/api-site.js';
import { type P95ByTarget, printP95Ratios } from './support/compare.js';
import { BENCH_ADMIN, LIFTED_WORK_BUDGET, loginCookie } from './support/server-process.js';
import { benchOptions as options, type BenchTarget, benchTargets, runBench, TARGET_LABEL } from './support/options.js';

const LEADS = Number(options['leads'] ?? 100_000);
const RUNS = Number(options['runs'] ?? 100);
const WARMUP = 10;

/** Spanish business names and emails, 30% loose and 70% in 40 imported groups, statuses like a real pipeline. */
async function fill(db: Db): Promise<void> {
  const hash = await hashPassword(BENCH_ADMIN.password);
  await sql`insert into users (username, email, password_hash, first_name, last_name, system_role)
    values (${BENCH_ADMIN.username}, 'bench@bench.es', ${hash}, 'Bench', 'Admin', 'admin')`.execute(db);
  await sql`insert into users (username, email, password_hash, first_name, last_name, system_role)
    select 'vendedor' || g, 'vendedor' || g || '@bench.es', 'x', 'Vendedor', 'Número ' || g, 'team_member'
    from generate_series(1, 20) g`.execute(db);
  await sql`insert into lead_groups (name, created_at) select 'Importación ' || g, now() - g * interval '3 days' from generate_series(1, 40) g`.execute(
    db,
  );
  await sql`select setseed(0.7)`.execute(db);
  await sql`
    with words as (
      select array['Clínica','Bufete','Inmobiliaria','Academia','Asesoría','Tienda','Restaurante','Farmacia','Consultora','Óptica','Gestoría','Ferretería'] as prefixes,
             array['García','Fernández','González','Rodríguez','López','Martínez','Sánchez','Pérez','Gómez','Muñoz','Álvarez','Núñez','Ibáñez','Peña','Castro','Ortiz'] as surnames,
             array['Madrid','Barcelona','Valencia','Sevilla','Málaga','Bilbao','Córdoba','Gijón','A Coruña','Cádiz'] as cities,
             array['tecnologia','salud','educacion','finanzas','retail','legal','inmobiliario','otros'] as categories
    ), raw as (
      select g, w.*, random() as r, random() as grouped, random() as who,
        now() - random() * interval '365 days' as created
      from generate_series(1, ${LEADS}) g cross join words w
    ), named as (
      select g, r, grouped, who, created, categories[1 + g % 8] as category,
        prefixes[1 + g % 12] || ' ' || surnames[1 + (g / 12) % 16] || ' ' || cities[1 + (g / 7) % 10] || ' ' || g as name,
        'info' || g || '@' || lower(translate(surnames[1 + (g / 12) % 16], 'ÁÉÍÓÚáéíóúÑñ', 'AEIOUaeiouNn')) || '.es' as email
      from raw
    )
    insert into leads (name, email, phone, category, description, status, assigned_to, group_id, contacted_by, contacted_at, search_text, created_at)
    select name, email, '+34 6' || lpad((g * 7)::text, 8, '0'), category, 'Lead de prueba', s.status,
      case when who < 0.6 then (select min(id) from users) + floor(who * 20)::int end,
      case when grouped < 0.7 then (select min(id) from lead_groups) + floor(grouped / 0.7 * 40)::int end,
      case when s.status <> 'nuevo' and s.status <> 'perdido' then (select min(id) from users) end,
      case when s.status <> 'nuevo' and s.status <> 'perdido' then created + interval '1 day' end,
      translate(lower(name || ' ' || email), 'áéíóúüñ', 'aeiouun'), created
    from named cross join lateral (select case when r < 0.55 then 'nuevo' when r < 0.75 then 'contactado'
      when r < 0.85 then 'interesado' when r < 0.92 then 'convertido' else 'perdido' end as status) s`.execute(db);
  await sql`insert into conversation_tracking (lead_id, progress_level, last_contact_date)
    select id, 'poco_progreso', current_date from leads where status = 'interesado'`.execute(db);
  // What autovacuum does on a live database: statistics and clean GIN pending lists (on lead_search).
  await sql`vacuum analyze leads`.execute(db);
  await sql`vacuum analyze lead_search`.execute(db);
  await sql`vacuum analyze conversation_tracking`.execute(db);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function trpcPath(procedure: string, input: unknown): string {
  return `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
}

async function measure(url: string, cookie: string, path: string): Promise<{ p50: number; p95: number; status: number }> {
  const times: number[] = [];
  let status = 0;
  for (let index = 0; index < WARMUP + RUNS; index += 1) {
    const started = performance.now();
    const response = await fetch(new URL(path, url), { headers: { cookie } });
    await response.arrayBuffer();
    status = response.status;
    if (index >= WARMUP) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), status };
}

async function benchOn(target: BenchTarget, p95s: P95ByTarget): Promise<void> {
  const filling = performance.now();
  let groupId = 1;
  const site = await startApiSite(target, {
    env: LIFTED_WORK_BUDGET,
    fill: async (db) => {
      await fill(db);
      groupId = (await sql<{ id: number }>`select min(id) as id from lead_groups`.execute(db)).rows[0]?.id ?? 1;
    },
  });
  const seconds = ((performance.now() - filling) / 1000).toFixed(1);
  console.log(`\n[${TARGET_LABEL[target]}] ${LEADS.toLocaleString('es-ES')} leads cargados y API en marcha en ${seconds} s`);
  const server = site.apis[0] ?? { url: '' };
  const p95ByCall = new Map<string, number>();
  p95s.set(target, p95ByCall);
  try {
    const cookie = await loginCookie(server.url);
    const second = await fetch(new URL('/api/leads?view=leads&limit=50', server.url), { headers: { cookie } });
    const { nextCursor } = (await second.json()) as { nextCursor: string };
    const calls: [string, string][] = [
      ['Referencia: GET /api/auth/user', '/api/auth/user'],
      ['Leads Activos, 1ª página', '/api/leads?view=leads&limit=50'],
      ['Leads Activos, 2ª página (cursor)', `/api/leads?view=leads&limit=50&cursor=${nextCursor}`],
      ['Contactados, 1ª página', '/api/leads?view=contacted&limit=50'],
      ['Grupo elegido', `/api/leads?view=leads&groupId=${groupId}&limit=50`],
      ['Categoría + estado', '/api/leads?view=leads&category=salud&status=perdido&limit=50'],
      ['Categoría, por nombre', '/api/leads?view=leads&category=salud&sort=name:asc&limit=50'],
      ['Estado, por nombre (desc.)', '/api/leads?view=leads&status=perdido&sort=name:desc&limit=50'],
      ['Búsqueda frecuente "garcia"', '/api/leads?view=leads&q=garcia&limit=50'],
      ['Búsqueda con acentos "MUÑOZ"', `/api/leads?view=contacted&q=${encodeURIComponent('MUÑOZ')}&limit=50`],
      ['Búsqueda rara "info4242@"', `/api/leads?q=${encodeURIComponent('info4242@')}&limit=50`],
      ['Búsqueda sin resultados', '/api/leads?view=leads&q=zzzqqq&limit=50'],
      ['Recuentos de pestañas', '/api/leads/counts'],
      ['Recuentos con búsqueda', '/api/leads/counts?q=garcia'],
      ['Recuentos de un grupo', `/api/leads/counts?groupId=${groupId}`],
      ['tRPC leads.list', trpcPath('leads.list', { view: 'leads', limit: 50 })],
      ['tRPC leads.counts', trpcPath('leads.counts', {})],
    ];
    for (const [name, path] of calls) {
      const { p50, p95, status } = await measure(server.url, cookie, path);
      if (status !== 200) throw new Error(`${name}: HTTP ${status}`);
      p95ByCall.set(name, p95);
      console.log(`  ${name.padEnd(38)} p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms`);
    }
  } finally {
    await site.stop();
  }
}

await runBench(async () => {
  const p95s: P95ByTarget = new Map();
  for (const target of benchTargets) await benchOn(target, p95s);
  printP95Ratios(p95s);
});
