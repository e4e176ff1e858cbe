import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { lockLeadImports } from '@crm/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from '../../../test/api-process.js';
import { ADMIN_PASSWORD, ApiClient, createUser, loginAs, uniqueName } from '../../../test/harness.js';
import { waitForJob } from '../../../test/import-jobs.js';
import { describeOnTwoReplicas, sameBrowserOn } from '../../../test/replicas.js';
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

/** Polls (on any replica) until the job has written a batch or ended. */
async function untilSomeImported(client: ApiClient, id: number): Promise<any> {
  for (;;) {
    const state = (await client.get(`/api/import-jobs/${id}`)).body;
    if (state.imported > 0 || state.status !== 'running') return state;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What another user sees of the import: its group and its leads, in lists and searches. */
async function visibleTrace(viewer: ApiClient, groupName: string, tag: string) {
  const groups = (await viewer.get('/api/lead-groups')).body.filter((group: { name: string }) => group.name === groupName);
  const leads = (await viewer.get(`/api/leads?q=${encodeURIComponent(`lead ${tag}`)}`)).body.items;
  return { groups, leads };
}

describeOnTwoReplicas('import jobs across two replica processes', (replicas) => {
  it('runs a job once when both replicas start it, reports progress on the other, and a replica killed mid-import leaves nothing visible, swept at the next start', async () => {
    const admin = await createUser(replicas.local, { username: uniqueName('radm'), systemRole: 'admin' });
    const viewerUser = await createUser(replicas.local, { username: uniqueName('rsel') });
    const onLocal = await loginAs(replicas.local, admin.username);
    const onChild = sameBrowserOn(onLocal, replicas.child.url);
    const viewer = await loginAs(replicas.local, viewerUser.username);
    const tag = uniqueName('r').toLowerCase();
    const groupName = `Réplicas ${tag}`;

    // Both replicas start the same job at once: exactly one runs it.
    const small = await onChild.post('/api/import-jobs', upload(bigCsv(uniqueName('q').toLowerCase(), 10)));
    const starts = await Promise.all([
      onChild.post(`/api/import-jobs/${small.body.id}/start`, { groupName: `${groupName} A` }),
      onLocal.post(`/api/import-jobs/${small.body.id}/start`, { groupName: `${groupName} B` }),
    ]);
    expect(starts.map((start) => start.status).sort()).toEqual([200, 409]);
    const smallDone = await waitForJob(onLocal, small.body.id);
    expect(smallDone).toMatchObject({ status: 'done', imported: 10 });
    expect((await viewer.get('/api/lead-groups')).body.filter((group: { name: string }) => group.name.startsWith(groupName))).toHaveLength(
      1,
    );

    const created = await onChild.post('/api/import-jobs', upload(bigCsv(tag, 60000)));
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await onChild.post(`/api/import-jobs/${id}/start`, { groupName })).status).toBe(200);
    // Progress read on the replica that does not run it.
    const state = await untilSomeImported(onLocal, id);
    expect(state.status).toBe('running');
    // This test's own hold on the import lock stops the child before its next batch, so it dies mid-import.
    let release: () => void = () => undefined;
    const locked = new Promise<void>((resolve) => {
      void replicas.local.ctx.db.transaction().execute(async (trx) => {
        await lockLeadImports(trx);
        resolve();
        await new Promise<void>((done) => (release = done));
      });
    });
    await locked;
    try {
      expect((await onLocal.get(`/api/import-jobs/${id}`)).body.status).toBe('running');
      expect(await visibleTrace(viewer, groupName, tag)).toEqual({ groups: [], leads: [] });
      process.kill(replicas.child.pid, 'SIGKILL');
      await replicas.child.stop();
    } finally {
      release();
    }
    // Killed: the group stays staged, out of every list, until a sweep.
    expect((await onLocal.get(`/api/import-jobs/${id}`)).body.status).toBe('running');
    expect(await visibleTrace(viewer, groupName, tag)).toEqual({ groups: [], leads: [] });
    await replicas.restartChild();
    const swept = await onLocal.get(`/api/import-jobs/${id}`);
    expect(swept.body).toMatchObject({ status: 'failed', failure: SERVER_STOPPED, groupId: null });
    expect(await replicas.local.ctx.db.selectFrom('leads').select('id').where('email', 'like', `%.${tag}@replica.es`).execute()).toEqual(
      [],
    );
    expect(await replicas.local.ctx.db.selectFrom('lead_groups').select('id').where('name', '=', groupName).execute()).toEqual([]);
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

  it('leaves nothing visible; the next start recovers the postmaster it left running and removes what was staged', async () => {
    const env = { DATA_DIR: dataDir, ADMIN_PASSWORD };
    server = await startApiProcess({ env });
    const admin = new ApiClient(server.url);
    expect((await admin.post('/api/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
    const tag = uniqueName('k').toLowerCase();
    const groupName = `Matado ${tag}`;
    const created = await admin.post('/api/import-jobs', upload(bigCsv(tag, 20000)));
    expect(created.status).toBe(201);
    expect((await admin.post(`/api/import-jobs/${created.body.id}/start`, { groupName })).status).toBe(200);
    const state = await untilSomeImported(admin, created.body.id);
    expect(state.status).toBe('running');
    expect(await visibleTrace(admin, groupName, tag)).toEqual({ groups: [], leads: [] });
    process.kill(server.pid, 'SIGKILL');
    await server.stop();

    server = await startApiProcess({ env });
    const again = new ApiClient(server.url);
    expect((await again.post('/api/login', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
    const swept = await again.get(`/api/import-jobs/${created.body.id}`);
    expect(swept.body).toMatchObject({ status: 'failed', failure: SERVER_STOPPED, groupId: null });
    expect(await visibleTrace(again, groupName, tag)).toEqual({ groups: [], leads: [] });
  }, 180_000);
});
