/**
 * How late reminders arrive: `count` follow-ups fall due over two seconds, and the owner's session
 * on every replica records when each `followUpDue` reaches it. Exactly once means every session gets
 * every reminder once: a second copy is counted as duplicated, a missing one as lost.
 */
import { createLiveTrpc, type LiveTrpc } from '../../src/test/live-client.js';
import { percentile } from './chat-bench-kit.js';
import { clientWithCookie } from './server-process.js';

export interface ReminderFigures {
  sessions: number;
  reminders: number;
  p50: number;
  p95: number;
  worst: number;
  duplicated: number;
  lost: number;
}

/** Room to create the follow-ups over the API before the first falls due. */
const LEAD_TIME_MS = 5_000;
const SPREAD_MS = 2_000;
const DELIVERY_TIMEOUT_MS = 30_000;
/** A few polling rounds after the last arrival, so a late second copy would still be counted. */
const SETTLE_MS = 3_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureReminders(urls: string[], cookie: string, count: number): Promise<ReminderFigures> {
  const api = clientWithCookie(urls[0] ?? '', cookie);
  const me = await api.get<{ id: number }>('/api/auth/user');
  const lead = await api.post<{ id: number }>('/api/leads', {
    name: 'Lead de recordatorios',
    email: 'recordatorios@bench.es',
    category: 'salud',
    description: 'bench',
    assignedTo: me.body.id,
  });
  if (lead.status !== 201) throw new Error(`lead: ${lead.status} ${JSON.stringify(lead.body)}`);

  const arrivals = urls.map(() => new Map<number, number[]>());
  let synced = 0;
  const feeds: LiveTrpc[] = urls.map((url) => createLiveTrpc(url, clientWithCookie(url, cookie)));
  const subscriptions = feeds.map((live, index) =>
    live.trpc.live.onEvent.subscribe(undefined, {
      onData: (item) => {
        const event = 'data' in item ? item.data : item;
        if (event.type === 'synced') synced += 1;
        if (event.type !== 'followUpDue') return;
        const seen = arrivals[index] as Map<number, number[]>;
        seen.set(event.followUp.id, [...(seen.get(event.followUp.id) ?? []), Date.now()]);
      },
    }),
  );
  try {
    while (synced < urls.length) await pause(50);
    const first = Date.now() + LEAD_TIME_MS;
    const due = new Map<number, number>();
    for (let index = 0; index < count; index += 1) {
      const dueAt = first + Math.round((index * SPREAD_MS) / count);
      const created = await api.post<{ id: number }>('/api/follow-ups', { leadId: lead.body.id, dueAt: new Date(dueAt).toISOString() });
      if (created.status !== 201) throw new Error(`follow-up: ${created.status} ${JSON.stringify(created.body)}`);
      due.set(created.body.id, dueAt);
    }
    if (Date.now() > first) throw new Error('los seguimientos tardaron más en crearse que su margen: sube LEAD_TIME_MS');
    const deadline = first + SPREAD_MS + DELIVERY_TIMEOUT_MS;
    const complete = () => arrivals.every((seen) => [...due.keys()].every((id) => seen.has(id)));
    while (!complete() && Date.now() < deadline) await pause(20);
    await pause(SETTLE_MS);

    const delays: number[] = [];
    let duplicated = 0;
    let lost = 0;
    for (const seen of arrivals) {
      for (const [id, dueAt] of due) {
        const times = seen.get(id) ?? [];
        if (times[0] === undefined) lost += 1;
        else delays.push(times[0] - dueAt);
        duplicated += Math.max(0, times.length - 1);
      }
    }
    delays.sort((a, b) => a - b);
    return {
      sessions: urls.length,
      reminders: count,
      p50: percentile(delays, 50),
      p95: percentile(delays, 95),
      worst: delays.at(-1) ?? Number.NaN,
      duplicated,
      lost,
    };
  } finally {
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    await Promise.all(feeds.map((live) => live.wsClient.close()));
  }
}
