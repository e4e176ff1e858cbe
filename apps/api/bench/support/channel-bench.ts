/**
 * `pnpm bench:chat` on a channel: MEMBERS members with a /ws socket each, spread over two replica
 * processes on one server (support/api-site.ts), SENDERS of them (on both replicas) posting RATE
 * messages a second each; delivery latency to every member (p50/p99), lost and duplicated. Then the same load while
 * a colleague uploads 10 MB attachments back to back to one replica: the others' latency should
 * not suffer (p99 ≤ 2×).
 *
 * What is measured: for every message and every member (its sender too), the time from the
 * sender's client handing the frame to its socket to the member's client receiving the chat
 * frame, both read from the same clock. The clients run in CLIENT_WORKERS threads of this
 * process (each with a share of the sockets). Senders are independent: each keeps its own steady rate from a random point of
 * its first period (a fixed seed, so runs compare); `--phases=together` makes them all send at
 * the same instants instead (the worst case: a burst of SENDERS messages every period).
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Db } from '@crm/db';
import { CHAT_ATTACHMENT_LIMITS } from '@crm/domain';
import { sql } from 'kysely';
import { startApiSite } from './api-site.js';
import { type MemoryFigures, memoryText } from './memory.js';
import { type BenchTarget, TARGET_LABEL } from './options.js';
import { allRegistered, type BenchClient, ms, percentile, printTable, runWorkers, seedUsers } from './chat-bench-kit.js';
import { type ChannelLoadGo, type ChannelLoadInput, type ChannelLoadResult, wallClockMs } from './channel-load.js';

/** Every share's results together. */
interface ChannelRunResult {
  sent: number;
  /** Messages × members: every member's socket (the sender's too) should get each message once. */
  expected: number;
  delivered: number;
  lost: number;
  duplicated: number;
  errors: number;
  latenciesMs: number[];
  /** Per message, until the last member had it (messages every member got). */
  allMembersMs: number[];
}

export interface ChannelRow {
  name: string;
  result: ChannelRunResult;
  /** The machine's 1-minute load average as the run started and as it ended: latency on a shared machine depends on it. */
  load: [number, number];
  p50: number;
  p99: number;
  allP99: number;
  uploads: number;
  memory: MemoryFigures;
}

/** Room enough for the load: the benchmark measures delivery, not the rate limit. */
const BENCH_RATE = '5000';

const DEFAULT_CLIENT_WORKERS = 4;
const oneMinuteLoad = () => os.loadavg()[0] ?? 0;
/** Time for every thread to get the go message before the first period starts. */
const START_DELAY_MS = 100;

/** A small seeded generator (mulberry32): the same senders' phases on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function merge(shares: ChannelLoadResult[], members: number): ChannelRunResult {
  const sent = shares.reduce((sum, share) => sum + share.sent, 0);
  const delivered = shares.reduce((sum, share) => sum + share.delivered, 0);
  const allMembersMs: number[] = [];
  for (let seq = 0; seq < sent; seq += 1) {
    const got = shares.reduce((sum, share) => sum + (share.receivedCount[seq] ?? 0), 0);
    if (got === members) allMembersMs.push(Math.max(...shares.map((share) => share.slowestMs[seq] ?? 0)));
  }
  return {
    sent,
    expected: sent * members,
    delivered,
    lost: sent * members - delivered,
    duplicated: shares.reduce((sum, share) => sum + share.duplicated, 0),
    errors: shares.reduce((sum, share) => sum + share.errors, 0),
    latenciesMs: shares.flatMap((share) => share.latenciesMs),
    allMembersMs,
  };
}

function summarise(
  name: string,
  run: { result: ChannelRunResult; load: [number, number]; memory: MemoryFigures },
  uploads: number,
): ChannelRow {
  const sorted = [...run.result.latenciesMs].sort((a, b) => a - b);
  const all = [...run.result.allMembersMs].sort((a, b) => a - b);
  return { name, ...run, p50: percentile(sorted, 50), p99: percentile(sorted, 99), allP99: percentile(all, 99), uploads };
}

async function createChannel(db: Db, members: BenchClient[]): Promise<number> {
  const { rows } = await sql<{ id: number }>`insert into chat_channels (kind, name) values ('group', 'Bench') returning id`.execute(db);
  const channelId = rows[0]?.id ?? 0;
  await db
    .insertInto('chat_channel_members')
    .values(members.map((member) => ({ channel_id: channelId, user_id: member.userId })))
    .execute();
  return channelId;
}

/** Starts uploading 10 MB documents back to back from another thread; the returned stop says how many went up. */
function startUploads(url: string, cookie: string): () => Promise<number> {
  const worker = new Worker(new URL('./upload-loop-worker.mjs', import.meta.url), {
    workerData: { url, cookie, size: CHAT_ATTACHMENT_LIMITS.maxBytes - 4096 },
  });
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  return async () => {
    const done = new Promise<number>((resolve) => worker.once('message', resolve));
    worker.postMessage('stop');
    const count = await Promise.race([done, failed]);
    await worker.terminate();
    return count;
  };
}

