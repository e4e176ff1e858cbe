/**
 * `pnpm bench:forms` (issue 26): web form submissions at RATE per second for SECONDS seconds, open
 * loop (each sent on its schedule, whatever the answers), to a form whose role hands the leads out
 * round robin among SELLERS sellers, each with the web app's live feed open; LISTERS other people
 * reread their lead list every 200 ms. Prints the submission's answer time (p50, p95), the time from
 * sending it to the assignee's live notification (p50, p95), and the other people's list p95 under
 * the load against the same while idle. Prints figures, asserts nothing.
 * The proofs of work are solved before the clock starts (a visitor's browser does that work, not
 * the server), at FORMS_POW_MAX_COUNTER=--pow; all submissions come from this one address, so the
 * per-address limit is lifted for the run.
 * Options: --rate=N per second (100), --seconds=N (30), --sellers=N (4), --listers=N (5),
 * --leads=N already in the database (10,000), --repeat=F share of submissions with a known email (0.1),
 * --pow=N (2,000), --only=embedded|postgres, --pg=<admin url>.
 */
import os from 'node:os';
import { sql } from 'kysely';
import { createLiveTrpc, type LiveTrpc } from '../src/test/live-client.js';
import { fetchChallenge, solvedProof } from '../src/test/web-form-client.js';
import { type ApiSite, startApiSite } from './support/api-site.js';
import { type BenchClient, ms, percentile, printTable, seedUsers } from './support/chat-bench-kit.js';
import { benchOptions as options, type BenchTarget, benchTargets, runBench, TARGET_LABEL } from './support/options.js';
import { clientWithCookie, loginCookie } from './support/server-process.js';
import { readLists, sellersRole } from './support/other-users.js';
import { fillWorkspace } from './support/workspace-fill.js';

const RATE = Number(options['rate'] ?? 100);
const SECONDS = Number(options['seconds'] ?? 30);
const SELLERS = Number(options['sellers'] ?? 4);
const LISTERS = Number(options['listers'] ?? 5);
const LEADS = Number(options['leads'] ?? 10_000);
const REPEAT = Number(options['repeat'] ?? 0.1);
const POW = Number(options['pow'] ?? 2_000);
const IDLE_MS = 10_000;
/** A person reading their list rereads it now and then, not in a tight loop. */
const DELIVERY_TIMEOUT_MS = 60_000;

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/** CPU seconds the API and its embedded server spent from now until `stop()`, and over how many seconds. */
interface CpuUse {
  seconds: number;
  api: number;
  server?: number;
}

async function cpuUse(site: ApiSite): Promise<{ stop(): Promise<CpuUse> }> {
  const before = await site.cpuSeconds();
  const started = performance.now();
  return {
    stop: async () => {
      const after = await site.cpuSeconds();
      const server = after.server === undefined || before.server === undefined ? undefined : after.server - before.server;
      return { seconds: (performance.now() - started) / 1000, api: after.api - before.api, server };
    },
  };
}

/** The load's CPU less what the listers alone spent at the idle rate over as long, per submission. */
function cpuPerSubmission(loaded: CpuUse, listers: CpuUse, submissions: number): string {
  const share = (loadedSeconds: number, idleSeconds: number) =>
    `${(((loadedSeconds - (idleSeconds / listers.seconds) * loaded.seconds) * 1000) / submissions).toFixed(2)} ms`;
  const api = `API ${share(loaded.api, listers.api)}`;
  if (loaded.server === undefined || listers.server === undefined) return api;
  return `${api}, servidor integrado ${share(loaded.server, listers.server)}`;
}

interface Sent {
  answerMs: number;
  status: number;
}

