import { leadEmailKey, leadPhoneKey, leadSearchText } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing.js';
import { uniqueViolationOf } from '../unique-violation.js';
import {
  type SkipReasons,
  type StagedImportRow,
  insertNewLeadsOfRows,
  matchRowsToExistingLeads,
  openImportRowsCopy,
  settleStagedRows,
  skipRepeatedRows,
  stagedOutcome,
  updateMatchedLeads,
} from './import-staging.repository.js';
import { insertImportJob, listImportJobRejects } from './import-jobs.repository.js';
import { insertLeadGroup } from './lead-groups.repository.js';
import { insertLead } from './leads.repository.js';
import { insertUser } from './users.repository.js';

/** Every row of the small files below as one range. */
const ALL_ROWS = { fromRow: 0, toRow: 1000 };

const REASONS: SkipReasons = {
  repeatedEmail: 'email repetido',
  repeatedPhone: 'teléfono repetido',
  existingEmail: 'ya existe (email)',
  existingPhone: 'ya existe (teléfono)',
};

function row(number: number, name: string, email: string | null = null, phone: string | null = null): StagedImportRow {
  return {
    row: number,
    cells: [name, email ?? '', phone ?? ''],
    lead: {
      name,
      email,
      phone,
      category: 'otros',
      description: null,
      address: null,
      domain: null,
      contact: null,
      customFields: {},
      emailKey: leadEmailKey(email),
      phoneKey: leadPhoneKey(phone),
      searchText: leadSearchText(name, email),
    },
  };
}

