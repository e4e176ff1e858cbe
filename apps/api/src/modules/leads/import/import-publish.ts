/**
 * Publishing an import's staged rows in one transaction (import-staging.repository.ts for the SQL),
 * chunk by chunk as the worker commits them (import-stage.ts), so reading the file and saving its
 * rows overlap: each chunk's new leads are inserted in file order (the progress the screen shows),
 * the leads' unique key indexes skipping its duplicates; to update existing leads, the chunk's
 * repetitions of earlier rows and its matches with existing leads are decided first. Once the
 * file is all read: the updates of matched leads, the role's distribution, the activity, the
 * notifications and the job's end. Other users are not blocked meanwhile: they read the data as it
 * was until the commit. A lead being updated by the import is locked by its UPDATE until the
 * commit, so an edit of that lead waits for it; a lead created with a key the import is inserting
 * waits on the unique index, then one of the two is refused as a duplicate.
 */
import {
  type Db,
  type SkipReasons,
  addContactsOfMatchedRows,
  countAcceptedRows,
  deleteEmptyLeadGroup,
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
  stagedOutcome,
  updateMatchedLeads,
} from '@crm/db';
import { DomainError, LIMITS } from '@crm/domain';
import type { ServiceContext } from '../../../context.js';
import { actorName } from '../../activities/activities.service.js';
import { distributeLeads } from '../../distribution/distribution.service.js';
import { Notifier } from '../../notifications/notifier.js';
import { abandonImportJob } from './import-job-abandon.js';
import { NO_DATA_ROWS } from './import-source.js';
import { ImportCancelled, type ImportSettings, type StagedChunk, type Staging } from './import-stage.js';
import { toJobState } from './import-job-state.js';
import { emitWebhookEvent } from '../../webhooks/webhook-events.js';

export const NOTHING_IMPORTED = 'No se importó ningún lead: todas las filas tienen errores o están duplicadas';

const SKIP_REASONS: SkipReasons = {
  repeatedEmail: 'duplicado en el archivo (email repetido)',
  repeatedPhone: 'duplicado en el archivo (teléfono repetido)',
  existingEmail: 'duplicado, ya existe un lead con ese email',
  existingPhone: 'duplicado, ya existe un lead con ese teléfono',
};

/**
 * `transactionDb`: where the one transaction runs (the job's connection of its own, at background
 * priority); the progress and what follows the commit go through `ctx`.
 */
export async function publishStagedRows(
  ctx: ServiceContext,
  transactionDb: Db,
  job: { id: number; fileName: string },
  settings: ImportSettings,
  staging: Staging,
  onProgress: () => Promise<void>,
): Promise<void> {
  const userId = ctx.viewer.user.id;
  const notes = new Notifier();
  const first = await staging.nextChunk();
  if (!first) throw new DomainError('BAD_REQUEST', NO_DATA_ROWS);
  const outcome = await transactionDb.transaction().execute(async (trx) => {
    // Made with the first chunk that has rows to save; removed again if they all turn out duplicates.
    let groupId: number | null = null;
    const newLeadIds: number[] = [];
    for (let chunk: StagedChunk | null = first; chunk; chunk = await staging.nextChunk()) {
      if (await isImportCancelRequested(trx, job.id)) throw new ImportCancelled();
      // Skipping duplicates is the insert's own (the unique key indexes); updating needs the matches first.
      if (settings.onDuplicate === 'update') {
        await skipRepeatedRows(trx, job.id, chunk, SKIP_REASONS);
        await matchRowsToExistingLeads(trx, job.id, chunk);
      }
      if (groupId === null && (await countAcceptedRows(trx, job.id, chunk)) > 0) {
        groupId = await insertLeadGroup(trx, {
          name: settings.groupName,
          description: `Importado de ${job.fileName || 'un archivo'}`.slice(0, LIMITS.longText),
          assignedRoleId: settings.assignedRoleId,
          createdBy: userId,
        });
      }
      if (groupId !== null) {
        // What each imported lead's 'imported' entry says: which import created it ('creado por la importación …').
        const importedFrom = { jobId: job.id, groupId, groupName: settings.groupName, fileName: job.fileName };
        newLeadIds.push(
          ...(await insertNewLeadsOfRows(trx, { jobId: job.id, groupId, actorId: userId, importedFrom }, chunk, SKIP_REASONS)),
        );
      }
      // From outside the transaction, which does not lock the job's row until it finishes.
      await recordRowsSaved(ctx.db, job.id, chunk.rowsRead);
      await onProgress();
    }
    const progress = await stagedOutcome(trx, job.id);
    if (groupId === null || progress.imported + progress.updated === 0) {
      // Nothing written (every row had a problem or was a duplicate): no group is left, the skipped
      // rows are kept for errors.csv, and the job fails below.
      if (groupId !== null) await deleteEmptyLeadGroup(trx, groupId);
      await settleStagedRows(trx, job.id);
      return { published: false as const, progress };
    }
    const grown = (settings.customColumns ?? []).filter((column) => column.growOptions).map((column) => column.definition.id);
    await growImportedSelectOptions(trx, job.id, grown);
    if (settings.onDuplicate === 'update') {
      // After every chunk: where several rows match one lead, the file's last word is known only now.
      const matched = { jobId: job.id, actorId: userId, groupName: settings.groupName };
      await updateMatchedLeads(trx, matched);
      await addContactsOfMatchedRows(trx, matched);
    }
    // Importing to a role hands every new lead to one of its members, by the role's rule, in file order.
    if (settings.assignedRoleId !== null) await distributeLeads(trx, settings.assignedRoleId, newLeadIds, userId);
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
