/**
 * `pnpm bench:webhooks`: webhook events made through the REST API of a started API (a child
 * process) and received by a local receiver that verifies every signature with `standardwebhooks`.
 * 1. `--events` events (lead creations, then edits spread over `--leads` leads, from 8 clients):
 *    delivery p50/p95 to the receipt from the request that made the change and from the API's
 *    answer to it (the commit happens between the two).
 * 2. The receiver goes down for `--down-seconds` (the issue's figure is 120) while events keep
 *    coming, then comes back: events lost (must be 0), duplicates (at-least-once: same webhook-id
 *    twice), order per lead kept or not, and how long the backlog took to drain after it came back.
 * Options: --events=N (1000), --leads=N (100), --down-seconds=N (15), --pg=<admin url>,
 * --only=embedded|postgres. A quick proof: --events=100 --leads=10 --down-seconds=5.
 */
import { WebhookReceiver, type ReceivedWebhook } from '../src/test/webhook-receiver.js';
import { startApiSite } from './support/api-site.js';
import { ms, percentile } from './support/chat-bench-kit.js';
import { benchOptions, type BenchTarget, benchTargets, runBench, TARGET_LABEL } from './support/options.js';
import { clientWithCookie, loginCookie } from './support/server-process.js';

const EVENTS = Number(benchOptions['events'] || 1000);
const LEADS = Math.min(EVENTS, Number(benchOptions['leads'] || 100));
const DOWN_SECONDS = Number(benchOptions['down-seconds'] || 15);
const CLIENTS = 8;
/** How long the backlog may take to arrive after the receiver is back (retries wait up to an hour each, so: the down time plus a margin). */
const DRAIN_LIMIT_MS = (DOWN_SECONDS * 2 + 120) * 1000;

type Api = ReturnType<typeof clientWithCookie>;

/** Each event is a lead's name (created) or description (edited) `t<n>`: the receipt names the request that made it. */
let lastToken = 0;
function nextToken(): number {
  lastToken += 1;
  return lastToken;
}

class EventLog {
  readonly sentAt = new Map<string, number>();
  /** When the API answered: the change committed between `sentAt` and this. */
  readonly answeredAt = new Map<string, number>();
  /** Per lead, the tokens in the order their changes committed (one client per lead, one change at a time). */
  readonly orderOf = new Map<number, string[]>();

  sent(leadId: number, token: string, at: number): void {
    this.sentAt.set(token, at);
    this.answeredAt.set(token, performance.now());
    const order = this.orderOf.get(leadId) ?? [];
    order.push(token);
    this.orderOf.set(leadId, order);
  }
}

/** The part of a lead event's data (the lead) the bench reads. */
interface LeadData {
  id: number;
  name: string;
  description: string;
}
const leadOf = (hook: ReceivedWebhook): LeadData => hook.data as LeadData;
const tokenOf = (hook: ReceivedWebhook): string => (hook.type === 'lead.created' ? leadOf(hook).name : leadOf(hook).description);

async function createLeads(api: Api, log: EventLog, count: number): Promise<number[]> {
  const ids: number[] = [];
  const next = { index: 0 };
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next.index < count) {
        next.index += 1;
        const number = nextToken();
        const token = `t${number}`;
        const at = performance.now();
        const response = await api.post<{ id: number }>('/api/leads', {
          name: token,
          phone: `+34 6${String(10_000_000 + number).padStart(8, '0')}`,
          category: 'retail',
          description: 'alta',
        });
        if (response.status !== 201) throw new Error(`crear lead: HTTP ${response.status} ${JSON.stringify(response.body)}`);
        ids.push(response.body.id);
        log.sent(response.body.id, token, at);
      }
    }),
  );
  return ids;
}

/** `count` edits, round-robin over the leads; each client owns a slice of the leads, so a lead's edits go one after another. */
async function editLeads(api: Api, log: EventLog, leadIds: number[], count: number): Promise<void> {
  const slices = Array.from({ length: CLIENTS }, (_, client) => leadIds.filter((_, index) => index % CLIENTS === client));
  const perClient = Math.ceil(count / CLIENTS);
  let made = 0;
  await Promise.all(
    slices.map(async (slice) => {
      for (let round = 0; round < perClient && slice.length > 0; round += 1) {
        if (made >= count) return;
        made += 1;
        const leadId = slice[round % slice.length] ?? 0;
        const token = `t${nextToken()}`;
        const at = performance.now();
        const response = await api.put(`/api/leads/${leadId}`, { description: token });
        if (response.status !== 200) throw new Error(`editar lead: HTTP ${response.status}`);
        log.sent(leadId, token, at);
      }
    }),
  );
}

