/**
 * `pnpm bench:api`: the cost of opening the CRM to other software. First figure: the lead list
 * (`GET /api/leads?limit=50`) with an API token against the same with a session cookie, the two
 * interleaved call by call in one run on one started API, p50/p95 each and their ratio: what the
 * token's per-request work (its lookup, its per-minute count in the database) adds. Options:
 * --pg=<admin url>, --only=embedded|postgres, --leads=N (default 20,000), --runs=N (default 300).
 */
import type { Db } from '@crm/db';
import { sql } from 'kysely';
import { startApiSite } from './support/api-site.js';
import { percentile } from './support/chat-bench-kit.js';
import { LIFTED_WORK_BUDGET, loginCookie } from './support/server-process.js';
import { benchOptions as options, type BenchTarget, benchTargets, runBench, TARGET_LABEL } from './support/options.js';

const LEADS = Number(options['leads'] ?? 20_000);
const RUNS = Number(options['runs'] ?? 300);
const WARMUP = 20;
const LIST = '/api/leads?limit=50';

async function fill(db: Db): Promise<void> {
  await sql`
    insert into leads (name, email, phone, category, description, status, search_text, created_at)
    select 'Clínica Prueba ' || g, 'info' || g || '@bench.es', '+34 6' || lpad((g * 7)::text, 8, '0'),
      (array['tecnologia','salud','educacion','finanzas','retail'])[1 + g % 5], 'Lead de prueba',
      (array['nuevo','contactado','interesado','convertido','perdido'])[1 + g % 5],
      'clinica prueba ' || g || ' info' || g || '@bench.es', now() - g * interval '1 minute'
    from generate_series(1, ${LEADS}) g`.execute(db);
  await sql`vacuum analyze leads`.execute(db);
}

interface Figures {
  p50: number;
  p95: number;
}

function figuresOf(times: number[]): Figures {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(new URL(LIST, url), { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${LIST}: HTTP ${response.status}`);
  return performance.now() - started;
}

async function benchOn(target: BenchTarget): Promise<void> {
  // The limit is measured by the tests; here it must not stop the run.
  const site = await startApiSite(target, { fill, env: { ...LIFTED_WORK_BUDGET, API_TOKEN_RATE_LIMIT_PER_MIN: '1000000' } });
  const url = site.apis[0]?.url ?? '';
  try {
    const cookie = await loginCookie(url);
    const created = await fetch(new URL('/api/tokens', url), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench:api', scope: 'read' }),
    });
    if (created.status !== 201) throw new Error(`POST /api/tokens: HTTP ${created.status} ${await created.text()}`);
    const { token } = (await created.json()) as { token: string };
    const ways = { cookie: { cookie }, token: { authorization: `Bearer ${token}` } };
    const times = { cookie: [] as number[], token: [] as number[] };
    // Interleaved, alternating which goes first: both see the same caches, load and moment.
    for (let index = 0; index < WARMUP + RUNS; index += 1) {
      const order = index % 2 === 0 ? (['cookie', 'token'] as const) : (['token', 'cookie'] as const);
      for (const way of order) {
        const ms = await timed(url, ways[way]);
        if (index >= WARMUP) times[way].push(ms);
      }
    }
    const byCookie = figuresOf(times.cookie);
    const byToken = figuresOf(times.token);
    console.log(`\n[${TARGET_LABEL[target]}] GET ${LIST}, ${LEADS.toLocaleString('es-ES')} leads, ${RUNS} llamadas de cada tipo`);
    console.log(`  con cookie de sesión   p50 ${byCookie.p50.toFixed(1).padStart(6)} ms   p95 ${byCookie.p95.toFixed(1).padStart(6)} ms`);
    console.log(`  con token de API       p50 ${byToken.p50.toFixed(1).padStart(6)} ms   p95 ${byToken.p95.toFixed(1).padStart(6)} ms`);
    console.log(
      `  token / cookie         p50 ×${(byToken.p50 / byCookie.p50).toFixed(2)}        p95 ×${(byToken.p95 / byCookie.p95).toFixed(2)}`,
    );
  } finally {
    await site.stop();
  }
}

await runBench(async () => {
  for (const target of benchTargets) await benchOn(target);
});
