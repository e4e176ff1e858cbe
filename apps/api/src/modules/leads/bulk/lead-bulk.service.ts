/**
 * Bulk actions (docs/leads.md, 'Acciones masivas'): assign, 'Repartir' by a role's rule, change
 * status, move to a group, delete; over ids or every lead a filter matches. A status change follows
 * the rule of a single one (leadStatusReach in packages/domain): the update's own WHERE clause is
 * built from it, and the same rule names why the others were skipped; the rest is admin and manager.
 * The work runs in transactions of bounded batches, so none holds many rows' locks for long.
 */
import {
  type BulkLeadState,
  type LeadAssignee,
  bulkDelete,
  bulkSetAssignee,
  bulkSetGroup,
  bulkSetStatus,
  bulkSetCustomField,
  findUserById,
  groupAcceptsLeads,
  lockBulkBatch,
  recordLeadHistory,
} from '@crm/db';
import {
  DomainError,
  FORBIDDEN_MESSAGE,
  type LeadBulk,
  type LeadBulkResult,
  type LeadChange,
  type WebhookEventType,
  canBeMarkedContacted,
  can,
  leadStatusReach,
  leadStatusRefusal,
  formatCount,
  CUSTOM_FIELD_CHANGE_PREFIX,
  type CustomFieldValue,
  UNKNOWN_CUSTOM_FIELD,
} from '@crm/domain';
import type { ServiceContext } from '../../../context.js';
import { bulkChangeEntries } from '../../lead-history/lead-history.service.js';
import { requirePermission } from '../../../require-permission.js';
import { distributeLeads } from '../../distribution/distribution.service.js';
import { Notifier } from '../../notifications/notifier.js';
import { announceLeadsChanged } from '../lead-changed.js';
import { leadSight } from '../lead-sight.js';
import { filtersOf } from '../leads.service.js';
import { checkedCustomFields, leadFieldDefinitions } from '../../custom-fields/custom-fields.service.js';
import { emitLeadEvents } from '../../webhooks/webhook-events.js';
import { leadReaderOf } from '../lead-reader.js';
import { applyBulkTag, assertBulkTag, isTagAction } from './lead-bulk-tags.js';

/** Leads per transaction. */
const BATCH_SIZE = 5000;

/** The webhook event each action makes, one per changed lead, written in the batch's transaction. */
const WEBHOOK_EVENT = {
  assign: 'lead.assigned',
  distribute: 'lead.assigned',
  status: 'lead.status_changed',
  group: 'lead.updated',
  delete: 'lead.deleted',
  customField: 'lead.updated',
  addTag: 'lead.updated',
  removeTag: 'lead.updated',
} as const satisfies Record<LeadBulk['action'], WebhookEventType>;

/** The actions that can take leads out of someone's sight: their batches read who sees the leads before the change. */
const MOVES_SIGHT: ReadonlySet<LeadBulk['action']> = new Set(['assign', 'distribute', 'delete']);

/** What each action does to a lead, as the live event says it. */
const LIVE_CHANGE = {
  assign: 'assigned',
  distribute: 'assigned',
  status: 'updated',
  group: 'updated',
  delete: 'deleted',
  customField: 'updated',
  addTag: 'updated',
  removeTag: 'updated',
} as const satisfies Record<LeadBulk['action'], LeadChange>;

const REASONS = {
  notFound: 'no existe',
  notMarkable: 'ya no se puede marcar como contactado',
  unchanged: 'ya estaba así',
} as const;

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

type Outcome = { apply: number[]; skip: Map<string, number> };

function skipInto(skip: Map<string, number>, reason: string, count = 1): void {
  skip.set(reason, (skip.get(reason) ?? 0) + count);
}

