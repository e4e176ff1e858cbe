/**
 * `pnpm bench:chat`: 1,000 authenticated /ws clients, messages between random pairs at 100/s for
 * 30 s, delivery latency p50/p95/p99 (send → receipt), lost and duplicated, against a bare `ws`
 * relay on this machine as the baseline; on the embedded server and, with `--pg=<admin url>`, on
 * that server too, each with one API process and with two replicas (clients spread over both), with
 * the first API process's RSS and the embedded server's PSS, idle and at peak. One replica on the
 * embedded server is the product's default path (the API started without DATABASE_URL in a fresh
 * DATA_DIR); two replicas must reach one server, so they share a database of the benchmark's
 * embedded server by DATABASE_URL (support/api-site.ts).
 * Then a channel (support/channel-bench.ts): 200 members on two replicas, 10 senders at 10
 * messages a second each, with and without 10 MB uploads going on; and the notifications of a
 * bulk 'Repartir' (support/notification-bench.ts), on two replicas; both on each server.
 * Options (or CHAT_BENCH_* env): --seconds=30 --clients=1000 --rate=100 --members=200 --senders=10
 * --sender-rate=10 --channel-seconds=20 --client-workers=4 --phases=independent|together
 * --modes=single,replicas,channel,notifications --notify-leads=1000 --notify-assignees=50
 * --pg=<admin url>, --only=embedded|postgres.
 * The API processes are children of this one; the clients run in a worker thread (the channel's in several).
 */
import os from 'node:os';
import { type ApiSite, startApiSite } from './support/api-site.js';
import { startBareRelay } from './support/bare-relay.js';
import { benchChannel, type ChannelRow, printChannel } from './support/channel-bench.js';
import { benchNotifications, type NotificationRow, printNotifications } from './support/notification-bench.js';
import { allRegistered, ms, percentile, printTable, runWorker, seedUsers } from './support/chat-bench-kit.js';
import type { LoadInput, LoadResult } from './support/chat-load.js';
import { type MemoryFigures, memoryText } from './support/memory.js';
import { benchOptions as options, type BenchTarget, benchTargets, runBench, TARGET_LABEL } from './support/options.js';

const option = (name: string, fallback: string) => options[name] || process.env[`CHAT_BENCH_${name.toUpperCase()}`] || fallback;
const SECONDS = Number(option('seconds', '30'));
const CLIENTS = Number(option('clients', '1000'));
const RATE = Number(option('rate', '100'));
const MODES = option('modes', 'single,replicas,channel,notifications').split(',');

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
  memory?: MemoryFigures;
}

function summarise(name: string, replicas: Row['replicas'], result: LoadResult, memory?: MemoryFigures): Row {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  return { name, replicas, result, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), memory };
}

async function benchCrm(target: BenchTarget, replicas: 1 | 2): Promise<Row> {
  const site: ApiSite = await startApiSite(target, { replicas });
  try {
    const urls = site.apis.map((api) => api.url);
    const clients = (await seedUsers(site.db, CLIENTS)).map((client, index) => ({
      ...client,
      url: `${(urls[index % urls.length] as string).replace(/^http/, 'ws')}/ws`,
    }));
    const memory = await site.watchMemory();
    const result = await runLoad({ clients, perSecond: RATE, seconds: SECONDS, protocol: 'crm' }, () => allRegistered(site.db, CLIENTS));
    if ((result.lost > 0 || result.errors > 0) && site.apis.some((api) => api.output())) {
      console.error(`Las réplicas dijeron:\n${site.apis.map((api) => api.output()).join('\n')}`);
    }
    return summarise(`${TARGET_LABEL[target]}, ${replicas} réplica${replicas === 2 ? 's' : ''}`, replicas, result, await memory.stop());
  } finally {
    await site.stop();
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
      { heading: 'escenario', width: 28 },
      { heading: 'enviados' },
      { heading: 'entregados' },
      { heading: 'perdidos' },
      { heading: 'duplicados' },
      { heading: 'errores' },
      { heading: 'p50', width: 9 },
      { heading: 'p95', width: 9 },
      { heading: 'p99', width: 9 },
      { heading: 'p99/base' },
    ],
    rows.map((row) => [
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
    ]),
  );
  if (rows.some((row) => row.replicas === 2)) {
    console.log('\n2 réplicas: dos procesos hijos (src/main.ts) sobre la misma base de datos; clientes repartidos entre ambos.');
  }
  console.log(
    `\nConexión de ${CLIENTS} clientes: ${rows.map((row) => `${row.name} ${(row.result.connectMs / 1000).toFixed(1)} s`).join(' · ')}`,
  );
  console.log('Memoria (la primera réplica; el servidor integrado, suma de PSS del postmaster y sus hijos):');
  for (const row of rows) if (row.memory) console.log(`  ${row.name}: ${memoryText(row.memory)}`);
}

await runBench(async () => {
  const rows: Row[] = MODES.includes('single') || MODES.includes('replicas') ? [await benchRelay()] : [];
  const channelRows: ChannelRow[] = [];
  const notificationRows: NotificationRow[] = [];
  for (const target of benchTargets) {
    if (MODES.includes('single')) rows.push(await benchCrm(target, 1));
    if (MODES.includes('replicas')) rows.push(await benchCrm(target, 2));
    if (MODES.includes('channel')) channelRows.push(...(await benchChannel(target, option)));
    if (MODES.includes('notifications')) notificationRows.push(await benchNotifications(target, option));
  }
  if (rows.length > 0) print(rows);
  printChannel(channelRows);
  printNotifications(notificationRows);
});
