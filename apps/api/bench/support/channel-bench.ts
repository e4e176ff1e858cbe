/**
 * `pnpm bench:chat` on a channel: MEMBERS members with a /ws socket each, spread over two replica
 * processes on PostgreSQL, SENDERS of them posting RATE messages a second each; delivery latency
 * to every member (p50/p99), lost and duplicated. Then the same load while a colleague uploads
 * 10 MB attachments back to back to one replica: the others' latency should not suffer (p99 ≤ 2×).
 */
import { Worker } from 'node:worker_threads';
import { createTestDatabase } from '@crm/db/testing';
import { CHAT_ATTACHMENT_LIMITS } from '@crm/domain';
import { sql } from 'kysely';
import { loadEnv } from '../../src/env.js';
import { type RunningServer, startServer } from '../../src/server.js';
import { startApiProcess } from '../../src/test/api-process.js';
import { allRegistered, type BenchClient, ms, percentile, printTable, runWorker, seedUsers } from './chat-bench-kit.js';
import type { ChannelLoadInput, ChannelLoadResult } from './channel-load.js';

export interface ChannelRow {
  name: string;
  result: ChannelLoadResult;
  p50: number;
  p99: number;
  allP99: number;
  uploads: number;
}

const TARGET_P99_MS = 100;
/** Room enough for the load: the benchmark measures delivery, not the rate limit. */
const BENCH_RATE = '5000';

function summarise(name: string, result: ChannelLoadResult, uploads: number): ChannelRow {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const all = [...result.allMembersMs].sort((a, b) => a - b);
  return { name, result, p50: percentile(sorted, 50), p99: percentile(sorted, 99), allP99: percentile(all, 99), uploads };
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
  const database = await createTestDatabase('postgres');
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
    const input: ChannelLoadInput = {
      clients,
      channelId,
      senders: Array.from({ length: senders }, (_, index) => Math.floor((index * members) / senders)),
      perSenderPerSecond: rate,
      seconds,
    };
    const run = (whenGo: () => void) =>
      runWorker<ChannelLoadInput, ChannelLoadResult>('./channel-load-worker.mjs', input, async () => {
        await allRegistered(server, members);
        whenGo();
      });

    const label = `Canal de ${members}, ${senders}×${rate}/s`;
    const quiet = await run(() => {});
    // Everyone's sockets closed: their presence rows must be gone before the next count.
    await sql`delete from live_connections`.execute(server.ctx.db);

    let stopUploads: () => Promise<number> = () => Promise.resolve(0);
    const busy = await run(() => {
      stopUploads = startUploads(server.url, uploader?.cookie ?? '');
    });
    const uploaded = await stopUploads();
    if ((quiet.lost > 0 || busy.lost > 0) && replica.output()) console.error(`La réplica hija dijo:\n${replica.output()}`);
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
        target,
      ];
    }),
  );
}
