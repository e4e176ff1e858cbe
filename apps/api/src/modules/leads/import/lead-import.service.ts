/**
 * 'Importar Leads' (docs/import-format.md), the orchestration: reads the file's records, checks each row
 * (import-row.ts), hands the good ones to the batch writer (import-batch-writer.ts), and runs it
 * all in ONE import transaction, so a failure leaves nothing behind.
 */
import { customRoleExists, inLeadImportTransaction, insertLeadGroup, recordActivity } from '@crm/db';
import { DomainError, type ImportForm, type ImportResult, LIMITS } from '@crm/domain';
import type { ServiceContext } from '../../../context.js';
import { requirePermission } from '../../../require-permission.js';
import { actorName } from '../../activities/activities.service.js';
import { ImportBatchWriter } from './import-batch-writer.js';
import { type Delimiter, type ImportColumn, csvProblem, detectDelimiter, mapHeader, readRecords } from './import-csv.js';
import { checkImportRow, cellsOf } from './import-row.js';
import type { ImportUpload } from './import-upload.js';

export const ROLE_NOT_FOUND = 'El rol seleccionado no existe';
export const NO_DATA_ROWS = 'El archivo no tiene filas de datos';
export const NOTHING_IMPORTED = 'No se importó ningún lead: todas las filas tienen errores o están duplicadas';

/** Streams the file's records into the writer; answers false when the file has no header line. */
async function writeRecords(upload: ImportUpload, delimiter: Delimiter, writer: ImportBatchWriter): Promise<boolean> {
  let mapping: Partial<Record<ImportColumn, number>> | undefined;
  let row = 0;
  for await (const record of readRecords(upload.filePath, upload.encoding, delimiter)) {
    row += 1;
    if (!mapping) {
      mapping = mapHeader(record);
      continue;
    }
    // A blank line (or one of only delimiters) is no lead and no error.
    if (record.every((cell) => cell.trim() === '')) continue;
    const check = checkImportRow(cellsOf(record, mapping));
    if ('problem' in check) writer.skip(row, check.problem);
    else await writer.add(row, check.lead, check.categoryName);
  }
  return mapping !== undefined;
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
  const onMergeError = (error: unknown) =>
    ctx.log.warn({ err: error }, 'No se pudo fusionar la lista pendiente del índice de búsqueda de leads');
  try {
    return await inLeadImportTransaction(
      ctx.db,
      async (trx) => {
        const groupId = await insertLeadGroup(trx, {
          name: form.groupName,
          description: `Importado de ${upload.fileName || 'un archivo'}`.slice(0, LIMITS.longText),
          assignedRoleId: form.assignedRoleId,
          createdBy: ctx.viewer.user.id,
        });
        const writer = new ImportBatchWriter(trx, groupId, ctx.viewer.user.id);
        try {
          if (!(await writeRecords(upload, delimiter, writer))) throw new DomainError('BAD_REQUEST', NO_DATA_ROWS);
          await writer.finish();
        } catch (error) {
          await writer.settle();
          throw error;
        }
        if (writer.total === 0) throw new DomainError('BAD_REQUEST', NO_DATA_ROWS);
        const errors = writer.errorLines();
        if (writer.imported === 0) {
          throw new DomainError(
            'BAD_REQUEST',
            NOTHING_IMPORTED,
            errors.map((message) => ({ path: [], message })),
          );
        }
        await recordActivity(trx, {
          type: 'group_created',
          description: `${actorName(ctx)} importó ${writer.imported} leads en el grupo ${form.groupName}`,
          userId: ctx.viewer.user.id,
        });
        return {
          imported: writer.imported,
          skipped: writer.total - writer.imported,
          total: writer.total,
          groupName: form.groupName,
          assignedRoleId: form.assignedRoleId,
          groupId,
          errors,
        };
      },
      onMergeError,
    );
  } catch (error) {
    throw csvProblem(error) ?? error;
  }
}
