/** Conversation tracking ('Seguimiento de Conversación'): one record per lead; every role creates and updates (docs/leads.md). */
import {
  deleteTracking,
  findLeadRow,
  findTrackingByLeadId,
  findTrackingForUpdate,
  insertTracking,
  listTracking,
  recordLeadHistory,
  updateTracking,
} from '@crm/db';
import { CONFLICT_MESSAGES, DomainError, type TrackingForm, type TrackingRecord, type updateTrackingSchema } from '@crm/domain';
import type { z } from 'zod';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { LEAD_NOT_FOUND } from '../leads/lead-messages.js';

const TRACKING_NOT_FOUND = 'Seguimiento no encontrado';

type TrackingFields = Omit<TrackingRecord, 'id' | 'leadId'>;

/** The fields an update changes, old → new, for the lead's history. */
function changedFields(before: TrackingRecord, after: TrackingRecord): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const { id: _id, leadId: _leadId, ...fields } = after;
  for (const key of Object.keys(fields) as (keyof TrackingFields)[]) {
    if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}

export function listTrackingRecords(ctx: ServiceContext, leadIds?: readonly number[]): Promise<TrackingRecord[]> {
  requirePermission(ctx, 'lead.read');
  return listTracking(ctx.db, leadIds);
}

export async function createTracking(ctx: ServiceContext, input: TrackingForm): Promise<TrackingRecord> {
  requirePermission(ctx, 'lead.read');
  const { leadId, ...fields } = input;
  if (!(await findLeadRow(ctx.db, leadId))) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
  if (await findTrackingByLeadId(ctx.db, leadId)) throw new DomainError('CONFLICT', CONFLICT_MESSAGES.trackingExists);
  // Two 'Guardar' at once: the unique lead_id decides, the loser gets the same 409 (http/error-mapping.ts).
  return ctx.db.transaction().execute(async (trx) => {
    const record = await insertTracking(trx, leadId, fields, ctx.viewer.user.id);
    const { id: _id, leadId: _leadId, ...values } = record;
    await recordLeadHistory(trx, [{ leadId, type: 'tracking_created', actorId: ctx.viewer.user.id, changes: values }]);
    return record;
  });
}

export async function updateTrackingRecord(
  ctx: ServiceContext,
  id: number,
  input: z.output<typeof updateTrackingSchema>,
): Promise<TrackingRecord> {
  requirePermission(ctx, 'lead.read');
  return ctx.db.transaction().execute(async (trx) => {
    const before = await findTrackingForUpdate(trx, id);
    const record = before && (await updateTracking(trx, id, input));
    if (!before || !record) throw new DomainError('NOT_FOUND', TRACKING_NOT_FOUND);
    const changes = changedFields(before, record);
    if (Object.keys(changes).length > 0) {
      await recordLeadHistory(trx, [{ leadId: record.leadId, type: 'tracking_updated', actorId: ctx.viewer.user.id, changes }]);
    }
    return record;
  });
}

export async function deleteTrackingRecord(ctx: ServiceContext, id: number): Promise<{ id: number }> {
  requirePermission(ctx, 'lead.manage');
  await ctx.db.transaction().execute(async (trx) => {
    const record = await findTrackingForUpdate(trx, id);
    if (!record || !(await deleteTracking(trx, id))) throw new DomainError('NOT_FOUND', TRACKING_NOT_FOUND);
    await recordLeadHistory(trx, [{ leadId: record.leadId, type: 'tracking_deleted', actorId: ctx.viewer.user.id }]);
  });
  return { id };
}
