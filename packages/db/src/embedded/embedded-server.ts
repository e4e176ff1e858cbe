/**
 * The embedded database: a real PostgreSQL server the API starts itself when DATABASE_URL is unset,
 * with its cluster in DATA_DIR/postgres. It listens only on 127.0.0.1, on a free port, for one user
 * whose random password is kept in DATA_DIR/postgres.password (mode 0600).
 *
 * One process owns the server (it started it, it stops it): the owner's pid is written to
 * DATA_DIR/postgres.owner with an exclusive create, so two processes starting together never start
 * two postmasters on one folder. Another process (the demo seed, `db:migrate`) may attach to the
 * owner's server. A postmaster left running by an owner that was killed is stopped and started
 * again by the next owner (PostgreSQL recovers from its WAL); a pid file left behind is removed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { postgresBinaries } from './binaries.js';
import { isAlive, type Postmaster, runningPostmaster, stopPostmaster } from './postmaster.js';
import { assertReachable, type RunAs, serverUser } from './system-user.js';

export const EMBEDDED_CLUSTER_SUBDIR = 'postgres';
const SUPERUSER = 'crm';
const DATABASE = 'crm';
const START_TIMEOUT_MS = 60_000;

export interface EmbeddedServerOptions {
  dataDir: string;
  /** When another live process already owns the server: connect to it (scripts) or refuse (a second API). */
  whenOwned: 'attach' | 'refuse';
  /**
   * `throwaway` (tests) turns off fsync and raises the connection limit: the data need not survive a
   * crash, and a test run opens many pools at once.
   */
  durability?: 'durable' | 'throwaway';
  log?: (message: string) => void;
}

export interface EmbeddedServer {
  /** postgres://… of the `crm` database. */
  url: string;
  /** Connection string for a database of another name on the same server (tests create their own). */
  urlFor(database: string): string;
  /** The postmaster's pid (its memory, in the benchmarks). */
  pid: number;
  /** Stops the server if this process owns it; an attached process only lets go. */
  stop(): Promise<void>;
}

interface Paths {
  dataDir: string;
  cluster: string;
  password: string;
  owner: string;
  log: string;
}

function pathsOf(dataDir: string): Paths {
  const root = path.resolve(dataDir);
  return {
    dataDir: root,
    cluster: path.join(root, EMBEDDED_CLUSTER_SUBDIR),
    password: path.join(root, 'postgres.password'),
    owner: path.join(root, 'postgres.owner'),
    log: path.join(root, 'postgres.log'),
  };
}

export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const paths = pathsOf(options.dataDir);
  const log = options.log ?? (() => undefined);
  await mkdir(paths.dataDir, { recursive: true });
  const password = await readOrCreatePassword(paths.password);
  const connection = (port: number) => connectionFactory(port, password);

  const owner = await claimOwnership(paths.owner);
  if (owner !== 'claimed') {
    if (options.whenOwned === 'refuse') {
      throw new Error(`Otro proceso (pid ${owner.pid}) ya usa la base de datos integrada de ${paths.dataDir}.`);
    }
    const { port, pid } = await waitForOwnersServer(paths.cluster, owner.pid);
    return { ...connection(port), pid, stop: () => Promise.resolve() };
  }

  try {
    const user = await serverUser();
    const binaries = await postgresBinaries();
    await assertReachable([binaries.postgres, paths.dataDir], user);
    await initialiseCluster(paths, binaries.initdb, password, user, log);
    const orphan = await runningPostmaster(paths.cluster);
    if (orphan) {
      log(`Un servidor PostgreSQL integrado (pid ${orphan.pid}) quedó en marcha sin su proceso: se detiene y se vuelve a arrancar.`);
      await stopPostmaster(orphan.pid);
    }
    const port = await freePort();
    const postmaster = await launch(paths, binaries.postgres, port, user, options.durability ?? 'durable');
    await waitUntilReady(postmaster, port, password, paths.log);
    await ensureDatabase(connection(port).urlFor('postgres'));
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        if (postmaster.pid !== undefined) await stopPostmaster(postmaster.pid);
        await releaseOwnership(paths.owner);
      })());
    return { ...connection(port), pid: postmaster.pid ?? 0, stop };
  } catch (error) {
    await releaseOwnership(paths.owner);
    throw error;
  }
}

function connectionFactory(port: number, password: string): Pick<EmbeddedServer, 'url' | 'urlFor'> {
  const urlFor = (database: string) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return { url: urlFor(DATABASE), urlFor };
}

