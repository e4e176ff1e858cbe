/**
 * `pnpm bench:chat`: 1,000 authenticated /ws clients, messages between random pairs at
 * 100/s for 30 s, delivery latency p50/p95/p99 (send → receipt), lost and duplicated; on
 * PGlite, on PostgreSQL, and on two replicas sharing PostgreSQL (clients spread over
 * both), against a bare `ws` relay on this machine as the baseline.
 * Then a channel (support/channel-bench.ts): 200 members on two replicas, 10 senders at 10
 * messages a second each, with and without 10 MB uploads going on.
 * Options (or CHAT_BENCH_* env): --seconds=30 --clients=1000 --rate=100 --members=200 --senders=10
 * --sender-rate=10 --channel-seconds=20 --client-workers=4 --phases=independent|together
 * --only=pglite,postgres,replicas,channel,notifications
 * --notify-leads=1000 --notify-assignees=50 (support/notification-bench.ts: fan-out of a bulk 'Repartir').
 * --pg=<admin url> (default postgres://postgres@127.0.0.1:5432/postgres).
 * One server runs in this process; with two replicas the second is a separate process
 * (src/main.ts) on the same database. The clients run in a worker thread (the channel's in several).
 */
import os from 'node:os';
import type { TestDatabase } from '@crm/db/testing';
import { loadEnv } from '../src/env.js';
import { startServer } from '../src/server.js';
import { type ApiProcess, startApiProcess } from '../src/test/api-process.js';
import { startBareRelay } from './support/bare-relay.js';
import { benchChannel, type ChannelRow, printChannel } from './support/channel-bench.js';
import { benchNotifications, printNotifications } from './support/notification-bench.js';
import { allRegistered, ms, percentile, printTable, runWorker, seedUsers } from './support/chat-bench-kit.js';
import type { LoadInput, LoadResult } from './support/chat-load.js';
import { benchOptions as options, type BenchTarget, createBenchDatabase, stopBenchServers } from './support/options.js';

const option = (name: string, fallback: string) => options[name] || process.env[`CHAT_BENCH_${name.toUpperCase()}`] || fallback;
const SECONDS = Number(option('seconds', '30'));
const CLIENTS = Number(option('clients', '1000'));
const RATE = Number(option('rate', '100'));
const MODES = option('only', 'pglite,postgres,replicas,channel,notifications').split(',');

const TARGET_P99_MS = { 1: 50, 2: 100 } as const;

const runLoad = (input: LoadInput, whenRegistered?: () => Promise<void>) =>
  runWorker<LoadInput, LoadResult>('./chat-load-worker.mjs', input, whenRegistered);
const LOAD_AT_START = os.loadavg()[0]?.toFixed(1);

interface Row {
  name: string;
  replicas: 0 | 1 | 2;
  result: LoadResult;
  p50: number;
  p95: number;
  p99: number;
}

