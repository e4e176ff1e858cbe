/**
 * 'Fusionar con…' (admin, manager; docs/leads.md, 'Fusionar'): the absorbed lead's tracking, notes,
 * follow-ups, history and every other row pointing at it move to the survivor, which takes the
 * chosen fields; the absorbed lead is deleted and a 'merged' entry says what came from where.
 * One transaction: a refusal or a failure changes nothing.
 */
import {
  type DbOrTrx,
  type LeadRow,
  deleteLeadRow,
  EVERY_LEAD,
  findLeadListItem,
  type LeadReader,
  findLeadRowForUpdate,
  moveLeadReferences,
  recordLeadHistory,
  updateLeadRow,
} from '@crm/db';
import { DomainError, type LeadListItem, type LeadMerge, type LeadMergeField } from '@crm/domain';
import type { ServiceContext } from '../../../context.js';
import { requirePermission } from '../../../require-permission.js';
import { announceLeadChanged, announceLeadDeleted } from '../lead-changed.js';
import { leadSight } from '../lead-sight.js';
import { assertNoDuplicateLead, refusingDuplicateRace } from '../lead-contact.js';
import { loadTeamSettings } from '../../settings/team-settings.service.js';
import { LEAD_NOT_FOUND } from '../lead-messages.js';
import { getLeadOrThrow } from '../leads.service.js';
import { emitWebhookEvent } from '../../webhooks/webhook-events.js';
import { leadReaderOf } from '../lead-reader.js';

const SELF_MERGE = 'Un lead no se puede fusionar consigo mismo';

/** The columns each field brings along (a status brings who marked it contacted and when it converted). */
const FIELD_COLUMNS = {
  name: ['name'],
  email: ['email'],
  phone: ['phone'],
  category: ['category'],
  description: ['description'],
  address: ['address'],
  domain: ['domain'],
  status: ['status', 'contacted_by', 'contacted_at', 'converted_at'],
  assignedTo: ['assigned_to'],
  groupId: ['group_id'],
} as const satisfies Record<LeadMergeField, readonly (keyof LeadRow)[]>;

type TakenColumns = Partial<Pick<LeadRow, (typeof FIELD_COLUMNS)[LeadMergeField][number]>>;

/** The survivor's new column values and the history's { field: { from, to } } for each field taken from the other lead. */
function takenFields(survivor: LeadRow, absorbed: LeadRow, fields: LeadMerge['fields']) {
  const columns: Record<string, unknown> = {};
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, side] of Object.entries(fields) as [LeadMergeField, string | undefined][]) {
    if (side !== 'other') continue;
    const [main, ...along] = FIELD_COLUMNS[field];
    if (survivor[main] === absorbed[main] && along.every((column) => survivor[column] === absorbed[column])) continue;
    for (const column of FIELD_COLUMNS[field]) columns[column] = absorbed[column];
    changes[field] = { from: survivor[main], to: absorbed[main] };
  }
  return { columns: columns as TakenColumns, changes };
}

/** Both rows locked in id order, so two merges of the same pair wait for each other instead of deadlocking. */
async function lockPair(
  trx: DbOrTrx,
  reader: LeadReader,
  survivorId: number,
  absorbedId: number,
): Promise<{ survivor: LeadRow; absorbed: LeadRow }> {
  const rows = new Map<number, LeadRow>();
  for (const id of [survivorId, absorbedId].sort((a, b) => a - b)) {
    const row = await findLeadRowForUpdate(trx, id, reader);
    if (!row) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
    rows.set(id, row);
  }
  return { survivor: rows.get(survivorId) as LeadRow, absorbed: rows.get(absorbedId) as LeadRow };
}

export async function mergeLeads(ctx: ServiceContext, survivorId: number, input: LeadMerge): Promise<LeadListItem> {
  requirePermission(ctx, 'lead.manage');
  if (survivorId === input.otherId) throw new DomainError('BAD_REQUEST', SELF_MERGE);
  const { country } = (await loadTeamSettings(ctx)).settings;
  // The survivor's own keys never clash with it; a race can only be with a third lead, named by the 409.
  const race = { email: undefined, phone: undefined, exceptId: survivorId };
  const reader = await leadReaderOf(ctx);
  const { survivor, absorbed, sight } = await refusingDuplicateRace(country, ctx.db, race, () =>
    ctx.db.transaction().execute(async (trx) => {
      const pair = await lockPair(trx, reader, survivorId, input.otherId);
      // The survivor may take the other's assignee, and the other goes: both may leave someone's sight.
      const sight = await leadSight(trx, [survivorId, input.otherId]);
      const taken = takenFields(pair.survivor, pair.absorbed, input.fields);
      const moved = await moveLeadReferences(trx, pair.absorbed.id, pair.survivor.id);
      await deleteLeadRow(trx, pair.absorbed.id);
      // The absorbed lead is gone: an email or phone taken from it may only clash with a third lead.
      if (taken.columns.email != null || taken.columns.phone != null) {
        await assertNoDuplicateLead(country, trx, { email: taken.columns.email, phone: taken.columns.phone, exceptId: pair.survivor.id });
      }
      await updateLeadRow(trx, pair.survivor, taken.columns);
      await recordLeadHistory(trx, [
        {
          leadId: pair.survivor.id,
          type: 'merged',
          actorId: ctx.viewer.user.id,
          changes: { mergedLead: { id: pair.absorbed.id, name: pair.absorbed.name }, ...taken.changes, moved },
        },
      ]);
      await emitWebhookEvent(ctx, trx, 'lead.merged', async () => {
        const lead = await findLeadListItem(trx, pair.survivor.id, EVERY_LEAD);
        return lead ? [{ leadId: lead.id, data: { lead, absorbedLead: { id: pair.absorbed.id, name: pair.absorbed.name } } }] : [];
      });
      return { survivor: { ...pair.survivor, ...taken.columns }, absorbed: pair.absorbed, sight };
    }),
  );
  await announceLeadDeleted(ctx, absorbed.id, absorbed.status, sight);
  const merged = await getLeadOrThrow(ctx, survivor.id);
  await announceLeadChanged(ctx, merged, 'updated', sight);
  return merged;
}
