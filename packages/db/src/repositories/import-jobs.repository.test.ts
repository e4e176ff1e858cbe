import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing.js';
import { appendImportJobChunk, dropAbandonedImportUploads, findImportJob, insertImportJob } from './import-jobs.repository.js';
import { insertUser } from './users.repository.js';

describe('abandoned import uploads', () => {
  let testDb: TestDatabase;
  let ana: number;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    ana = (
      await insertUser(testDb.db, { username: 'ana', email: 'ana@example.com', password_hash: 'x', first_name: 'Ana', last_name: 'P' })
    ).id;
  }, 60_000);

  afterAll(async () => {
    await testDb.drop();
  });

  async function uploadedJob(hoursAgo: number, status: 'uploaded' | 'running' = 'uploaded'): Promise<number> {
    const id = await insertImportJob(testDb.db, { createdBy: ana, fileName: 'a.csv', fileSize: 3, source: 'csv', totalEstimate: 1 });
    await appendImportJobChunk(testDb.db, id, 0, new Uint8Array([1, 2, 3]));
    await sql`update import_jobs set status = ${status}, created_at = now() - make_interval(hours => ${hoursAgo}) where id = ${id}`.execute(
      testDb.db,
    );
    return id;
  }

  async function chunkCount(jobId: number): Promise<number> {
    const rows = await testDb.db.selectFrom('import_job_chunks').select('seq').where('job_id', '=', jobId).execute();
    return rows.length;
  }

  it('cancels and empties only the never-started uploads older than the cut, and leaves running ones alone', async () => {
    const stale = await uploadedJob(30);
    const fresh = await uploadedJob(1);
    const running = await uploadedJob(30, 'running');

    const dropped = await dropAbandonedImportUploads(testDb.db, new Date(Date.now() - 24 * 3600_000), 'Vista previa abandonada');

    expect(dropped).toEqual([stale]);
    expect(await findImportJob(testDb.db, stale)).toMatchObject({ status: 'cancelled', failure: 'Vista previa abandonada' });
    expect(await chunkCount(stale)).toBe(0);
    expect((await findImportJob(testDb.db, fresh))?.status).toBe('uploaded');
    expect(await chunkCount(fresh)).toBe(1);
    expect((await findImportJob(testDb.db, running))?.status).toBe('running');
    expect(await chunkCount(running)).toBe(1);
  });
});