async function readOrCreatePassword(file: string): Promise<string> {
  const existing = await readFile(file, 'utf8').catch(() => undefined);
  if (existing?.trim()) return existing.trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/**
 * The claims this process holds, by their random token. Its own pid in a claim is not proof enough: a
 * restarted container gives the API the pid it had, and the claim of its previous life is stale.
 */
const claimsHere = new Set<string>();

/** `claimed`, or the live process that owns the server. A claim whose process is gone is taken over. */
async function claimOwnership(file: string): Promise<'claimed' | { pid: number }> {
  for (;;) {
    const token = randomBytes(8).toString('hex');
    try {
      await writeFile(file, `${process.pid} ${token}`, { flag: 'wx', mode: 0o600 });
      claimsHere.add(token);
      return 'claimed';
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const [pidText = '', claimToken = ''] = (await readFile(file, 'utf8').catch(() => '')).trim().split(' ');
    const pid = Number(pidText);
    const live = Number.isInteger(pid) && pid > 0 && isAlive(pid) && (pid !== process.pid || claimsHere.has(claimToken));
    if (live) return { pid };
    await rm(file, { force: true });
  }
}

async function releaseOwnership(file: string): Promise<void> {
  const [, token = ''] = (await readFile(file, 'utf8').catch(() => '')).trim().split(' ');
  claimsHere.delete(token);
  await rm(file, { force: true });
}

async function waitForOwnersServer(cluster: string, ownerPid: number): Promise<Postmaster> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const postmaster = await runningPostmaster(cluster);
    if (postmaster?.ready) return postmaster;
    if (!isAlive(ownerPid)) break;
    await sleep(50);
  }
  throw new Error(`La base de datos integrada del proceso ${ownerPid} no respondió.`);
}

async function initialiseCluster(paths: Paths, initdb: string, password: string, user: RunAs, log: (message: string) => void) {
  const versionFile = path.join(paths.cluster, 'PG_VERSION');
  if (
    await readFile(versionFile).then(
      () => true,
      () => false,
    )
  )
    return;
  // No PG_VERSION: never initialised, or an initdb that was interrupted; initdb needs an empty folder.
  await rm(paths.cluster, { recursive: true, force: true });
  await mkdir(paths.cluster, { mode: 0o700 });
  const passwordFile = path.join(os.tmpdir(), `crm-pg-init-${randomBytes(6).toString('hex')}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user.uid !== undefined && user.gid !== undefined) {
    await chown(paths.cluster, user.uid, user.gid);
    await chown(passwordFile, user.uid, user.gid);
  }
  log(`Creando la base de datos integrada en ${paths.cluster}`);
  try {
    const args = [
      `--pgdata=${paths.cluster}`,
      `--username=${SUPERUSER}`,
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ];
    await runToCompletion(spawn(initdb, args, { ...user, stdio: ['ignore', 'ignore', 'pipe'] }), 'initdb');
  } finally {
    await rm(passwordFile, { force: true });
  }
}

function runToCompletion(child: ChildProcess, name: string): Promise<void> {
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${name} falló (código ${code ?? 'nulo'}): ${errors.trim()}`)),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('Sin puerto libre'))));
    });
  });
}

const THROWAWAY_SETTINGS = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=400'];

async function launch(paths: Paths, postgres: string, port: number, user: RunAs, durability: 'durable' | 'throwaway') {
  const settings = [
    `port=${port}`,
    'listen_addresses=127.0.0.1',
    // No Unix socket: its default folder (/var/run/postgresql) belongs to the system's PostgreSQL, if any.
    'unix_socket_directories=',
    ...(durability === 'throwaway' ? THROWAWAY_SETTINGS : []),
  ];
  const logFile = await open(paths.log, 'a', 0o600);
  if (user.uid !== undefined && user.gid !== undefined) await logFile.chown(user.uid, user.gid);
  try {
    // Its own session (detached): a Ctrl+C in the terminal reaches the API, which stops the server after its requests.
    const child = spawn(postgres, ['-D', paths.cluster, ...settings.flatMap((setting) => ['-c', setting])], {
      ...user,
      detached: true,
      stdio: ['ignore', logFile.fd, logFile.fd],
    });
    child.unref();
    return child;
  } finally {
    await logFile.close();
  }
}

async function waitUntilReady(postmaster: ChildProcess, port: number, password: string, logFile: string): Promise<void> {
  let exited = false;
  postmaster.once('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!exited && Date.now() < deadline) {
    const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, password, database: 'postgres' });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await sleep(25);
    }
  }
  if (!exited && postmaster.pid !== undefined) await stopPostmaster(postmaster.pid);
  const logTail = (await readFile(logFile, 'utf8').catch(() => '')).trim().split('\n').slice(-5).join('\n');
  throw new Error(`El servidor PostgreSQL integrado no arrancó${exited ? '' : ' a tiempo'}. Últimas líneas de ${logFile}:\n${logTail}`);
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(DATABASE)}`);
  } finally {
    await client.end();
  }
}
