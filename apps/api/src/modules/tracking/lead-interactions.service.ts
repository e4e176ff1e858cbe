/**
 * 'Registrar llamada' / 'Registrar mensaje' (docs/leads.md, 'Llamadas y mensajes'): every role may
 * record them, as with tracking. One transaction writes the history entry and moves the counters,
 * so nobody types a count by hand; 'today' is the team's.
 */
import { EVERY_LEAD, addToTrackingCounters, findLeadListItem, findLeadRowForUpdate, recordLeadHistory } from '@crm/db';
import { DomainError, type LogInteraction, type TrackingRecord, interactionEffect, toIsoDate } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import { requirePermission } from '../../require-permission.js';
import { announceLeadChanged } from '../leads/lead-changed.js';
import { LEAD_NOT_FOUND } from '../leads/lead-messages.js';
import { loadTeamSettings } from '../settings/team-settings.service.js';
import { leadReaderOf } from '../leads/lead-reader.js';

export async function logLeadInteraction(ctx: ServiceContext, leadId: number, interaction: LogInteraction): Promise<TrackingRecord> {
  requirePermission(ctx, 'lead.read');
  const { timeZone } = (await loadTeamSettings(ctx)).settings;
  const effect = interactionEffect(interaction);
  const reader = await leadReaderOf(ctx);
  const record = await ctx.db.transaction().execute(async (trx) => {
    // The lead's row lock: a lead deleted meanwhile is a 404, not a foreign-key 500.
    const lead = await findLeadRowForUpdate(trx, leadId, reader);
    if (!lead) throw new DomainError('NOT_FOUND', LEAD_NOT_FOUND);
    const written = await addToTrackingCounters(
      trx,
      leadId,
      { ...effect, contactDate: toIsoDate(new Date(), timeZone) },
      ctx.viewer.user.id,
    );
    await recordLeadHistory(trx, [
      {
        leadId,
        type: interaction.kind === 'call' ? 'call_logged' : interaction.kind,
        actorId: ctx.viewer.user.id,
        changes: { ...(interaction.kind === 'call' ? { outcome: interaction.outcome } : {}), note: interaction.note },
      },
    ]);
    return written;
  });
  // Its tracking counters are part of the list item the event carries (none if it was deleted meanwhile).
  const lead = await findLeadListItem(ctx.db, leadId, EVERY_LEAD);
  if (lead) await announceLeadChanged(ctx, lead, 'updated');
  return record;
}
