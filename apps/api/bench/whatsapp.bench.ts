/**
 * `pnpm bench:whatsapp` (issue 30): Meta's webhook deliveries at RATE per second for SECONDS seconds,
 * open loop, alternating between two replicas, against a local server playing the Graph API. The mix:
 * messages from new numbers (each makes a lead, handed round robin to SELLERS sellers whose live feed
 * is open), messages from known numbers, statuses of our replies, and exact repeats (Meta's retries).
 * LISTERS other people reread their lead list every 200 ms. Prints the webhook's answer time (p50,
 * p95, p99), the time from sending a new number's message to its assignee's live feed showing it
 * (p50, p95), messages lost and duplicated, and the other people's list p95 under load against idle.
 * Prints figures, asserts nothing.
 * Options: --rate=N per second (50), --seconds=N (60), --sellers=N (4), --listers=N (5),
 * --leads=N already in the database (10,000), --only=embedded|postgres, --pg=<admin url>.
 */
import { sql } from 'kysely';
import { FakeGraphApi } from '../src/test/graph-api.js';
import { createLiveTrpc, type LiveTrpc } from '../src/test/live-client.js';
import { connectToGraph, delivery, newWamid, statusOf, textFrom } from '../src/test/whatsapp-payloads.js';
import { startApiSite } from './support/api-site.js';
import { type BenchClient, ms, percentile, printTable, seedUsers } from './support/chat-bench-kit.js';
import { benchOptions as options, type BenchTarget, benchTargets, runBench, TARGET_LABEL } from './support/options.js';
import { clientWithCookie, loginCookie } from './support/server-process.js';
import { readLists, sellersRole } from './support/other-users.js';
import { fillWorkspace } from './support/workspace-fill.js';

const RATE = Number(options['rate'] ?? 50);
const SECONDS = Number(options['seconds'] ?? 60);
const SELLERS = Number(options['sellers'] ?? 4);
const LISTERS = Number(options['listers'] ?? 5);
const LEADS = Number(options['leads'] ?? 10_000);
const IDLE_MS = 10_000;
const SETTLE_TIMEOUT_MS = 120_000;
/** Conversations opened and answered before the clock starts: their replies take the run's statuses. */
const WARM_CONVERSATIONS = 20;

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

const numberOf = (index: number) => `3465${String(index).padStart(7, '0')}`;

async function post(url: string, payload: unknown): Promise<{ answerMs: number; status: number }> {
  const { body, headers } = delivery(payload);
  const start = performance.now();
  const response = await fetch(new URL('/api/whatsapp/webhook', url), { method: 'POST', headers, body });
  await response.arrayBuffer();
  return { answerMs: performance.now() - start, status: response.status };
}

