/**
 * Publishing an import's staged rows in one transaction (import-staging.repository.ts for the SQL):
 * repeats within the file and matches with existing leads decided over the whole file, then the
 * group, the new leads by ranges of file rows (the progress the screen shows while saving), the
 * role's distribution, the activity, the notifications and the job's end. Other users are not
 * blocked meanwhile: they read the data as it was until the commit. A lead being updated by the
 * import is locked by its UPDATE until the commit, so an edit of that lead waits for it; a lead
 * created with a key the import is inserting waits on the unique index, then one of the two is
 * refused as a duplicate.
 */
import {
  type Db,
  type SkipReasons,
  addContactsOfMatchedRows,
  analyzeStagedRows,
  countAcceptedRows,
  findImportJob,
  finishImportJob,
  growImportedSelectOptions,
  insertLeadGroup,
  insertNewLeadsOfRows,
  isImportCancelRequested,
  matchRowsToExistingLeads,
  recordActivity,
  recordRowsSaved,
  settleStagedRows,
  skipRepeatedRows,
  skipRowsOfExistingLeads,
  stagedOutcome,
  stagedRowSpan,
  updateMatchedLeads,
} from '@crm/db';
import { LIMITS } from '@crm/domain';
import type { ServiceContext } from '../../../context.js';
import { actorName } from '../../activities/activities.service.js';
import { distributeLeads } from '../../distribution/distribution.service.js';
import { Notifier } from '../../notifications/notifier.js';
import { abandonImportJob } from './import-job-abandon.js';
import type { ImportSettings } from './import-stage.js';
import { toJobState } from './import-job-state.js';
import { emitWebhookEvent } from '../../webhooks/webhook-events.js';

export const NOTHING_IMPORTED = 'No se importó ningún lead: todas las filas tienen errores o están duplicadas';

const SKIP_REASONS: SkipReasons = {
  repeatedEmail: 'duplicado en el archivo (email repetido)',
  repeatedPhone: 'duplicado en el archivo (teléfono repetido)',
  existingEmail: 'duplicado, ya existe un lead con ese email',
  existingPhone: 'duplicado, ya existe un lead con ese teléfono',
};

/** File rows per insert statement: the saving progress moves once per range. */
const ROWS_PER_RANGE = 10_000;

/** A cancel asked while the job ran: the caller ends it as cancelled. */
export class ImportCancelled extends Error {
  constructor() {
    super('Importación cancelada');
  }
}

/**
 * `transactionDb`: where the one transaction runs (the job's connection of its own, at background
 * priority); the progress and what follows the commit go through `ctx`.
 */
export async function publishStagedRows(
  ctx: ServiceContext,
  transactionDb: Db,
  job: { id: number; fileName: string },
  settings: ImportSettings,
  onProgress: () => Promise<void>,
): Promise<void> {
  const userId = ctx.viewer.user.id;
  const notes = new Notifier();
  await analyzeStagedRows(transactionDb);
  const outcome = await transactionDb.transaction().execute(async (trx) => {
    await skipRepeatedRows(trx, job.id, SKIP_REASONS);
    if (settings.onDuplicate === 'update') await matchRowsToExistingLeads(trx, job.id);
    else await skipRowsOfExistingLeads(trx, job.id, SKIP_REASONS);
    if ((await countAcceptedRows(trx, job.id)) === 0) {
      // Nothing to write: the skipped rows are kept for errors.csv, and the job fails below.
      const progress = await stagedOutcome(trx, job.id);
      await settleStagedRows(trx, job.id);
      return { published: false as const, progress };
    }
    const groupId = await insertLeadGroup(trx, {
      name: settings.groupName,
      description: `Importado de ${job.fileName || 'un archivo'}`.slice(0, LIMITS.longText),
      assignedRoleId: settings.assignedRoleId,
      createdBy: userId,
    });
    const grown = (settings.customColumns ?? []).filter((column) => column.growOptions).map((column) => column.definition.id);
    await growImportedSelectOptions(trx, job.id, grown);
    if (settings.onDuplicate === 'update') {
      const matched = { jobId: job.id, actorId: userId, groupName: settings.groupName };
      await updateMatchedLeads(trx, matched);
      await addContactsOfMatchedRows(trx, matched);
    }
    // What each imported lead's 'imported' entry says: which import created it ('creado por la importación …').
    const importedFrom = { jobId: job.id, groupId, groupName: settings.groupName, fileName: job.fileName };
    const newLeadIds: number[] = [];
    const { rows, lastRow } = await stagedRowSpan(trx, job.id);
    await recordRowsSaved(ctx.db, job.id, 0);
    for (let fromRow = 0; fromRow <= lastRow; fromRow += ROWS_PER_RANGE) {
      if (await isImportCancelRequested(trx, job.id)) throw new ImportCancelled();
      const toRow = Math.min(lastRow, fromRow + ROWS_PER_RANGE - 1);
      const ids = await insertNewLeadsOfRows(
        trx,
        { jobId: job.id, groupId, actorId: userId, importedFrom },
        { fromRow, toRow },
        SKIP_REASONS,
      );
      newLeadIds.push(...ids);
      // From outside the transaction, which does not lock the job's row until it finishes.
      await recordRowsSaved(ctx.db, job.id, Math.round((rows * toRow) / lastRow));
      await onProgress();
    }
    // Importing to a role hands every new lead to one of its members, by the role's rule, in file order.
    if (settings.assignedRoleId !== null) await distributeLeads(trx, settings.assignedRoleId, newLeadIds, userId);
    const progress = await stagedOutcome(trx, job.id);
    await settleStagedRows(trx, job.id);
    const updated = progress.updated > 0 ? ` y actualizó ${progress.updated} existentes` : '';
    await recordActivity(trx, {
      type: 'group_created',
      description: `${actorName(ctx)} importó ${progress.imported} leads en el grupo ${settings.groupName}${updated}`,
      userId,
    });
    await notes.groupAssigned(trx, userId, groupId, settings.groupName);
    await notes.importFinished(trx, userId, { groupId, groupName: settings.groupName, ...progress });
    if (!(await finishImportJob(trx, job.id, groupId, progress))) throw new ImportCancelled();
    // One event for the whole import, not one per lead: the receiver reads the group's leads if it wants them.
    await emitWebhookEvent(ctx, trx, 'import.finished', async () => {
      const finished = await findImportJob(trx, job.id);
      return finished ? [{ leadId: null, data: await toJobState({ db: trx }, finished) }] : [];
    });
    return { published: true as const, progress };
  });
  if (!outcome.published) {
    await abandonImportJob(ctx, job.id, { status: 'failed', failure: NOTHING_IMPORTED, progress: outcome.progress });
    return;
  }
  await notes.publish(ctx);
}