export async function benchChannel(target: BenchTarget, option: (name: string, fallback: string) => string): Promise<ChannelRow[]> {
  const members = Number(option('members', '200'));
  const senders = Number(option('senders', '10'));
  const rate = Number(option('sender-rate', '10'));
  const seconds = Number(option('channel-seconds', '20'));
  const workers = Number(option('client-workers', String(DEFAULT_CLIENT_WORKERS)));
  const together = option('phases', 'independent') === 'together';
  const site = await startApiSite(target, { replicas: 2, env: { CHAT_RATE_PER_10S: BENCH_RATE } });
  try {
    const urls = site.apis.map((api) => api.url);
    const clients = (await seedUsers(site.db, members, 'canal')).map((client, index) => ({
      ...client,
      url: `${(urls[index % urls.length] as string).replace(/^http/, 'ws')}/ws`,
    }));
    const [uploader] = await seedUsers(site.db, 1, 'subidas');
    const channelId = await createChannel(site.db, clients);
    // Spread over the members, alternately on each replica (a member's replica is its index's parity).
    const senderIndexes = Array.from({ length: senders }, (_, number) => Math.floor((number * members) / senders) + (number % 2));
    const random = seededRandom(14);
    const phases = senderIndexes.map(() => (together ? 0 : random()));
    const shares: ChannelLoadInput[] = Array.from({ length: workers }, (_, share) => {
      const indexes = clients.map((_, index) => index).filter((index) => index % workers === share);
      return {
        clients: indexes.map((index) => clients[index] as BenchClient),
        channelId,
        senders: senderIndexes.flatMap((index, number) =>
          index % workers === share ? [{ client: indexes.indexOf(index), number, phase: phases[number] ?? 0 }] : [],
        ),
        senderCount: senders,
        perSenderPerSecond: rate,
        seconds,
      };
    });
    const run = async (whenGo: () => void) => {
      let loadAtStart = 0;
      const memory = await site.watchMemory();
      const results = await runWorkers<ChannelLoadInput, ChannelLoadResult>(
        './channel-load-worker.mjs',
        shares,
        async () => {
          await allRegistered(site.db, members);
          loadAtStart = oneMinuteLoad();
          whenGo();
        },
        (): ChannelLoadGo => ({ startAt: wallClockMs() + START_DELAY_MS }),
      );
      const load: [number, number] = [loadAtStart, oneMinuteLoad()];
      return { result: merge(results, members), load, memory: await memory.stop() };
    };

    const label = `${TARGET_LABEL[target]}: canal de ${members}, ${senders}×${rate}/s${together ? ' a la vez' : ''}`;
    const quiet = await run(() => {});
    // Everyone's sockets closed: their presence rows must be gone before the next count.
    await sql`delete from live_connections`.execute(site.db);

    let stopUploads: () => Promise<number> = () => Promise.resolve(0);
    const busy = await run(() => {
      stopUploads = startUploads(urls[0] ?? '', uploader?.cookie ?? '');
    });
    const uploaded = await stopUploads();
    if (quiet.result.lost > 0 || busy.result.lost > 0)
      console.error(`Las réplicas dijeron:\n${site.apis.map((api) => api.output()).join('\n')}`);
    return [summarise(label, quiet, 0), summarise(`${label} + subidas 10 MB`, busy, uploaded)];
  } finally {
    await site.stop();
  }
}

export function printChannel(rows: ChannelRow[]): void {
  if (rows.length === 0) return;
  console.log('\nCanal: miembros repartidos entre 2 réplicas (procesos hijos) sobre un mismo servidor; cada entrega cuenta');
  console.log('Latencia: del envío en el cliente que escribe a la recepción en el cliente de cada miembro (el mismo reloj).');
  printTable(
    [
      { heading: 'escenario', width: 58 },
      { heading: 'mensajes' },
      { heading: 'entregas esperadas' },
      { heading: 'perdidas' },
      { heading: 'duplicadas' },
      { heading: 'errores' },
      { heading: 'p50', width: 9 },
      { heading: 'p99', width: 9 },
      { heading: 'p99 a todos' },
      { heading: 'subidas' },
      { heading: 'carga 1 min', width: 11 },
      { heading: 'objetivo', width: 0 },
    ],
    rows.map((row, index) => {
      const clean = row.result.lost === 0 && row.result.duplicated === 0;
      // Rows come in pairs per server: without uploads, then with them (p99 ≤ 2× the first).
      const quiet = index % 2 === 1 ? rows[index - 1] : undefined;
      const target = quiet
        ? `${row.p99 <= 2 * quiet.p99 && clean ? '✓' : '✗'} (p99 ≤ 2× sin subidas: ×${(row.p99 / quiet.p99).toFixed(2)})`
        : `${clean ? '✓' : '✗'} (ni perdidas ni duplicadas)`;
      return [
        row.name,
        String(row.result.sent),
        String(row.result.expected),
        String(row.result.lost),
        String(row.result.duplicated),
        String(row.result.errors),
        ms(row.p50),
        ms(row.p99),
        ms(row.allP99),
        String(row.uploads),
        `${row.load[0].toFixed(1)}→${row.load[1].toFixed(1)}`,
        target,
      ];
    }),
  );
  for (const row of rows) console.log(`  ${row.name}: ${memoryText(row.memory)}`);
}
