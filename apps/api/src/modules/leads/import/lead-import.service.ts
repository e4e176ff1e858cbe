/**
 * 'Importar Leads' (docs/import-format.md): validates each row, skips duplicates (in the file and in the
 * database), and writes the group and its leads in batches inside ONE transaction, so a failure
 * leaves nothing behind.
 */
import {
  type DbOrTrx,
  type BulkLeadRow,
  customRoleExists,
  insertFreshLeads,
  insertLeadGroup,
  mergePendingSearchEntries,
  prepareBulkLeadImport,
  recordActivity,
} from '@crm/db';
import {
  DomainError,
  type ImportForm,
  type ImportResult,
  LEAD_LIMITS,
  LIMITS,
  type LeadCategory,
  emailSchema,
  leadEmailKey,
  leadPhoneKey,
  mapCategoryName,
} from '@crm/domain';
import { sql } from 'kysely';
import type { ServiceContext } from '../../../context.js';
import { requirePermission } from '../../../require-permission.js';
import { actorName } from '../leads.service.js';
import { type ImportColumn, detectDelimiter, mapHeader, readRecords } from './import-csv.js';
import type { ImportUpload } from './import-upload.js';

/** Rows per INSERT (one statement of twelve array parameters, whatever the size). */
const BATCH_SIZE = 2000;
/** Batches written (or queued on the connection) while the next is parsed. */
const MAX_WRITES_IN_FLIGHT = 2;
/** The answer lists this many row errors, then how many more there were. */
const MAX_ERROR_LINES = 100;
/** Serialises imports, so two files with the same lead cannot both insert it. */
const IMPORT_LOCK_KEY = 727_001;

export const ROLE_NOT_FOUND = 'El rol seleccionado no existe';
export const NO_DATA_ROWS = 'El archivo no tiene filas de datos';
export const NOTHING_IMPORTED = 'No se importó ningún lead: todas las filas tienen errores o están duplicadas';

interface RowError {
  row: number;
  message: string;
}

interface Candidate {
  row: number;
  lead: BulkLeadRow;
}

type Cells = Partial<Record<ImportColumn, string>>;

const FIELD_LIMITS: readonly [ImportColumn, number, string][] = [
  ['name', LIMITS.name, 'el nombre'],
  ['description', LIMITS.longText, 'la descripción'],
  ['phone', LEAD_LIMITS.phone, 'el teléfono'],
  ['address', LEAD_LIMITS.address, 'la dirección'],
  ['domain', LEAD_LIMITS.domain, 'el dominio'],
];

/** The row's problem in Spanish, or undefined when it can be imported. */
function rowProblem(cells: Cells): string | undefined {
  if (!cells.name) return 'falta el nombre';
  for (const [column, max, label] of FIELD_LIMITS) {
    if ((cells[column]?.length ?? 0) > max) return `${label} supera los ${max} caracteres`;
  }
  if (cells.email && !emailSchema.safeParse(cells.email).success) return `email inválido (${cells.email.slice(0, 80)})`;
  return undefined;
}

function cellsOf(record: readonly string[], mapping: Partial<Record<ImportColumn, number>>): Cells {
  const cells: Cells = {};
  for (const [column, index] of Object.entries(mapping) as [ImportColumn, number][]) {
    // A UTF-16 file may carry U+0000, which PostgreSQL text cannot store: it is dropped.
    const value = record[index]?.replace(/\u0000/g, '').trim();
    if (value) cells[column] = value;
  }
  return cells;
}

function csvProblem(error: unknown): DomainError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, lines } = error as { code?: unknown; lines?: unknown };
  if (typeof code !== 'string' || !code.startsWith('CSV_')) return undefined;
  const where = typeof lines === 'number' ? ` cerca de la línea ${lines}` : '';
  const reason = code === 'CSV_QUOTE_NOT_CLOSED' ? ': hay comillas sin cerrar' : '';
  return new DomainError('BAD_REQUEST', `El archivo CSV no es válido${where}${reason}`);
}

/** Carries the counters and the file-level duplicate sets through the streamed rows. */
class ImportRun {
  readonly errors: RowError[] = [];
  imported = 0;
  total = 0;
  private readonly seenEmails = new Set<string>();
  private readonly seenPhones = new Set<string>();
  private batch: Candidate[] = [];
  /**
   * Batches handed to the database while the next ones are parsed, oldest first. Two, so the
   * connection has the next statement queued the moment one ends, instead of waiting for the
   * parser to give the event loop back.
   */
  private readonly inFlight: Promise<void>[] = [];
  /** A file has a handful of distinct category names: map each once. */
  private readonly categories = new Map<string, LeadCategory>();

  constructor(
    private readonly trx: DbOrTrx,
    private readonly groupId: number,
    private readonly createdBy: number,
  ) {}

  async add(row: number, cells: Cells): Promise<void> {
    this.total += 1;
    const problem = rowProblem(cells);
    if (problem) return this.skip(row, problem);
    const emailKey = leadEmailKey(cells.email);
    const phoneKey = leadPhoneKey(cells.phone);
    if (emailKey && this.seenEmails.has(emailKey)) return this.skip(row, 'duplicado en el archivo (email repetido)');
    if (phoneKey && this.seenPhones.has(phoneKey)) return this.skip(row, 'duplicado en el archivo (teléfono repetido)');
    if (emailKey) this.seenEmails.add(emailKey);
    if (phoneKey) this.seenPhones.add(phoneKey);
    this.batch.push({
      row,
      lead: {
        name: cells.name ?? '',
        email: cells.email ?? null,
        phone: cells.phone ?? null,
        category: this.category(cells.categoryName ?? ''),
        description: cells.description ?? null,
        address: cells.address ?? null,
        domain: cells.domain ?? null,
        group_id: this.groupId,
        created_by: this.createdBy,
        email_key: emailKey,
        phone_key: phoneKey,
      },
    });
    if (this.batch.length >= BATCH_SIZE) await this.startWrite();
  }