/** First receipt of each token (a duplicate does not count twice), and the duplicates. */
function receipts(receiver: WebhookReceiver, path: string, since: number) {
  const first = new Map<string, ReceivedWebhook>();
  let duplicates = 0;
  let unverified = 0;
  const seenIds = new Set<string>();
  for (const hook of receiver.accepted(path).slice(since)) {
    if (!hook.verifiedWith) unverified += 1;
    if (seenIds.has(hook.id)) duplicates += 1;
    seenIds.add(hook.id);
    const token = tokenOf(hook);
    if (!first.has(token)) first.set(token, hook);
  }
  return { first, duplicates, unverified };
}

/** Whether each lead's events arrived in the order its changes were made (first receipts, in arrival order). */
function orderKept(log: EventLog, hooks: ReceivedWebhook[]): { kept: boolean; broken: number } {
  const arrived = new Map<number, string[]>();
  for (const hook of hooks) {
    const leadId = leadOf(hook).id;
    const list = arrived.get(leadId) ?? [];
    list.push(tokenOf(hook));
    arrived.set(leadId, list);
  }
  let broken = 0;
  for (const [leadId, order] of log.orderOf) {
    const got = arrived.get(leadId) ?? [];
    const expected = order.filter((token) => got.includes(token));
    if (got.join() !== expected.join()) broken += 1;
  }
  return { kept: broken === 0, broken };
}

async function waitUntil(check: () => boolean, limitMs: number): Promise<boolean> {
  const deadline = Date.now() + limitMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

async function benchOn(target: BenchTarget): Promise<void> {
  const site = await startApiSite(target, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  const receiver = await WebhookReceiver.start();
  console.log(`\n[${TARGET_LABEL[target]}] ${EVENTS.toLocaleString('es-ES')} eventos sobre ${LEADS} leads`);
  try {
    const url = site.apis[0]?.url ?? '';
    const api = clientWithCookie(url, await loginCookie(url));
    const created = await api.post<{ secret: string }>('/api/webhooks', {
      url: receiver.url('/bench'),
      events: ['lead.created', 'lead.updated'],
    });
    if (created.status !== 201) throw new Error(`crear webhook: HTTP ${created.status}`);
    receiver.secrets.set('/bench', [created.body.secret]);

    // 1. Latency, receiver up.
    const log = new EventLog();
    const leadIds = await createLeads(api, log, LEADS);
    await editLeads(api, log, leadIds, EVENTS - LEADS);
    const all = () => receipts(receiver, '/bench', 0);
    const arrivedAll = await waitUntil(() => all().first.size >= log.sentAt.size, 120_000);
    const up = all();
    const since = (times: Map<string, number>) =>
      [...up.first].map(([token, hook]) => hook.receivedAt - performance.timeOrigin - (times.get(token) ?? 0)).sort((a, b) => a - b);
    const latencies = since(log.sentAt);
    const afterAnswer = since(log.answeredAt);
    const upOrder = orderKept(log, receiver.accepted('/bench'));
    console.log(
      `  Entrega desde la petición que hizo el cambio p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}; ` +
        `desde la respuesta de la API p50 ${ms(percentile(afterAnswer, 50))}  p95 ${ms(percentile(afterAnswer, 95))} ` +
        `(el commit ocurre entre ambas)\n  ` +
        `recibidos ${up.first.size}/${log.sentAt.size}${arrivedAll ? '' : ' (¡faltan!)'}  firmas no verificadas ${up.unverified}  ` +
        `orden por lead ${upOrder.kept ? 'respetado' : `roto en ${upOrder.broken} leads`}`,
    );

    // 2. Receiver down for DOWN_SECONDS while events keep coming, then back.
    const before = receiver.accepted('/bench').length;
    const downLog = new EventLog();
    await receiver.down();
    const downStarted = Date.now();
    const downEvents = Math.max(LEADS, Math.round(EVENTS / 5));
    await editLeads(api, downLog, leadIds, downEvents);
    const rest = DOWN_SECONDS * 1000 - (Date.now() - downStarted);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    await receiver.up();
    const backAt = Date.now();
    const after = () => receipts(receiver, '/bench', before);
    const drained = await waitUntil(() => after().first.size >= downLog.sentAt.size, DRAIN_LIMIT_MS);
    const drainSeconds = (Date.now() - backAt) / 1000;
    // A moment more for late duplicates (a retry already under way) to show up.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const back = after();
    const lost = [...downLog.sentAt.keys()].filter((token) => !back.first.has(token)).length;
    const downOrder = orderKept(downLog, receiver.accepted('/bench').slice(before));
    console.log(
      `  Receptor caído ${DOWN_SECONDS} s con ${downEvents} eventos: perdidos ${lost}, duplicados ${back.duplicates}, ` +
        `orden por lead ${downOrder.kept ? 'respetado' : `roto en ${downOrder.broken} leads`}, ` +
        `${drained ? `todo entregado ${drainSeconds.toFixed(1)} s después de volver` : `sin terminar a los ${drainSeconds.toFixed(0)} s`}`,
    );
  } finally {
    await receiver.close();
    await site.stop();
  }
}

await runBench(async () => {
  for (const target of benchTargets) await benchOn(target);
});