async function benchOn(target: BenchTarget, graph: FakeGraphApi): Promise<void> {
  let sellers: BenchClient[] = [];
  let listers: BenchClient[] = [];
  let roleId = 0;
  const site = await startApiSite(target, {
    replicas: 2,
    fill: async (db) => {
      await fillWorkspace(db, { leads: LEADS, members: 10, events: 1_000, followUps: 0 });
      sellers = await seedUsers(db, SELLERS, 'wavende');
      listers = await seedUsers(db, LISTERS, 'walista');
      roleId = await sellersRole(db, sellers, { name: 'wa_bench', displayName: 'Ventas WhatsApp' });
    },
    env: { WHATSAPP_SECRET_KEY: 'd'.repeat(64) },
  });
  const urls = site.apis.map((api) => api.url);
  const url = urls[0] ?? '';
  const total = Math.round(RATE * SECONDS);
  console.log(
    `\n[${TARGET_LABEL[target]}] ${RATE} entregas/s durante ${SECONDS} s (${total}) alternando entre ${urls.length} réplicas; ` +
      `${SELLERS} vendedores con el aviso en vivo abierto, ${LISTERS} personas leyendo su lista; ${LEADS.toLocaleString('es-ES')} leads`,
  );
  const feeds: LiveTrpc[] = [];
  try {
    const admin = clientWithCookie(url, await loginCookie(url));
    await connectToGraph(admin, graph.url);
    const settings = await admin.get('/api/whatsapp/settings');
    await admin.put('/api/whatsapp/settings', { ...settings.body, distributionRoleId: roleId });

    // Warm-up: conversations answered by the admin, whose replies' wamids the run's statuses name.
    const warm: { from: string; wamid: string }[] = [];
    for (let index = 0; index < WARM_CONVERSATIONS; index += 1) {
      const from = numberOf(9_000_000 + index);
      await post(url, textFrom(from, `Previo ${index}`, 'Hola'));
    }
    while ((await site.db.selectFrom('whatsapp_conversations').select('lead_id').execute()).length < WARM_CONVERSATIONS) await sleep(100);
    for (const row of await site.db.selectFrom('whatsapp_conversations').select(['lead_id', 'wa_id']).execute()) {
      await admin.post(`/api/leads/${row.lead_id}/whatsapp/messages`, { text: 'Respuesta previa' });
    }
    for (const row of await site.db
      .selectFrom('whatsapp_messages as m')
      .innerJoin('whatsapp_conversations as c', 'c.lead_id', 'm.lead_id')
      .select(['m.wa_message_id', 'c.wa_id'])
      .where('m.direction', '=', 'outbound')
      .execute()) {
      if (row.wa_message_id && row.wa_id) warm.push({ from: row.wa_id, wamid: row.wa_message_id });
    }

    // When each new number's message left, by the name it carries; when it reached each seller's feed.
    const sentAt = new Map<string, number>();
    const arrivals = new Map<string, number>();
    let synced = 0;
    for (const seller of sellers) {
      const live = createLiveTrpc(url, clientWithCookie(url, seller.cookie ?? ''));
      feeds.push(live);
      live.trpc.live.onEvent.subscribe(undefined, {
        onData: (item) => {
          const event = 'data' in item ? item.data : item;
          if (event.type === 'synced') synced += 1;
          if (event.type !== 'whatsapp' || event.whatsappMessage.direction !== 'inbound' || !event.whatsappMessage.authorName) return;
          const key = `${seller.userId}|${event.whatsappMessage.authorName}`;
          if (!arrivals.has(key)) arrivals.set(key, performance.now());
        },
      });
    }
    while (synced < sellers.length) await sleep(50);

    const idleLists = readLists(url, listers);
    await sleep(IDLE_MS);
    const idle = await idleLists.stop();

    const loadLists = readLists(url, listers);
    const results: Promise<{ answerMs: number; status: number }>[] = [];
    const inboundWamids = new Set<string>();
    const newNumbers: { from: string; name: string }[] = [];
    const payloads: unknown[] = [];
    let statuses = 0;
    let repeats = 0;
    const start = performance.now();
    for (let index = 0; index < total; index += 1) {
      const due = start + (index * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const roll = Math.random();
      let payload: unknown;
      if (roll < 0.1 && payloads.length > 0) {
        repeats += 1;
        payload = payloads[Math.floor(Math.random() * payloads.length)];
      } else if (roll < 0.25 && warm.length > 0) {
        statuses += 1;
        const reply = warm[Math.floor(Math.random() * warm.length)] as { from: string; wamid: string };
        const status = (['delivered', 'read', 'sent'] as const)[index % 3] ?? 'read';
        payload = statusOf(reply.wamid, status, reply.from);
      } else if (roll < 0.45 && newNumbers.length > 0) {
        const known = newNumbers[Math.floor(Math.random() * newNumbers.length)] as { from: string; name: string };
        const wamid = newWamid();
        inboundWamids.add(wamid);
        payload = textFrom(known.from, known.name, `Otra vez ${index}`, new Date(), wamid);
        payloads.push(payload);
      } else {
        const from = numberOf(index);
        const name = `Cliente bench ${index}`;
        const wamid = newWamid();
        inboundWamids.add(wamid);
        newNumbers.push({ from, name });
        sentAt.set(name, performance.now());
        payload = textFrom(from, name, `Hola ${index}`, new Date(), wamid);
        payloads.push(payload);
      }
      results.push(post(urls[index % urls.length] ?? url, payload));
    }
    const sent = await Promise.all(results);
    const sendingSeconds = (performance.now() - start) / 1000;

    // Settled once every distinct message is stored and each new lead reached its assignee's feed.
    const wamids = [...inboundWamids];
    const stored = async () =>
      Number(
        (
          await site.db
            .selectFrom('whatsapp_messages')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('wa_message_id', 'in', wamids)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const deadline = performance.now() + SETTLE_TIMEOUT_MS;
    while ((await stored()) < wamids.length && performance.now() < deadline) await sleep(250);
    const underLoad = await loadLists.stop();
    const owners = await site.db
      .selectFrom('leads')
      .select(['name', 'assigned_to'])
      .where('name', 'in', [...sentAt.keys()])
      .execute();
    const shown: number[] = [];
    for (const owner of owners) {
      const arrived = arrivals.get(`${owner.assigned_to}|${owner.name}`);
      const left = sentAt.get(owner.name);
      if (arrived !== undefined && left !== undefined) shown.push(arrived - left);
    }
    const duplicated = await sql<{ n: string }>`
      select count(*) as n from (select wa_message_id from whatsapp_messages where wa_message_id is not null
        group by wa_message_id having count(*) > 1) d`.execute(site.db);
    const leadsMade = await site.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('name', 'in', [...sentAt.keys()])
      .executeTakeFirstOrThrow();

    const answers = sorted(sent.map((result) => result.answerMs));
    const screens = sorted(shown);
    const idleSorted = sorted(idle);
    const loadSorted = sorted(underLoad);
    printTable(
      [
        { heading: 'medida', width: 40 },
        { heading: 'p50', width: 11 },
        { heading: 'p95', width: 11 },
        { heading: 'p99', width: 11 },
        { heading: 'n', width: 7 },
      ],
      [
        [
          'respuesta del webhook',
          ms(percentile(answers, 50)),
          ms(percentile(answers, 95)),
          ms(percentile(answers, 99)),
          String(answers.length),
        ],
        [
          'hasta la pantalla del asignado',
          ms(percentile(screens, 50)),
          ms(percentile(screens, 95)),
          ms(percentile(screens, 99)),
          String(screens.length),
        ],
        [
          'lista de otros (reposo)',
          ms(percentile(idleSorted, 50)),
          ms(percentile(idleSorted, 95)),
          ms(percentile(idleSorted, 99)),
          String(idle.length),
        ],
        [
          'lista de otros (con las entregas)',
          ms(percentile(loadSorted, 50)),
          ms(percentile(loadSorted, 95)),
          ms(percentile(loadSorted, 99)),
          String(underLoad.length),
        ],
      ],
    );
    const failures = sent.filter((result) => result.status !== 200);
    const kept = await stored();
    console.log(
      `  entregas en ${sendingSeconds.toFixed(1)} s (${(total / sendingSeconds).toFixed(1)}/s): ${sentAt.size} de números nuevos, ` +
        `${wamids.length - sentAt.size} de números conocidos, ${statuses} estados, ${repeats} repetidas; respuestas no 200: ${failures.length}`,
    );
    console.log(
      `  mensajes distintos enviados ${wamids.length}, guardados ${kept}: perdidos ${wamids.length - kept}, duplicados ${duplicated.rows[0]?.n ?? '?'}; ` +
        `leads nuevos ${leadsMade.n} de ${sentAt.size}; vistos por su asignado ${screens.length}`,
    );
    console.log(
      `  lista de otros p95 con las entregas ÷ en reposo: ×${(percentile(loadSorted, 95) / percentile(idleSorted, 95)).toFixed(2)}`,
    );
  } finally {
    await Promise.all(feeds.map((feed) => feed.wsClient.close()));
    await site.stop();
  }
}

await runBench(async () => {
  const graph = await FakeGraphApi.start();
  try {
    for (const target of benchTargets) await benchOn(target, graph);
  } finally {
    await graph.close();
  }
});
