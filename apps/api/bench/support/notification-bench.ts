/**
 * `pnpm bench:chat` on notifications: a bulk 'Repartir' of LEADS leads among ASSIGNEES members of a
 * custom role (round robin), each member with the web app's live feed open (spread over two replica
 * processes on one server, support/api-site.ts). Measured: the bulk call's answer time, and from
 * the call until each member's feed got their 'lead_assigned' notification (p50, p99, all).
 */
import type { Db } from '@crm/db';
import { sql } from 'kysely';
import { createLiveTrpc, type LiveTrpc } from '../../src/test/live-client.js';
import { percentile, printTable, seedUsers } from './chat-bench-kit.js';
import { clientWithCookie } from './server-process.js';
import { type ApiSite, startApiSite } from './api-site.js';
import { type BenchTarget, TARGET_LABEL } from './options.js';

export interface NotificationRow {
  name: string;
  leads: number;
  assignees: number;
  httpMs: number;
  p50: number;
  p99: number;
  allMs: number;
  stored: number;
  lost: number;
  duplicated: number;
}

const DELIVERY_TIMEOUT_MS = 60_000;

/** A role of the given members with round robin, and `count` unassigned leads; answers the role and the lead ids. */
async function seed(db: Db, memberIds: number[], count: number): Promise<{ roleId: number; leadIds: number[] }> {
  const { rows } = await sql<{ id: number }>`
    insert into custom_roles (name, display_name, distribution) values ('aviso_bench', 'Aviso', 'round_robin') returning id`.execute(db);
  const roleId = rows[0]?.id ?? 0;
  await db
    .insertInto('user_custom_roles')
    .values(memberIds.map((userId) => ({ user_id: userId, role_id: roleId })))
    .execute();
  const leads = await sql<{ id: number }>`
    insert into leads (name, email, category, description)
    select 'Lead aviso ' || n, 'aviso' || n || '@bench.example', 'salud', 'bench'
    from generate_series(1, ${count}) as n returning id`.execute(db);
  return { roleId, leadIds: leads.rows.map((row) => row.id) };
}

async function measure(name: string, site: ApiSite, leads: number, assignees: number): Promise<NotificationRow> {
  const urls = site.apis.map((api) => api.url);
  const [adminSession, ...members] = await seedUsers(site.db, assignees + 1, 'aviso');
  if (!adminSession?.cookie) throw new Error('sin sesión de administrador');
  await sql`update users set system_role = 'admin' where id = ${adminSession.userId}`.execute(site.db);
  const { roleId, leadIds } = await seed(
    site.db,
    members.map((member) => member.userId),
    leads,
  );
  const arrivals = new Map<number, number>();
  const seen = new Map<number, number>();
  let synced = 0;
  let start = 0;
  const feeds: LiveTrpc[] = [];
  const subscriptions = members.map((member, index) => {
    const live = createLiveTrpc(urls[index % urls.length] as string, clientWithCookie(urls[0] as string, member.cookie ?? ''));
    feeds.push(live);
    return live.trpc.live.onEvent.subscribe(undefined, {
      onData: (item) => {
        const event = 'data' in item ? item.data : item;
        if (event.type === 'synced') synced += 1;
        if (event.type !== 'notification' || event.notification.kind !== 'lead_assigned') return;
        seen.set(event.notification.id, (seen.get(event.notification.id) ?? 0) + 1);
        if (!arrivals.has(member.userId)) arrivals.set(member.userId, performance.now() - start);
      },
    });
  });
  try {
    while (synced < members.length) await new Promise((resolve) => setTimeout(resolve, 50));
    const admin = clientWithCookie(urls[0] as string, adminSession.cookie);
    start = performance.now();
    const response = await admin.post<{ updated: number }>('/api/leads/bulk', { action: 'distribute', ids: leadIds, roleId });
    const httpMs = performance.now() - start;
    if (response.status !== 200 || response.body.updated !== leads)
      throw new Error(`reparto: ${response.status} ${JSON.stringify(response.body)}`);
    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    while (arrivals.size < members.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    // A moment more, so late duplicates would be counted.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const stored = await site.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('kind', '=', 'lead_assigned')
      .executeTakeFirstOrThrow();
    const times = [...arrivals.values()].sort((a, b) => a - b);
    return {
      name,
      leads,
      assignees,
      httpMs,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      allMs: times.at(-1) ?? Number.NaN,
      stored: Number(stored.count),
      lost: members.length - arrivals.size,
      duplicated: [...seen.values()].filter((count) => count > 1).length,
    };
  } finally {
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    await Promise.all(feeds.map((live) => live.wsClient.close()));
  }
}

export async function benchNotifications(
  target: BenchTarget,
  option: (name: string, fallback: string) => string,
): Promise<NotificationRow> {
  const leads = Number(option('notify-leads', '1000'));
  const assignees = Number(option('notify-assignees', '50'));
  const site = await startApiSite(target, { replicas: 2 });
  try {
    return await measure(`${TARGET_LABEL[target]}, 2 réplicas`, site, leads, assignees);
  } finally {
    await site.stop();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : '—');

export function printNotifications(rows: NotificationRow[]): void {
  if (rows.length === 0) return;
  const first = rows[0] as NotificationRow;
  console.log(
    `\nAvisos: 'Repartir' de ${first.leads} leads entre ${first.assignees} miembros (round robin), cada uno con su feed en vivo abierto`,
  );
  printTable(
    [
      { heading: 'escenario', width: 28 },
      { heading: 'respuesta', width: 10 },
      { heading: 'p50', width: 8 },
      { heading: 'p99', width: 8 },
      { heading: 'todos', width: 8 },
      { heading: 'guardados' },
      { heading: 'perdidos' },
      { heading: 'duplicados' },
    ],
    rows.map((row) => [
      row.name,
      ms(row.httpMs),
      ms(row.p50),
      ms(row.p99),
      ms(row.allMs),
      String(row.stored),
      String(row.lost),
      String(row.duplicated),
    ]),
  );
  console.log('Tiempos desde la llamada de reparto hasta que el feed de cada miembro recibe su aviso (uno por miembro y lote).');
}
