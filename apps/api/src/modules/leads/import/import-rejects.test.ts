/**
 * Files that are mostly rejects: the skipped rows go to the database as they are read (never piled
 * up in memory), errors.csv streams them back page by page, and its cells cannot run as formulas.
 */
import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../../test/harness.js';
import { waitForJob } from '../../../test/import-jobs.js';
import { NOTHING_IMPORTED } from './import-publish.js';

function upload(file: string, fileName = 'rechazos.csv'): FormData {
  const data = new FormData();
  data.append('file', new Blob([file]), fileName);
  return data;
}

/** The attack's file, smaller: rows with a category and nothing else (no name, so every row is skipped). */
function namelessRows(count: number): string {
  return `name,categoryName\n${',dentist\n'.repeat(count)}`;
}

describeWithServer('import jobs: files of rejects', (server) => {
  let admin: ApiClient;

  beforeAll(async () => {
    const name = uniqueName('radm');
    await createUser(server(), { username: name, systemRole: 'admin' });
    admin = await loginAs(server(), name);
  });

  it('reads 100,000 nameless rows to the end without keeping them, and streams their errors.csv to four readers at once', async () => {
    const rows = 100_000;
    const created = await admin.post('/api/import-jobs', upload(namelessRows(rows)));
    expect(created.status).toBe(201);
    await admin.post(`/api/import-jobs/${created.body.id}/start`, { groupName: `Rechazos ${uniqueName('g')}` });
    const ended = await waitForJob(admin, created.body.id, 120_000);
    // Every row was read and counted (the reading thread's heap is bounded: piling them up would have failed the job).
    expect(ended).toMatchObject({ status: 'failed', failure: NOTHING_IMPORTED, rowsRead: rows, skipped: rows, imported: 0 });
    expect(ended.errors).toHaveLength(101);
    expect(ended.errors.at(-1)).toBe(`… y ${rows - 100} errores más`);

    const url = new URL(`/api/import-jobs/${created.body.id}/errors.csv`, server().url);
    const lineCounts = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const response = await fetch(url, { headers: { cookie: admin.cookies.header() } });
        expect(response.status).toBe(200);
        // Streamed as it is read from the database: no length known up front, no file built in memory.
        expect(response.headers.get('content-length')).toBeNull();
        expect(response.headers.get('transfer-encoding')).toBe('chunked');
        let lines = 0;
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          for (const byte of chunk) if (byte === 0x0a) lines += 1;
        }
        return lines;
      }),
    );
    expect(lineCounts).toEqual(Array.from({ length: 4 }, () => rows + 1));
  }, 180_000);

  it('defuses cells that a spreadsheet would run as formulas in errors.csv, as the lead export does', async () => {
    const csv = [
      'name,categoryName,email,phone',
      `"=HYPERLINK(""http://x.es"",""pulsa"")",dentist,malo,`,
      `+SUM(1;2),dentist,@malo,`,
      `Teléfono con signo,dentist,no-email,+34 600 000 000`,
    ].join('\n');
    const created = await admin.post('/api/import-jobs', upload(csv));
    await admin.post(`/api/import-jobs/${created.body.id}/start`, { groupName: `Fórmulas ${uniqueName('g')}` });
    await waitForJob(admin, created.body.id);
    const response = await fetch(new URL(`/api/import-jobs/${created.body.id}/errors.csv`, server().url), {
      headers: { cookie: admin.cookies.header() },
    });
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines.slice(1)).toEqual([
      `"'=HYPERLINK(""http://x.es"",""pulsa"")",dentist,malo,,email inválido (malo)`,
      `'+SUM(1;2),dentist,'@malo,,email inválido (@malo)`,
      `Teléfono con signo,dentist,no-email,+34 600 000 000,email inválido (no-email)`,
    ]);
  });
});