async function benchOn(target: BenchTarget): Promise<void> {
  let sellers: BenchClient[] = [];
  let listers: BenchClient[] = [];
  let roleId = 0;
  const site = await startApiSite(target, {
    fill: async (db) => {
      await fillWorkspace(db, { leads: LEADS, members: 10, events: 1_000, followUps: 0 });
      sellers = await seedUsers(db, SELLERS, 'webvende');
      listers = await seedUsers(db, LISTERS, 'weblista');
      roleId = await sellersRole(db, sellers, { name: 'web_bench', displayName: 'Ventas web' });
    },
    env: { FORMS_POW_MAX_COUNTER: String(POW), FORMS_SUBMISSIONS_PER_ADDRESS: '1000000' },
  });
  const url = site.apis[0]?.url ?? '';
  const total = Math.round(RATE * SECONDS);
  console.log(
    `\n[${TARGET_LABEL[target]}] ${RATE} envíos/s durante ${SECONDS} s (${total}); ${SELLERS} vendedores con el aviso en vivo abierto, ` +
      `${LISTERS} personas leyendo su lista; ${LEADS.toLocaleString('es-ES')} leads; ${Math.round(REPEAT * 100)} % con un email ya conocido`,
  );
  const feeds: LiveTrpc[] = [];
  try {
    const admin = clientWithCookie(url, await loginCookie(url));
    const form = await admin.post<{ slug: string }>('/api/forms', {
      name: 'Bench web',
      fields: [
        { field: 'name', required: true },
        { field: 'email', required: true },
        { field: 'description', required: false },
      ],
      category: 'salud',
      roleId,
      thankYouText: 'Gracias',
      redirectUrl: null,
      allowedOrigins: [],
      active: true,
    });
    if (form.status !== 201) throw new Error(`formulario: ${form.status} ${JSON.stringify(form.body)}`);
    const { slug } = form.body;

    const solveStart = performance.now();
    const proofs: string[] = [];
    for (let index = 0; index < total; index += 1) {
      const challenge = await fetchChallenge(url, slug);
      proofs.push(await solvedProof(challenge.body));
    }
    console.log(`  pruebas de trabajo resueltas antes de medir: ${total} en ${((performance.now() - solveStart) / 1000).toFixed(1)} s`);

    // When each submission left, by its email; when its lead's notification reached the assignee.
    const sentAt = new Map<string, number>();
    const notifiedAfter: number[] = [];
    let synced = 0;
    for (const seller of sellers) {
      const live = createLiveTrpc(url, clientWithCookie(url, seller.cookie ?? ''));
      feeds.push(live);
      live.trpc.live.onEvent.subscribe(undefined, {
        onData: (item) => {
          const event = 'data' in item ? item.data : item;
          if (event.type === 'synced') synced += 1;
          if (event.type !== 'notification' || event.notification.kind !== 'lead_assigned') return;
          const at = performance.now();
          const email = event.notification.body.replace(/^Web /, '');
          const sent = sentAt.get(email);
          if (sent !== undefined) notifiedAfter.push(at - sent);
        },
      });
    }
    while (synced < sellers.length) await sleep(50);

    const idleLists = readLists(url, listers);
    const idleCpu = await cpuUse(site);
    await sleep(IDLE_MS);
    const idle = await idleLists.stop();
    const listersCpu = await idleCpu.stop();

    const loadLists = readLists(url, listers);
    const loadCpu = await cpuUse(site);
    const results: Promise<Sent>[] = [];
    const newEmails: string[] = [];
    const start = performance.now();
    for (let index = 0; index < total; index += 1) {
      const due = start + (index * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      // A known email is one already sent as new: it adds to that lead and notifies nobody.
      const known = newEmails.length > 10 && Math.random() < REPEAT;
      const email = known ? (newEmails[Math.floor(Math.random() * newEmails.length)] ?? '') : `web${index}@bench.example`;
      if (!known) {
        newEmails.push(email);
        sentAt.set(email, performance.now());
      }
      const sendStart = performance.now();
      results.push(
        fetch(new URL(`/api/forms/${slug}/submissions`, url), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          // The lead's name is what the notification shows: 'Web <email>' ties it back to this send.
          body: JSON.stringify({ name: `Web ${email}`, email, description: 'Bench', altcha: proofs[index] }),
        }).then(
          async (response) => {
            await response.arrayBuffer();
            return { answerMs: performance.now() - sendStart, status: response.status };
          },
          // A connection the server dropped is a failed submission, counted with the others (status 0).
          () => ({ answerMs: performance.now() - sendStart, status: 0 }),
        ),
      );
    }
    const sent = await Promise.all(results);
    const sendingSeconds = (performance.now() - start) / 1000;
    const created = sentAt.size;
    const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
    while (notifiedAfter.length < created && performance.now() < deadline) await sleep(100);
    const underLoad = await loadLists.stop();
    const loadedCpu = await loadCpu.stop();

    const failures = sent.filter((result) => result.status !== 200);
    const answers = sorted(sent.map((result) => result.answerMs));
    const notified = sorted(notifiedAfter);
    const idleSorted = sorted(idle);
    const loadSorted = sorted(underLoad);
    printTable(
      [
        { heading: 'medida', width: 38 },
        { heading: 'p50', width: 11 },
        { heading: 'p95', width: 11 },
        { heading: 'peor', width: 11 },
        { heading: 'n', width: 7 },
      ],
      [
        [
          'respuesta del envío',
          ms(percentile(answers, 50)),
          ms(percentile(answers, 95)),
          ms(answers.at(-1) ?? Number.NaN),
          String(answers.length),
        ],
        [
          'hasta el aviso en vivo del asignado',
          ms(percentile(notified, 50)),
          ms(percentile(notified, 95)),
          ms(notified.at(-1) ?? Number.NaN),
          String(notified.length),
        ],
        [
          'lista de otros (reposo)',
          ms(percentile(idleSorted, 50)),
          ms(percentile(idleSorted, 95)),
          ms(idleSorted.at(-1) ?? Number.NaN),
          String(idle.length),
        ],
        [
          'lista de otros (con los envíos)',
          ms(percentile(loadSorted, 50)),
          ms(percentile(loadSorted, 95)),
          ms(loadSorted.at(-1) ?? Number.NaN),
          String(underLoad.length),
        ],
      ],
    );
    const leadsMade = await sql<{ count: string }>`select count(*) as count from leads where email like 'web%@bench.example'`.execute(
      site.db,
    );
    console.log(
      `  enviados en ${sendingSeconds.toFixed(1)} s (${(total / sendingSeconds).toFixed(1)}/s); fallidos: ${failures.length}` +
        `${failures.length > 0 ? ` (${[...new Set(failures.map((failure) => failure.status))].join(', ')})` : ''}; ` +
        `leads nuevos: ${leadsMade.rows[0]?.count ?? '?'} de ${created} emails nuevos; avisos recibidos: ${notified.length}`,
    );
    console.log(
      `  lista de otros p95 con los envíos ÷ en reposo: ×${(percentile(loadSorted, 95) / percentile(idleSorted, 95)).toFixed(2)}`,
    );
    console.log(`  CPU por envío (sin la de las listas, medida en reposo): ${cpuPerSubmission(loadedCpu, listersCpu, total)}`);
    console.log(`  carga media (1 min) de la máquina al terminar: ${os.loadavg()[0]?.toFixed(1)} en ${os.cpus().length} CPU`);
  } finally {
    await Promise.all(feeds.map((feed) => feed.wsClient.close()));
    await site.stop();
  }
}

await runBench(async () => {
  for (const target of benchTargets) await benchOn(target);
});
