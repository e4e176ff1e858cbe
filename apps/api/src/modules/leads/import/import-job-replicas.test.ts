import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '@crm/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../../test/api-process.js';
import { ADMIN_PASSWORD, ApiClient, uniqueName } from '../../../test/harness.js';
import { waitForJob } from '../../../test/import-jobs.js';
import { sameBrowserOn } from '../../../test/replicas.js';
import { SERVER_STOPPED } from './import-job.runner.js';

function upload(file: string): FormData {
  const data = new FormData();
  data.append('file', new Blob([file]), 'grande.csv');
  return data;
}

function bigCsv(tag: string, count: number): string {
  const lines = ['name,categoryName,email'];
  for (let index = 0; index < count; index += 1) lines.push(`Lead ${tag} ${index},dentist,r${index}.${tag}@replica.es`);
  return `${lines.join('\n')}\n`;
}

/** Polls (on any replica) until the job has read some rows or ended. */
async function untilSomeRead(client: ApiClient, id: number): Promise<any> {
  for (;;) {
    const state = (await client.get(`/api/import-jobs/${id}`)).body;
    if (state.rowsRead > 0 || state.status !== 'running') return state;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What another user sees of the import: its group and its leads, in lists and searches. */
async function visibleTrace(viewer: ApiClient, groupName: string, tag: string) {
  const groups = (await viewer.get('/api/lead-groups')).body.filter((group: { name: string }) => group.name === groupName);
  const leads = (await viewer.get(`/api/leads?q=${encodeURIComponent(`lead ${tag}`)}`)).body.items;
  return { groups, leads };
}

const RUNNING_HERE = 'Importación en marcha en esta réplica';

/** Which replica's worker took the job: the handler says so in its log. */
function runnerOf(replicas: readonly ApiProcess[], jobId: number): ApiProcess | undefined {
  return replicas.find((replica) => replica.watched().some((line) => line.includes(`"importJobId":${jobId},"msg":"${RUNNING_HERE}"`)));
}

describe('import jobs across two replica processes', () => {
  let database: TestDatabase;
  const replicas: ApiProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // LOG_LEVEL info: the run's log line tells which replica took the job.
    for (let index = 0; index < 2; index += 1)
      replicas.push(
        await startApiProcess({ databaseUrl: database.url, env: { LOG_LEVEL: 'info', ADMIN_PASSWORD }, watch: new RegExp(RUNNING_HERE) }),
      );
  });

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await database.drop();
  });

  it('runs a job once when both replicas start it, reports progress on the other, and a replica killed mid-import has its job failed cleanly by the other', async () => {
    const [first, second] = replicas as [ApiProcess, ApiProcess];
    const onFirst = new ApiClient(first.url);
    expect((await onFirst.post('/api/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
    const onSecond = sameBrowserOn(onFirst, second.url);
    const tag = uniqueName('r').toLowerCase();
    const groupName = `Réplicas ${tag}`;

    // Both replicas start the same job at once: exactly one claims it, and one worker runs it.
    const small = await onSecond.post('/api/import-jobs', upload(bigCsv(uniqueName('q').toLowerCase(), 10)));
    const starts = await Promise.all([
      onSecond.post(`/api/import-jobs/${small.body.id}/start`, { groupName: `${groupName} A` }),
      onFirst.post(`/api/import-jobs/${small.body.id}/start`, { groupName: `${groupName} B` }),
    ]);
    expect(starts.map((start) => start.status).sort()).toEqual([200, 409]);
    expect(await waitForJob(onFirst, small.body.id)).toMatchObject({ status: 'done', imported: 10 });
    expect((await onFirst.get('/api/lead-groups')).body.filter((group: { name: string }) => group.name.startsWith(groupName))).toHaveLength(
      1,
    );
    // The runner's log line may reach this process a moment after the job's end.
    await expect.poll(() => replicas.filter((replica) => runnerOf([replica], small.body.id)).length, { timeout: 15_000 }).toBe(1);

    const created = await onSecond.post('/api/import-jobs', upload(bigCsv(tag, 60000)));
    expect(created.status).toBe(201);
    const id = created.body.id;
    // This test holds the groups table against inserts: the runner's publishing transaction waits to
    // create the group, and it dies there, mid-import. (Test databases share their tables' ids, so the
    // wait is looked for in this database only.)
    let release: () => void = () => undefined;
    const locked = new Promise<void>((resolve) => {
      void database.db.transaction().execute(async (trx) => {
        await sql`lock table lead_groups in share row exclusive mode`.execute(trx);
        resolve();
        await new Promise<void>((done) => (release = done));
      });
    });
    await locked;
    expect((await onSecond.post(`/api/import-jobs/${id}/start`, { groupName })).status).toBe(200);
    await expect
      .poll(
        async () =>
          (
            await sql<{
              waiting: boolean;
            }>`select exists (select 1 from pg_locks where relation = 'lead_groups'::regclass and not granted
              and database = (select oid from pg_database where datname = current_database())) as waiting`.execute(database.db)
          ).rows[0]?.waiting,
        { timeout: 60_000 },
      )
      .toBe(true);
    const runner = runnerOf(replicas, id);
    const survivor = replicas.find((replica) => replica !== runner);
    if (!runner || !survivor) throw new Error(`ninguna réplica dice que ejecuta la importación ${id}`);
    const onSurvivor = sameBrowserOn(onFirst, survivor.url);
    try {
      expect(await visibleTrace(onSurvivor, groupName, tag)).toEqual({ groups: [], leads: [] });
      process.kill(runner.pid, 'SIGKILL');
      await runner.stop();
    } finally {
      release();
    }
    // Killed: its transaction rolled back with the connection, so nothing is visible; the queue hands the job to
    // the survivor (the runner's heartbeat stopped), whose handler fails it cleanly and removes the staged rows.
    expect(await visibleTrace(onSurvivor, groupName, tag)).toEqual({ groups: [], leads: [] });
    const failed = await waitForJob(onSurvivor, id, 90_000);
    expect(failed).toMatchObject({ status: 'failed', failure: SERVER_STOPPED, groupId: null });
    expect(runnerOf([survivor], id)).toBeUndefined();
    await expect
      .poll(() => database.db.selectFrom('leads').select('id').where('email', 'like', `%.${tag}@replica.es`).execute(), { timeout: 30_000 })
      .toEqual([]);
    await expect.poll(() => database.db.selectFrom('lead_groups').select('id').where('name', '=', groupName).execute()).toEqual([]);
    expect(await database.db.selectFrom('import_job_rows').select('row_number').where('job_id', '=', id).execute()).toEqual([]);
  }, 180_000);
});

describe('import jobs: an API killed mid-import on its embedded server', () => {
  let dataDir: string;
  let server: ApiProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-import-kill-'));
    // The embedded server may run as its own system user, which must be able to enter.
    await chmod(dataDir, 0o755);
  });

  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('leaves nothing visible; the next start recovers the postmaster it left running, and its queue fails the job and removes what was staged', async () => {
    const env = { DATA_DIR: dataDir, ADMIN_PASSWORD };
    server = await startApiProcess({ env });
    const admin = new ApiClient(server.url);
    expect((await admin.post('/api/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
    const tag = uniqueName('k').toLowerCase();
    const groupName = `Matado ${tag}`;
    const created = await admin.post('/api/import-jobs', upload(bigCsv(tag, 40000)));
    expect(created.status).toBe(201);
    expect((await admin.post(`/api/import-jobs/${created.body.id}/start`, { groupName })).status).toBe(200);
    const state = await untilSomeRead(admin, created.body.id);
    expect(state.status).toBe('running');
    expect(await visibleTrace(admin, groupName, tag)).toEqual({ groups: [], leads: [] });
    process.kill(server.pid, 'SIGKILL');
    await server.stop();

    server = await startApiProcess({ env });
    const again = new ApiClient(server.url);
    expect((await again.post('/api/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
    // The queue hands the job to the new process once the dead one's heartbeat is overdue; its handler fails it.
    const failed = await waitForJob(again, created.body.id, 90_000);
    expect(failed).toMatchObject({ status: 'failed', failure: SERVER_STOPPED, groupId: null });
    expect(await visibleTrace(again, groupName, tag)).toEqual({ groups: [], leads: [] });
  }, 180_000);
});
