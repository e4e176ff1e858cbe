import { beforeAll, expect, it } from 'vitest';
import { type ApiClient, createUser, describeWithServer, loginAs, uniqueName } from '../../../test/harness.js';
import { trpcClientFor, trpcFailure } from '../../../test/trpc-client.js';
import { fileBlob } from '../../../test/file-blob.js';

function upload(body: string | Buffer, fileName = 'clientes.csv'): FormData {
  const data = new FormData();
  data.append('file', fileBlob(body), fileName);
  return data;
}

/** A CSV of about `bytes` bytes: a header and rows of one lead each. */
function csvOfSize(bytes: number, tag: string): Buffer {
  const lines = ['name,categoryName,email'];
  let size = lines[0]?.length ?? 0;
  for (let index = 0; size < bytes; index += 1) {
    const line = `Empresa ${tag} ${index},retail,e${index}.${tag}@x.es`;
    lines.push(line);
    size += line.length + 1;
  }
  return Buffer.from(lines.join('\n'));
}

describeWithServer(
  'import jobs over tRPC, with IMPORT_MAX_MB raised',
  (server) => {
    let admin: ApiClient;
    let seller: ApiClient;

    beforeAll(async () => {
      const username = uniqueName('tadm');
      await createUser(server(), { username, systemRole: 'admin' });
      admin = await loginAs(server(), username);
      const sellerName = uniqueName('tsel');
      await createUser(server(), { username: sellerName, systemRole: 'team_member' });
      seller = await loginAs(server(), sellerName);
    });

    it('tells the dialog the limit, accepts a file over 10 MB and refuses one over IMPORT_MAX_MB with its own message', async () => {
      await expect(trpcClientFor(admin).importJobs.limit.query()).resolves.toEqual({
        maxMb: 11,
        maxBytes: 11 * 1024 * 1024,
        tooLarge: 'El archivo debe ser menor a 11MB',
      });
      const tag = uniqueName('big').toLowerCase();
      const file = csvOfSize(10 * 1024 * 1024 + 1, tag);
      const rows = file.toString().split('\n').length - 1;
      const accepted = await admin.post('/api/import-jobs', upload(file));
      expect(accepted.status).toBe(201);
      // An estimate from the first rows' length: these rows differ only in their number's digits.
      expect(Math.abs(accepted.body.totalRowsEstimate - rows) / rows).toBeLessThan(0.1);
      const refused = await admin.post('/api/import-jobs', upload(csvOfSize(11 * 1024 * 1024 + 1, tag)));
      expect(refused.status).toBe(413);
      expect(refused.body.message).toBe('El archivo debe ser menor a 11MB');
    });

    it('starts, follows and lists a job; cancels one not started; refuses a team_member', async () => {
      const tag = uniqueName('t').toLowerCase();
      const trpc = trpcClientFor(admin);
      const created = await admin.post(
        '/api/import-jobs',
        upload(`Empresa,Rubro,Email\nBufete ${tag},abogado,bufete.${tag}@x.es\n,sin nombre,sin.${tag}@x.es\n`),
      );
      expect(created.status).toBe(201);
      const started = await trpc.importJobs.start.mutate({ id: created.body.id, groupName: `tRPC ${tag}`, assignedRoleId: null });
      expect(started).toMatchObject({ id: created.body.id, status: 'running', groupName: `tRPC ${tag}` });
      let state = started;
      while (state.status === 'running') state = await trpc.importJobs.byId.query({ id: created.body.id });
      expect(state).toMatchObject({ status: 'done', imported: 1, skipped: 1, errors: ['Fila 3: falta el nombre'] });
      expect(state.groupId).toEqual(expect.any(Number));
      const listed = await trpc.importJobs.list.query();
      expect(listed.find((job) => job.id === created.body.id)).toMatchObject({ status: 'done', imported: 1 });

      const other = await admin.post('/api/import-jobs', upload(`name,categoryName,email\nOtra ${tag},retail,otra.${tag}@x.es\n`));
      await expect(trpc.importJobs.cancel.mutate({ id: other.body.id })).resolves.toMatchObject({ status: 'cancelled' });
      const again = await trpcFailure(trpc.importJobs.start.mutate({ id: other.body.id, groupName: 'X', assignedRoleId: null }));
      expect(again.message).toBe('Esta importación ya se inició');

      const refused = await trpcFailure(trpcClientFor(seller).importJobs.byId.query({ id: created.body.id }));
      expect(refused.data?.code).toBe('FORBIDDEN');
      expect((await trpcFailure(trpcClientFor(seller).importJobs.limit.query())).data?.code).toBe('FORBIDDEN');
    });
  },
  { IMPORT_MAX_MB: '11' },
);
