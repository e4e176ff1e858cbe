/** Conversation tracking ('Seguimiento de Conversación'): one record per lead; every role creates and updates (docs/leads.md). */
import { deleteTracking, findLeadRow, findTrackingByLeadId, insertTracking, listTracking, updateTracking } from '@crm/db';
import { DomainError, type TrackingForm, type TrackingRecord, type updateTrackingSchema } from '@crm/domain';
import type { z } from 'zod';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { LEAD_NOT_FOUND } from '../leads/leads.service.js';

const TRACKING_NOT_FOUND = 'Seguimiento no encontrado';
export const TRACKING_EXISTS = 'Este lead ya tiene un seguimiento registrado';

export function listTrackingRecords(ctx: ServiceContext, leadIds?: readonly number[]): Promise<TrackingRecord[]> {
  requirePermission(ctx, 'lead.read');
  return listTracking(ctx.db, leadIds);
}

export async function createTracking(ctx: ServiceContext, input: TrackingForm): Promise<TrackingRecord> {
  requirePermission(ctx, 'lead.read');
  const { leadId, ...fields } = input;
  if (!(await findLeadRow(ctx.db, leadId))) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
  if (await findTrackingByLeadId(ctx.db, leadId)) throw new DomainError('CONFLICT', TRACKING_EXISTS);
  // Two 'Guardar' at once: the unique lead_id decides, the loser gets the same 409 (http/error-mapping.ts).
  return insertTracking(ctx.db, leadId, fields, ctx.viewer.user.id);
}

export async function updateTrackingRecord(
  ctx: ServiceContext,
  id: number,
  input: z.output<typeof updateTrackingSchema>,
): Promise<TrackingRecord> {
  requirePermission(ctx, 'lead.read');
  const record = await updateTracking(ctx.db, id, input);
  if (!record) throw new DomainError('NOT_FOUND', TRACKING_NOT_FOUND);
  return record;
}

export async function deleteTrackingRecord(ctx: ServiceContext, id: number): Promise<{ id: number }> {
  requirePermission(ctx, 'lead.manage');
  if (!(await deleteTracking(ctx.db, id))) throw new DomainError('NOT_FOUND', TRACKING_NOT_FOUND);
  return { id };
}
