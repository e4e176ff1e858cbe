/**
 * `pnpm bench:bulk`: 100,000 leads, then over HTTP against a started API: bulk reassign, bulk status
 * and 'Repartir' across a role of 20 (each over the whole filter), with another user's
 * `/api/health` and lead-list p95 meanwhile against their p95 with nothing running (target ≤ 2×),
 * and the Ctrl+K search p50/p95 for 20 queries (names, accents, phone fragments). On the embedded
 * server (the product's default path, support/api-site.ts) and, with `--pg=<admin url>`, on that
 * server too. Options: --pg=<admin url>, --only=embedded|postgres, --leads=N, --quiet-seconds=N (3).
 */
import type { Db } from '@crm/db';
import { sql } from 'kysely';
import { hashPassword } from '../src/modules/auth/password.js';
import { startApiSite } from './support/api-site.js';
import { othersText, probeOthers, quietLatency } from './support/latency-probe.js';
import { memoryText } from './support/memory.js';
import { BENCH_ADMIN, BENCH_OTHER, LIFTED_WORK_BUDGET, loginCookie } from './support/server-process.js';
import { benchOptions, type BenchTarget, benchTargets, runBench, TARGET_LABEL } from './support/options.js';

const LEADS = Number(benchOptions['leads'] ?? 100_000);
const QUIET_SECONDS = Number(benchOptions['quiet-seconds'] || 3);
const SEARCHES = [
  'garcia',
  'GARCÍA',
  'muñoz',
  'nunez',
  'clinica',
  'Clínica Peña',
  'óptica',
  'bufete lopez',
  'ibáñez',
  'sevilla',
  '612',
  '612 00',
  '+34 612 000',
  '(612) 000-12',
  '0034 6120',
  '4242',
  'info77@',
  'castro.es',
  'zzzqqq',
  'academia ortiz',
];

/** An admin, 20 sellers in one round-robin role, another user (not in it), and LEADS leads with E.164 phones and Spanish names. */
async function fill(db: Db): Promise<void> {
  const hash = await hashPassword(BENCH_ADMIN.password);
  const otherHash = await hashPassword(BENCH_OTHER.password);
  await sql`insert into users (username, email, password_hash, first_name, last_name, system_role)
    values (${BENCH_ADMIN.username}, 'bench@bench.es', ${hash}, 'Bench', 'Admin', 'admin')`.execute(db);
  await sql`insert into users (username, email, password_hash, first_name, last_name, system_role)
    select 'vendedor' || g, 'vendedor' || g || '@bench.es', 'x', 'Vendedor', 'Número ' || g, 'team_member'
    from generate_series(1, 20) g`.execute(db);
  await sql`insert into custom_roles (name, display_name, distribution) values ('reparto', 'Reparto', 'round_robin')`.execute(db);
  await sql`insert into user_custom_roles (user_id, role_id)
    select id, (select id from custom_roles where name = 'reparto') from users where system_role = 'team_member'`.execute(db);
  await sql`insert into users (username, email, password_hash, first_name, last_name, system_role)
    values (${BENCH_OTHER.username}, 'otro@bench.es', ${otherHash}, 'Óscar', 'Otro', 'team_member')`.execute(db);
  await sql`
    with words as (
      select array['Clínica','Bufete','Inmobiliaria','Academia','Asesoría','Tienda','Óptica','Gestoría'] as prefixes,
             array['García','Fernández','López','Martínez','Sánchez','Muñoz','Núñez','Ibáñez','Peña','Castro','Ortiz'] as surnames,
             array['Madrid','Barcelona','Valencia','Sevilla','Málaga','Bilbao'] as cities
    ), named as (
      select g, prefixes[1 + g % 8] || ' ' || surnames[1 + (g / 8) % 11] || ' ' || cities[1 + (g / 5) % 6] || ' ' || g as name,
        'info' || g || '@' || lower(translate(surnames[1 + (g / 8) % 11], 'ÁÉÍÓÚáéíóúÑñ', 'AEIOUaeiouNn')) || '.es' as email
      from generate_series(1, ${LEADS}) g cross join words
    )
    insert into leads (name, email, phone, category, description, search_text, created_at)
    select name, email, '+346' || lpad((g * 7)::text, 8, '0'), 'otros', 'Lead de prueba',
      translate(lower(name || ' ' || email), 'áéíóúüñ', 'aeiouun'), now() - g * interval '1 minute'
    from named`.execute(db);
  // What autovacuum does on a live database: statistics, and the search indexes' GIN pending lists
  // merged (left pending, every Ctrl+K query would scan 100,000 rows' trigrams in a list).
  await sql`vacuum analyze leads`.execute(db);
  await sql`vacuum analyze lead_search`.execute(db);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;

async function benchOn(target: BenchTarget): Promise<void> {
  let roleId: number | undefined;
  let seller: number | undefined;
  const site = await startApiSite(target, {
    env: LIFTED_WORK_BUDGET,
    fill: async (db) => {
      await fill(db);
      roleId = (await sql<{ id: number }>`select id from custom_roles where name = 'reparto'`.execute(db)).rows[0]?.id;
      seller = (await sql<{ id: number }>`select min(id) as id from users where system_role = 'team_member'`.execute(db)).rows[0]?.id;
    },
  });
  console.log(`\n[${TARGET_LABEL[target]}] ${LEADS.toLocaleString('es-ES')} leads`);
  const server = site.apis[0] ?? { url: '' };
  try {
    const cookie = await loginCookie(server.url);
    const bulk = (body: object) => async () => {
      const response = await fetch(new URL('/api/leads/bulk', server.url), {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 200) throw new Error(`bulk: HTTP ${response.status} ${await response.text()}`);
      return (await response.json()) as { updated: number };
    };
    const actions: [string, object][] = [
      ['Reasignar todos (filtro)', { action: 'assign', filter: {}, assignedTo: seller }],
      ['Cambiar estado de todos', { action: 'status', filter: {}, status: 'interesado' }],
      ["'Repartir' en un rol de 20", { action: 'distribute', filter: {}, roleId }],
    ];
    const otherCookie = await loginCookie(server.url, BENCH_OTHER);
    const quiet = await quietLatency(server.url, otherCookie, QUIET_SECONDS);
    for (const [name, body] of actions) {
      const memory = await site.watchMemory();
      const probe = probeOthers(server.url, otherCookie);
      await probe.ready;
      const started = performance.now();
      const { updated } = await bulk(body)();
      const seconds = (performance.now() - started) / 1000;
      const others = await probe.stop();
      console.log(`  ${name.padEnd(28)} ${updated.toLocaleString('es-ES').padStart(8)} leads en ${seconds.toFixed(2)} s`);
      console.log(`    ${othersText(others, quiet)}`);
      console.log(`    ${memoryText(await memory.stop())}`);
    }
    const times: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      for (const q of SEARCHES) {
        const started = performance.now();
        const response = await fetch(new URL(`/api/search?q=${encodeURIComponent(q)}`, server.url), { headers: { cookie } });
        await response.arrayBuffer();
        if (round > 0) times.push(performance.now() - started); // The first round warms the caches.
      }
    }
    times.sort((a, b) => a - b);
    console.log(
      `  Búsqueda Ctrl+K (${SEARCHES.length} consultas × 5)   p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}`,
    );
  } finally {
    await site.stop();
  }
}

await runBench(async () => {
  for (const target of benchTargets) await benchOn(target);
});