/** Which leads of the batch the action changes, and why the others are left. */
function decide(ctx: ServiceContext, input: LeadBulk, leads: BulkLeadState[]): Outcome {
  const outcome: Outcome = { apply: [], skip: new Map() };
  for (const lead of leads) {
    let reason: string | undefined;
    if (input.action === 'status' && input.status) {
      const ownership = { assignedTo: lead.assigned_to, contactedBy: lead.contacted_by };
      const refusal = leadStatusRefusal(ctx.viewer.user, ownership, input.status, 'bulk');
      if (lead.status === input.status) reason = REASONS.unchanged;
      else if (refusal) reason = lowerFirst(refusal);
      else if (input.status === 'contactado' && !canBeMarkedContacted({ status: lead.status, contactedAt: lead.contacted_at }))
        reason = REASONS.notMarkable;
    } else if (input.action === 'assign' && lead.assigned_to === input.assignedTo) {
      reason = REASONS.unchanged;
    } else if (input.action === 'group' && lead.group_id === input.groupId) {
      reason = REASONS.unchanged;
    }
    if (reason) skipInto(outcome.skip, reason);
    else outcome.apply.push(lead.id);
  }
  return outcome;
}

async function checkTargets(ctx: ServiceContext, input: LeadBulk): Promise<void> {
  // Only the status may be moved by a Vendedor, lead by lead; every other action needs the permission
  // its single-lead form needs (deleting one lead asks for lead.delete, the rest for lead.manage).
  if (input.action === 'delete') requirePermission(ctx, 'lead.delete');
  else if (input.action !== 'status') requirePermission(ctx, 'lead.manage');
  if (input.action === 'assign' && input.assignedTo != null && !(await findUserById(ctx.db, input.assignedTo))) {
    throw new DomainError('BAD_REQUEST', 'El usuario asignado no existe');
  }
  if (input.action === 'group' && input.groupId != null && !(await groupAcceptsLeads(ctx.db, input.groupId))) {
    throw new DomainError('BAD_REQUEST', 'El grupo no existe');
  }
  if (isTagAction(input.action)) await assertBulkTag(ctx.db, input.tagId);
}

/** 'customField': the value checked as a single edit would check it (type, options, required). */
async function checkedBulkValue(
  ctx: ServiceContext,
  input: LeadBulk,
): Promise<{ key: string; value: CustomFieldValue | null } | undefined> {
  if (input.action !== 'customField' || !input.customField) return undefined;
  const { key, value } = input.customField;
  const definitions = await leadFieldDefinitions(ctx);
  const definition = definitions.find((field) => field.key === key && !field.archived);
  if (!definition) throw new DomainError('BAD_REQUEST', `${UNKNOWN_CUSTOM_FIELD}: ${key}`);
  const patch = checkedCustomFields(definitions, 'update', { [key]: value });
  return { key, value: patch[key] ?? null };
}