describe('import staging', () => {
  let database: TestDatabase;
  let userId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    userId = (
      await insertUser(database.db, { username: 'ana', email: 'ana@example.com', password_hash: 'x', first_name: 'Ana', last_name: 'P' })
    ).id;
  }, 60_000);

  afterAll(async () => {
    await database.drop();
  });

  async function stage(rows: readonly StagedImportRow[]): Promise<number> {
    const jobId = await insertImportJob(database.db, { createdBy: userId, fileName: 'a.csv', fileSize: 1, source: '{}', totalEstimate: 0 });
    const copy = await openImportRowsCopy({ url: database.url, embedded: false }, jobId);
    for (const staged of rows) await copy.write(staged);
    await copy.end();
    return jobId;
  }

  async function publishNew(jobId: number, lastRow: number): Promise<number[]> {
    const groupId = await insertLeadGroup(database.db, { name: `G${jobId}`, description: null, assignedRoleId: null, createdBy: userId });
    return insertNewLeadsOfRows(
      database.db,
      { jobId, groupId, actorId: userId, importedFrom: { jobId } },
      { fromRow: 0, toRow: lastRow },
      REASONS,
    );
  }

  it('copies every kind of text exactly: quotes, backslashes, tabs, line breaks, NULL as text, emoji, and problems', async () => {
    const awkward = ['Comillas "dobles" y \\ barra', '{llaves}, comas; y "NULL"', 'NULL', '\\N', 'línea\nnueva\tcon tab\r', 'ñandú 🦤'];
    const jobId = await stage([
      ...awkward.map((name, index) => row(index + 2, name)),
      { row: 20, cells: ['sin nombre', '\\N'], problem: 'falta el nombre' },
    ]);
    const ids = await publishNew(jobId, 20);
    const stored = await database.db.selectFrom('leads').select('name').where('id', 'in', ids).orderBy('id').execute();
    expect(stored.map((lead) => lead.name)).toEqual(awkward);
    await settleStagedRows(database.db, jobId);
    expect(await listImportJobRejects(database.db, jobId)).toEqual([{ row: 20, cells: ['sin nombre', '\\N'], reason: 'falta el nombre' }]);
    expect(await database.db.selectFrom('import_job_rows').select('row_number').where('job_id', '=', jobId).execute()).toEqual([]);
  });

  it('skips repetitions of kept rows only: a skipped row frees its other key, through chains', async () => {
    const jobId = await stage([
      row(2, 'Uno', 'uno@x.es', '600111001'),
      row(3, 'Repite email de Uno', 'UNO@x.es', '600111002'),
      row(4, 'Usa el teléfono del que se saltó', 'cuatro@x.es', '600111002'),
      row(5, 'Repite teléfono de Cuatro', null, '600 111 002'),
      row(6, 'Repite email de Cuatro', 'cuatro@x.es', '600111006'),
      row(7, 'Usa el teléfono de Seis', 'siete@x.es', '600111006'),
    ]);
    await skipRepeatedRows(database.db, jobId, ALL_ROWS, REASONS);
    const rows = await database.db
      .selectFrom('import_job_rows')
      .select(['row_number', 'problem'])
      .where('job_id', '=', jobId)
      .orderBy('row_number')
      .execute();
    expect(rows).toEqual([
      { row_number: 2, problem: null },
      { row_number: 3, problem: 'email repetido' },
      { row_number: 4, problem: null },
      { row_number: 5, problem: 'teléfono repetido' },
      { row_number: 6, problem: 'email repetido' },
      { row_number: 7, problem: null },
    ]);
  });

  async function reasons(jobId: number) {
    return database.db
      .selectFrom('import_job_rows')
      .select((eb) => ['row_number', eb.fn.coalesce('problem', 'conflict').as('reason')])
      .where('job_id', '=', jobId)
      .orderBy('row_number')
      .execute();
  }

  it('skips by the unique keys range after range as the whole file would: repetitions, chains, existing leads', async () => {
    await insertLead(database.db, { name: 'Ya estaba', category: 'otros', email: 'estaba@x.es' });
    const jobId = await stage([
      row(2, 'Uno', 'uno@x.es', '600222001'),
      row(3, 'Como el que ya estaba', 'ESTABA@x.es', '600222003'),
      row(4, 'Repite email de Uno', 'uno@x.es', '600222004'),
      row(5, 'Usa el teléfono del que se saltó', 'cinco@x.es', '600222004'),
      row(6, 'Repite el email del que ya estaba', 'estaba@x.es', '600222006'),
      row(7, 'Repite teléfono de Cinco', null, '600222004'),
      row(8, 'Usa el teléfono de Seis', 'ocho@x.es', '600222006'),
      row(9, 'Usa el teléfono de Tres, que ningún lead tiene', 'nueve@x.es', '600222003'),
      row(10, 'Repite email de Ocho y teléfono de Uno', 'ocho@x.es', '600222001'),
    ]);
    const groupId = await insertLeadGroup(database.db, { name: `R${jobId}`, description: null, assignedRoleId: null, createdBy: userId });
    for (const range of [
      { fromRow: 0, toRow: 3 },
      { fromRow: 4, toRow: 5 },
      { fromRow: 6, toRow: 10 },
    ]) {
      await insertNewLeadsOfRows(database.db, { jobId, groupId, actorId: userId, importedFrom: { jobId } }, range, REASONS);
    }
    expect(await reasons(jobId)).toEqual([
      { row_number: 2, reason: null },
      { row_number: 3, reason: 'ya existe (email)' },
      { row_number: 4, reason: 'email repetido' },
      { row_number: 5, reason: null },
      // The first row with this email was skipped for the lead that has it, yet it was the file's first.
      { row_number: 6, reason: 'email repetido' },
      { row_number: 7, reason: 'teléfono repetido' },
      { row_number: 8, reason: null },
      { row_number: 9, reason: null },
      { row_number: 10, reason: 'email repetido' },
    ]);
    const names = await database.db.selectFrom('leads').select('name').where('group_id', '=', groupId).orderBy('id').execute();
    expect(names.map((lead) => lead.name)).toEqual([
      'Uno',
      'Usa el teléfono del que se saltó',
      'Usa el teléfono de Seis',
      'Usa el teléfono de Tres, que ningún lead tiene',
    ]);
  });

  it('skips rows an existing lead has, by email first, and inserts the rest in file order', async () => {
    await insertLead(database.db, { name: 'Existe', category: 'otros', email: 'existe@x.es', phone: '+34 911 000 001' });
    const jobId = await stage([
      row(2, 'Nuevo B', 'b@x.es'),
      row(3, 'Mismo email', 'EXISTE@x.es', '699000000'),
      row(4, 'Mismo teléfono', 'otro@x.es', '+34911000001'),
      row(5, 'Nuevo A', 'a@x.es'),
    ]);
    const ids = await publishNew(jobId, 5);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const stored = await database.db.selectFrom('leads').select('name').where('id', 'in', ids).orderBy('id').execute();
    expect(stored.map((lead) => lead.name)).toEqual(['Nuevo B', 'Nuevo A']);
    expect(await stagedOutcome(database.db, jobId)).toEqual({ rowsRead: 4, imported: 2, updated: 0, skipped: 2 });
    await settleStagedRows(database.db, jobId);
    expect((await listImportJobRejects(database.db, jobId)).map((reject) => reject.reason)).toEqual([
      'ya existe (email)',
      'ya existe (teléfono)',
    ]);
  });

  it('counts a lead committed by someone else while the import publishes as a duplicate, not an error', async () => {
    const jobId = await stage([row(2, 'Carrera', 'carrera@x.es'), row(3, 'Sin carrera', 'libre@x.es')]);
    await skipRepeatedRows(database.db, jobId, ALL_ROWS, REASONS);
    await matchRowsToExistingLeads(database.db, jobId, ALL_ROWS);
    // After the matching ('Actualizar los existentes'), before the insert: another writer takes the email.
    await insertLead(database.db, { name: 'Llegó antes', category: 'otros', email: 'Carrera@x.es' });
    const ids = await publishNew(jobId, 3);
    expect(ids).toHaveLength(1);
    expect(await stagedOutcome(database.db, jobId)).toMatchObject({ imported: 1, skipped: 1 });
    expect((await reasons(jobId))[0]).toEqual({ row_number: 2, reason: 'ya existe (email)' });
  });

  it('updates a lead several rows match once, with the last row, and writes one history entry', async () => {
    const leadId = await insertLead(database.db, { name: 'Viejo', category: 'otros', email: 'viejo@x.es', phone: '+34 911 000 777' });
    const jobId = await stage([row(2, 'Por email', 'viejo@x.es'), row(3, 'Por teléfono', 'nuevo.email@x.es', '+34911000777')]);
    await skipRepeatedRows(database.db, jobId, ALL_ROWS, REASONS);
    await matchRowsToExistingLeads(database.db, jobId, ALL_ROWS);
    await updateMatchedLeads(database.db, { jobId, actorId: userId, groupName: 'G' });
    const lead = await database.db.selectFrom('leads').select(['name', 'email', 'search_text']).where('id', '=', leadId).executeTakeFirst();
    expect(lead).toEqual({ name: 'Por teléfono', email: 'nuevo.email@x.es', search_text: 'por telefono nuevo.email@x.es' });
    const history = await database.db.selectFrom('lead_history').select('type').where('lead_id', '=', leadId).execute();
    expect(history).toEqual([{ type: 'edited' }]);
    expect(await stagedOutcome(database.db, jobId)).toMatchObject({ updated: 2, skipped: 0 });
  });

  it('keeps emails and phones unique in the database itself', async () => {
    await insertLead(database.db, { name: 'Único', category: 'otros', email: 'unico@x.es', phone: '+34 911 000 999' });
    const refusal = (write: Promise<unknown>) => write.then(() => undefined, uniqueViolationOf);
    expect(await refusal(insertLead(database.db, { name: 'Copia', category: 'otros', email: ' UNICO@x.es' }))).toBe(
      'leads_email_key_unique',
    );
    expect(await refusal(insertLead(database.db, { name: 'Copia', category: 'otros', phone: '+34-911-000-999' }))).toBe(
      'leads_phone_key_unique',
    );
  });
});