  private category(raw: string): LeadCategory {
    let category = this.categories.get(raw);
    if (!category) {
      category = mapCategoryName(raw);
      this.categories.set(raw, category);
    }
    return category;
  }

  /** Starts writing this batch and returns, so parsing goes on meanwhile; first waits for the oldest write when two are under way. */
  private async startWrite(): Promise<void> {
    const batch = this.batch;
    this.batch = [];
    if (this.inFlight.length >= MAX_WRITES_IN_FLIGHT) await this.inFlight.shift();
    const write = this.write(batch);
    // Handled here so a failure waits for `finish` or a later batch instead of crashing the process.
    write.catch(() => undefined);
    this.inFlight.push(write);
  }

  /** Writes what is left and waits for every write, in order, so the first failure is the one reported. */
  async finish(): Promise<void> {
    await this.startWrite();
    for (let write = this.inFlight.shift(); write; write = this.inFlight.shift()) await write;
  }

  /** After a failure: lets the writes under way end before the transaction rolls back. */
  async settle(): Promise<void> {
    await Promise.all(this.inFlight.splice(0).map((write) => write.catch(() => undefined)));
  }

  private skip(row: number, message: string): void {
    this.errors.push({ row, message });
  }

  /** Inserts the batch's leads the database does not have yet; the others become row errors. */
  private async write(batch: readonly Candidate[]): Promise<void> {
    if (batch.length === 0) return;
    const leftOut = await insertFreshLeads(
      this.trx,
      batch.map((candidate) => candidate.lead),
    );
    for (const { index, matched } of leftOut) {
      const row = batch[index]?.row ?? 0;
      this.skip(row, matched === 'email' ? 'duplicado, ya existe un lead con ese email' : 'duplicado, ya existe un lead con ese teléfono');
    }
    this.imported += batch.length - leftOut.length;
  }

  errorLines(): string[] {
    const sorted = [...this.errors].sort((a, b) => a.row - b.row);
    const lines = sorted.slice(0, MAX_ERROR_LINES).map((error) => `Fila ${error.row}: ${error.message}`);
    if (sorted.length > MAX_ERROR_LINES) lines.push(`… y ${sorted.length - MAX_ERROR_LINES} errores más`);
    return lines;
  }
}

/**
 * The imported rows wait in the search index's pending list (searched too, but read in full by
 * every search); merging it right after the answer keeps searches quick without making the
 * importer wait. If it fails, autovacuum merges it later.
 */
function mergeSearchIndexInBackground(ctx: ServiceContext): void {
  mergePendingSearchEntries(ctx.db).catch((error: unknown) => {
    ctx.log.warn({ err: error }, 'No se pudo fusionar la lista pendiente del índice de búsqueda de leads');
  });
}

/**
 * Rows are numbered as a spreadsheet shows them: the header is Fila 1, the first lead Fila 2
 * (a quoted cell spanning lines is still one row).
 */
export async function importLeads(ctx: ServiceContext, upload: ImportUpload, form: ImportForm): Promise<ImportResult> {
  requirePermission(ctx, 'lead.manage');
  if (form.assignedRoleId !== null && !(await customRoleExists(ctx.db, form.assignedRoleId))) {
    throw new DomainError('BAD_REQUEST', ROLE_NOT_FOUND);
  }
  const delimiter = await detectDelimiter(upload.filePath, upload.encoding);
  try {
    const result = await ctx.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`.execute(trx);
      // PGlite (one process, no autovacuum) would never merge a large pending list: it merges as it goes.
      await prepareBulkLeadImport(trx, { deferSearchIndexMerge: ctx.dbKind === 'postgres' });
      const groupId = await insertLeadGroup(trx, {
        name: form.groupName,
        description: `Importado de ${upload.fileName || 'un archivo'}`.slice(0, LIMITS.longText),
        assignedRoleId: form.assignedRoleId,
        createdBy: ctx.viewer.user.id,
      });
      const run = new ImportRun(trx, groupId, ctx.viewer.user.id);
      let mapping: Partial<Record<ImportColumn, number>> | undefined;
      let row = 0;
      try {
        for await (const record of readRecords(upload.filePath, upload.encoding, delimiter)) {
          row += 1;
          if (!mapping) {
            mapping = mapHeader(record);
            continue;
          }
          // A blank line (or one of only delimiters) is no lead and no error.
          if (record.every((cell) => cell.trim() === '')) continue;
          await run.add(row, cellsOf(record, mapping));
        }
        if (!mapping) throw new DomainError('BAD_REQUEST', NO_DATA_ROWS);
        await run.finish();
      } catch (error) {
        await run.settle();
        throw error;
      }
      if (run.total === 0) throw new DomainError('BAD_REQUEST', NO_DATA_ROWS);
      const errors = run.errorLines();
      if (run.imported === 0) {
        throw new DomainError(
          'BAD_REQUEST',
          NOTHING_IMPORTED,
          errors.map((message) => ({ path: [], message })),
        );
      }
      await recordActivity(trx, {
        type: 'group_created',
        description: `${actorName(ctx)} importó ${run.imported} leads en el grupo ${form.groupName}`,
        userId: ctx.viewer.user.id,
      });
      return {
        imported: run.imported,
        skipped: run.total - run.imported,
        total: run.total,
        groupName: form.groupName,
        assignedRoleId: form.assignedRoleId,
        groupId,
        errors,
      };
    });
    if (ctx.dbKind === 'postgres') mergeSearchIndexInBackground(ctx);
    return result;
  } catch (error) {
    throw csvProblem(error) ?? error;
  }
}