/** One batch in one transaction: lock, decide per lead, apply. Answers what it did and the last id read. */
async function runBatch(
  ctx: ServiceContext,
  input: LeadBulk,
  scope: Parameters<typeof lockBulkBatch>[1],
  custom: { key: string; value: CustomFieldValue | null } | undefined,
): Promise<{ read: BulkLeadState[]; updated: number; skip: Map<string, number>; changed: number[] }> {
  const notes = new Notifier();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const read = await lockBulkBatch(trx, scope);
    const sight = MOVES_SIGHT.has(input.action)
      ? await leadSight(
          trx,
          read.map((lead) => lead.id),
        )
      : undefined;
    const decided = decide(ctx, input, read);
    const { skip } = decided;
    let { apply } = decided;
    let assigned: LeadAssignee[] = [];
    if (input.action === 'assign') assigned = await bulkSetAssignee(trx, apply, input.assignedTo ?? null);
    if (input.action === 'group') await bulkSetGroup(trx, apply, input.groupId ?? null);
    if (custom) {
      const changed = await bulkSetCustomField(trx, apply, custom.key, custom.value);
      const unchanged = apply.length - changed.length;
      if (unchanged > 0) skipInto(skip, REASONS.unchanged, unchanged);
      apply = changed.map((lead) => lead.id);
      await recordLeadHistory(
        trx,
        changed.map((lead) => ({
          leadId: lead.id,
          type: 'edited' as const,
          actorId: ctx.viewer.user.id,
          changes: { [`${CUSTOM_FIELD_CHANGE_PREFIX}${custom.key}`]: { from: lead.from ?? null, to: custom.value } },
        })),
      );
    }
    if (isTagAction(input.action) && input.tagId !== undefined) {
      const tagged = await applyBulkTag(trx, ctx.viewer.user.id, input.action, input.tagId, apply);
      if (tagged.length < apply.length) skipInto(skip, REASONS.unchanged, apply.length - tagged.length);
      apply = tagged;
    }
    if (input.action === 'status' && input.status) {
      const reach = leadStatusReach(ctx.viewer.user, input.status, 'bulk');
      apply = await bulkSetStatus(trx, apply, { status: input.status, actorId: ctx.viewer.user.id, reach });
    }
    let updated = apply.length;
    if (input.action === 'delete') {
      // Before the delete: each event carries its lead as it was.
      await emitLeadEvents(ctx, trx, WEBHOOK_EVENT.delete, apply);
      await bulkDelete(trx, apply);
    }
    const applied = new Set(apply);
    const change = {
      assign: { assignedTo: input.assignedTo ?? null },
      group: { groupId: input.groupId ?? null },
      status: { status: input.status },
    } as const;
    if (input.action in change) {
      const changed = read.filter((lead) => applied.has(lead.id));
      await recordLeadHistory(trx, bulkChangeEntries(ctx.viewer.user.id, changed, change[input.action as keyof typeof change]));
    }
    if (input.action === 'distribute' && input.roleId !== undefined && apply.length > 0) {
      const distribution = await distributeLeads(trx, input.roleId, apply, ctx.viewer.user.id);
      assigned = distribution.assigned;
      if (distribution.refusal) {
        skipInto(skip, distribution.refusal, apply.length);
        updated = 0;
      }
    }
    await notes.assignmentsMade(trx, ctx.viewer.user.id, assigned);
    const changed = updated > 0 ? apply : [];
    if (input.action !== 'delete') await emitLeadEvents(ctx, trx, WEBHOOK_EVENT[input.action], changed);
    return { read, updated, skip, changed, sight };
  });
  await announceLeadsChanged(ctx, result.changed, LIVE_CHANGE[input.action], result.sight);
  await notes.publish(ctx);
  return result;
}

export async function runLeadBulk(ctx: ServiceContext, input: LeadBulk): Promise<LeadBulkResult> {
  if (!can(ctx.viewer.user, 'lead.read')) throw new DomainError('FORBIDDEN', FORBIDDEN_MESSAGE);
  await checkTargets(ctx, input);
  const custom = await checkedBulkValue(ctx, input);
  const skipped = new Map<string, number>();
  let updated = 0;
  const add = (batch: { updated: number; skip: Map<string, number> }) => {
    updated += batch.updated;
    for (const [reason, count] of batch.skip) skipInto(skipped, reason, count);
  };
  if (input.ids) {
    const ids = [...new Set(input.ids)].sort((a, b) => b - a);
    // A lead the caller may not see is one they could not change one by one: skipped as not found.
    const reader = await leadReaderOf(ctx);
    for (let start = 0; start < ids.length; start += BATCH_SIZE) {
      const chunk = ids.slice(start, start + BATCH_SIZE);
      const batch = await runBatch(ctx, input, { ids: chunk, reader }, custom);
      add(batch);
      if (batch.read.length < chunk.length) skipInto(skipped, REASONS.notFound, chunk.length - batch.read.length);
    }
  } else {
    const filters = await filtersOf(ctx, input.filter ?? {});
    let beforeId: number | null = null;
    for (;;) {
      const batch = await runBatch(ctx, input, { filters, beforeId, limit: BATCH_SIZE }, custom);
      add(batch);
      const last = batch.read.at(-1);
      if (!last || batch.read.length < BATCH_SIZE) break;
      beforeId = last.id;
    }
  }
  const skippedCount = [...skipped.values()].reduce((sum, count) => sum + count, 0);
  return {
    updated,
    skipped: skippedCount,
    errors: [...skipped].map(([reason, count]) => `${formatCount(count, 'lead', 'leads')}: ${reason}`),
  };
}