function summarise(name: string, replicas: Row['replicas'], result: LoadResult): Row {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  return { name, replicas, result, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

async function benchCrm(kind: BenchTarget, replicas: 1 | 2): Promise<Row> {
  const database: TestDatabase = await createBenchDatabase(kind);
  const env = { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'bench-admin-1', DATA_DIR: '/nonexistent' };
  // On PostgreSQL the server opens its own pool from the URL, as a deployed process does.
  const server =
    kind === 'postgres' ? await startServer(loadEnv({ ...env, DATABASE_URL: database.url })) : await startServer(loadEnv(env), database);
  let replica: ApiProcess | undefined;
  try {
    // The second replica is another process: events reach it through LISTEN/NOTIFY only.
    if (replicas === 2) replica = await startApiProcess({ databaseUrl: database.url ?? '', env: { ADMIN_PASSWORD: env.ADMIN_PASSWORD } });
    const urls = [server.url, ...(replica ? [replica.url] : [])];
    const clients = (await seedUsers(server, CLIENTS)).map((client, index) => ({
      ...client,
      url: `${(urls[index % urls.length] as string).replace(/^http/, 'ws')}/ws`,
    }));
    const result = await runLoad({ clients, perSecond: RATE, seconds: SECONDS, protocol: 'crm' }, () => allRegistered(server, CLIENTS));
    if (replica && (result.lost > 0 || result.errors > 0) && replica.output()) console.error(`La réplica hija dijo:\n${replica.output()}`);
    const label = kind === 'embedded' ? 'PGlite' : 'PostgreSQL';
    return summarise(`${label}, ${replicas} réplica${replicas === 2 ? 's' : ''}`, replicas, result);
  } finally {
    // Every connection to the database is closed before it is dropped.
    await replica?.stop();
    await server.close();
    await database.drop();
  }
}

async function benchRelay(): Promise<Row> {
  const relay = await startBareRelay();
  try {
    const clients = Array.from({ length: CLIENTS }, (_, index) => ({ userId: index + 1, url: `${relay.url}?u=${index + 1}` }));
    return summarise('ws relay (base)', 0, await runLoad({ clients, perSecond: RATE, seconds: SECONDS, protocol: 'relay' }));
  } finally {
    await relay.close();
  }
}

function print(rows: Row[]): void {
  const base = rows.find((row) => row.replicas === 0);
  console.log(`\nChat: ${CLIENTS} clientes /ws, ${RATE} mensajes/s entre pares al azar durante ${SECONDS} s`);
  // Latency on a shared machine depends on what else runs: the load average says how busy it was.
  console.log(`Máquina: ${os.cpus().length} CPU, carga media al empezar ${LOAD_AT_START}, al terminar ${os.loadavg()[0]?.toFixed(1)}\n`);
  printTable(
    [
      { heading: 'escenario', width: 24 },
      { heading: 'enviados' },
      { heading: 'entregados' },
      { heading: 'perdidos' },
      { heading: 'duplicados' },
      { heading: 'errores' },
      { heading: 'p50', width: 9 },
      { heading: 'p95', width: 9 },
      { heading: 'p99', width: 9 },
      { heading: 'p99/base' },
      { heading: 'objetivo', width: 0 },
    ],
    rows.map((row) => {
      const target = row.replicas === 0 ? undefined : TARGET_P99_MS[row.replicas];
      const ok =
        target === undefined
          ? ''
          : row.p99 <= target && row.result.lost === 0 && row.result.duplicated === 0
            ? `✓ (p99 ≤ ${target} ms)`
            : `✗ (p99 ≤ ${target} ms)`;
      return [
        row.name,
        String(row.result.sent),
        String(row.result.delivered),
        String(row.result.lost),
        String(row.result.duplicated),
        String(row.result.errors),
        ms(row.p50),
        ms(row.p95),
        ms(row.p99),
        base && row !== base ? `×${(row.p99 / base.p99).toFixed(1)}` : '',
        ok,
      ];
    }),
  );
  if (rows.some((row) => row.replicas === 2)) {
    console.log(
      '\n2 réplicas: dos procesos (este y un hijo con src/main.ts) sobre la misma base de datos; clientes repartidos entre ambos.',
    );
  }
  console.log(
    `\nConexión de ${CLIENTS} clientes: ${rows.map((row) => `${row.name} ${(row.result.connectMs / 1000).toFixed(1)} s`).join(' · ')}`,
  );
}

const PAIR_MODES = ['embedded', 'postgres', 'replicas'];
const rows: Row[] = MODES.some((mode) => PAIR_MODES.includes(mode)) ? [await benchRelay()] : [];
if (MODES.includes('embedded')) rows.push(await benchCrm('embedded', 1));
if (MODES.includes('postgres')) rows.push(await benchCrm('postgres', 1));
if (MODES.includes('replicas')) rows.push(await benchCrm('postgres', 2));
const channelRows: ChannelRow[] = MODES.includes('channel') ? await benchChannel(option) : [];
if (rows.length > 0) print(rows);
printChannel(channelRows);
if (MODES.includes('notifications')) printNotifications(await benchNotifications(option));
await stopBenchServers();
