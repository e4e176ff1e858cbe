/**
 * `pnpm bench:chat` on a channel: MEMBERS members with a /ws socket each, spread over two replica
 * processes on PostgreSQL, SENDERS of them (on both replicas) posting RATE messages a second
 * each; delivery latency to every member (p50/p99), lost and duplicated. Then the same load while
 * a colleague uploads 10 MB attachments back to back to one replica: the others' latency should
 * not suffer (p99 ≤ 2×).
 *
 * What is measured: for every message and every member (its sender too), the time from the
 * sender's client handing the frame to its socket to the member's client receiving the chat
 * frame, both read from the same clock. The clients run in CLIENT_WORKERS threads of this
 * process (each with a share of the sockets), apart from the replica this process runs on its
 * main thread. Senders are independent: each keeps its own steady rate from a random point of
 * its first period (a fixed seed, so runs compare); `--phases=together` makes them all send at
 * the same instants instead (the worst case: a burst of SENDERS messages every period).
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { createBenchDatabase } from './options.js';
import { CHAT_ATTACHMENT_LIMITS } from '@crm/domain';
import { sql } from 'kysely';
import { loadEnv } from '../../src/env.js';
import { type RunningServer, startServer } from '../../src/server.js';
import { startApiProcess } from '../../src/test/api-process.js';
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
}

const TARGET_P99_MS = 100;
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

function summarise(name: string, run: { result: ChannelRunResult; load: [number, number] }, uploads: number): ChannelRow {
  const sorted = [...run.result.latenciesMs].sort((a, b) => a - b);
  const all = [...run.result.allMembersMs].sort((a, b) => a - b);
  return { name, ...run, p50: percentile(sorted, 50), p99: percentile(sorted, 99), allP99: percentile(all, 99), uploads };
}

async function createChannel(server: RunningServer, members: BenchClient[]): Promise<number> {
  const { rows } = await sql<{ id: number }>`insert into chat_channels (kind, name) values ('group', 'Bench') returning id`.execute(
    server.ctx.db,
  );
  const channelId = rows[0]?.id ?? 0;
  await server.ctx.db
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

export async function benchChannel(option: (name: string, fallback: string) => string): Promise<ChannelRow[]> {
  const members = Number(option('members', '200'));
  const senders = Number(option('senders', '10'));
  const rate = Number(option('sender-rate', '10'));
  const seconds = Number(option('channel-seconds', '20'));
  const workers = Number(option('client-workers', String(DEFAULT_CLIENT_WORKERS)));
  const together = option('phases', 'independent') === 'together';
  const database = await createBenchDatabase('postgres');
  const env = { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'bench-admin-1', CHAT_RATE_PER_10S: BENCH_RATE };
  const server = await startServer(loadEnv({ ...env, DATA_DIR: '/nonexistent', DATABASE_URL: database.url }));
  const replica = await startApiProcess({
    databaseUrl: database.url ?? '',
    env: { ADMIN_PASSWORD: env.ADMIN_PASSWORD, CHAT_RATE_PER_10S: BENCH_RATE },
  });
  try {
    const urls = [server.url, replica.url];
    const clients = (await seedUsers(server, members, 'canal')).map((client, index) => ({
      ...client,
      url: `${(urls[index % urls.length] as string).replace(/^http/, 'ws')}/ws`,
    }));
    const [uploader] = await seedUsers(server, 1, 'subidas');
    const channelId = await createChannel(server, clients);
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
      const results = await runWorkers<ChannelLoadInput, ChannelLoadResult>(
        './channel-load-worker.mjs',
        shares,
        async () => {
          await allRegistered(server, members);
          loadAtStart = oneMinuteLoad();
          whenGo();
        },
        (): ChannelLoadGo => ({ startAt: wallClockMs() + START_DELAY_MS }),
      );
      return { result: merge(results, members), load: [loadAtStart, oneMinuteLoad()] as [number, number] };
    };

    const label = `Canal de ${members}, ${senders}×${rate}/s${together ? ' a la vez' : ''}`;
    const quiet = await run(() => {});
    // Everyone's sockets closed: their presence rows must be gone before the next count.
    await sql`delete from live_connections`.execute(server.ctx.db);

    let stopUploads: () => Promise<number> = () => Promise.resolve(0);
    const busy = await run(() => {
      stopUploads = startUploads(server.url, uploader?.cookie ?? '');
    });
    const uploaded = await stopUploads();
    if ((quiet.result.lost > 0 || busy.result.lost > 0) && replica.output()) console.error(`La réplica hija dijo:\n${replica.output()}`);
    return [summarise(label, quiet, 0), summarise(`${label} + subidas 10 MB`, busy, uploaded)];
  } finally {
    await replica.stop();
    await server.close();
    await database.drop();
  }
}

export function printChannel(rows: ChannelRow[]): void {
  if (rows.length === 0) return;
  console.log('\nCanal: miembros repartidos entre 2 réplicas (este proceso y un hijo) sobre PostgreSQL; cada entrega cuenta');
  console.log('Latencia: del envío en el cliente que escribe a la recepción en el cliente de cada miembro (el mismo reloj).');
  const [quiet] = rows;
  printTable(
    [
      { heading: 'escenario', width: 40 },
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
    rows.map((row) => {
      const clean = row.result.lost === 0 && row.result.duplicated === 0;
      const target =
        row === quiet
          ? `${row.p99 <= TARGET_P99_MS && clean ? '✓' : '✗'} (p99 ≤ ${TARGET_P99_MS} ms)`
          : `${quiet && row.p99 <= 2 * quiet.p99 && clean ? '✓' : '✗'} (p99 ≤ 2× sin subidas: ×${quiet ? (row.p99 / quiet.p99).toFixed(2) : '—'})`;
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
}
