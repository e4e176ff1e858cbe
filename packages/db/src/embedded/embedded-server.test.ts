import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type EmbeddedServer, startEmbeddedServer } from './embedded-server.js';
import { isAlive, runningPostmaster } from './postmaster.js';

const folders: string[] = [];
const servers: EmbeddedServer[] = [];

async function dataDir(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'crm-embedded-'));
  await chmod(folder, 0o755);
  folders.push(folder);
  return folder;
}

async function start(folder: string, whenOwned: 'attach' | 'refuse' = 'refuse'): Promise<EmbeddedServer> {
  // Durable: the crash cases below must find what was committed before the kill.
  const server = await startEmbeddedServer({ dataDir: folder, whenOwned });
  servers.push(server);
  return server;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * What a SIGKILL of the owner leaves: its claim names a process that no longer exists. The killed
 * server's handle is forgotten (a dead process never calls stop()).
 */
async function ownerDies(folder: string, killed: EmbeddedServer): Promise<void> {
  servers.splice(servers.indexOf(killed), 1);
  const gone = spawnSync(process.execPath, ['-e', '0']).pid;
  await writeFile(path.join(folder, 'postgres.owner'), String(gone));
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('the embedded PostgreSQL server', () => {
  it('creates its cluster in DATA_DIR/postgres, listens on loopback only, with a password kept 0600', async () => {
    const folder = await dataDir();
    const server = await start(folder);
    expect((await stat(path.join(folder, 'postgres', 'PG_VERSION'))).isFile()).toBe(true);
    const passwordFile = path.join(folder, 'postgres.password');
    expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
    const password = (await readFile(passwordFile, 'utf8')).trim();
    expect(password.length).toBeGreaterThanOrEqual(32);

    const url = new URL(server.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.pathname).toBe('/crm');
    const [settings] = await query<{ listen: string; version: string; encoding: string }>(
      server.url,
      `select current_setting('listen_addresses') as listen, current_setting('server_version_num') as version,
              pg_encoding_to_char(encoding) as encoding from pg_database where datname = current_database()`,
    );
    expect(settings).toEqual({ listen: '127.0.0.1', version: expect.stringMatching(/^17/), encoding: 'UTF8' });

    // The extensions the migrations and later features use ship with the binaries.
    await query(server.url, 'create extension pg_trgm; create extension unaccent; create extension citext');
    const wrong = new URL(server.url);
    wrong.password = 'otra';
    await expect(query(wrong.toString(), 'select 1')).rejects.toThrow(/password authentication failed/);
  });

  it('keeps its data across a stop and a start, on a new port', async () => {
    const folder = await dataDir();
    const first = await start(folder);
    await query(first.url, 'create table kept (id int); insert into kept values (7)');
    await first.stop();
    const again = await start(folder);
    expect(await query(again.url, 'select id from kept')).toEqual([{ id: 7 }]);
  });

  it('refuses a second owner while the first lives, and lets a script attach to it', async () => {
    const folder = await dataDir();
    const owner = await start(folder);
    await expect(start(folder, 'refuse')).rejects.toThrow(/ya usa la base de datos integrada/);
    const attached = await start(folder, 'attach');
    expect(attached.url).toBe(owner.url);
    await attached.stop();
    expect(await query(owner.url, 'select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('stops the postmaster a killed owner left running and starts one of its own, data intact', async () => {
    const folder = await dataDir();
    const killed = await start(folder);
    await query(killed.url, 'create table kept (id int); insert into kept values (1)');
    const orphan = await runningPostmaster(path.join(folder, 'postgres'));
    await ownerDies(folder, killed);

    const next = await start(folder);
    expect(orphan && isAlive(orphan.pid)).toBe(false);
    const postmaster = await runningPostmaster(path.join(folder, 'postgres'));
    expect(postmaster?.pid).not.toBe(orphan?.pid);
    expect(await query(next.url, 'select id from kept')).toEqual([{ id: 1 }]);
  });

  it('starts after its postmaster was killed too, from the pid file and WAL left behind', async () => {
    const folder = await dataDir();
    const killed = await start(folder);
    await query(killed.url, 'create table kept (id int); insert into kept values (2)');
    const postmaster = await runningPostmaster(path.join(folder, 'postgres'));
    process.kill(postmaster?.pid ?? 0, 'SIGKILL');
    await expect.poll(() => isAlive(postmaster?.pid ?? 0)).toBe(false);
    await ownerDies(folder, killed);

    const next = await start(folder);
    expect(await query(next.url, 'select id from kept')).toEqual([{ id: 2 }]);
  });

  it('stops its server on stop(), leaving no owner behind', async () => {
    const folder = await dataDir();
    const server = await start(folder);
    const postmaster = await runningPostmaster(path.join(folder, 'postgres'));
    await server.stop();
    expect(isAlive(postmaster?.pid ?? 0)).toBe(false);
    await expect(stat(path.join(folder, 'postgres.owner'))).rejects.toThrow();
  });
});
