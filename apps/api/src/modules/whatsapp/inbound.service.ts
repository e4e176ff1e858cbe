/**
 * A webhook delivery, processed on the job queue (docs/whatsapp.md): each customer's message joins
 * the conversation of the lead with that WhatsApp id or phone (by the normalised key), or creates the
 * lead, hands it to the WhatsApp distribution rule and tells its new owner; Meta's statuses move our
 * messages forward only. A message is kept once by its wamid, so a retried delivery changes nothing.
 */
import {
  type DbOrTrx,
  UNIQUE_INDEXES,
  applyWhatsAppStatus,
  findDuplicateLead,
  findLeadIdByContactPhone,
  findLeadIdByWaId,
  EVERY_LEAD,
  findLeadListItem,
  insertLead,
  insertWhatsAppMessages,
  recordActivity,
  recordLeadHistory,
  refreshWhatsAppConversation,
  syncWhatsAppTracking,
  uniqueViolationOf,
} from '@crm/db';
import { leadPhoneKeys, normalizePhone } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { distributeLeads } from '../distribution/distribution.service.js';
import { announceLeadChanged } from '../leads/lead-changed.js';
import { Notifier } from '../notifications/notifier.js';
import { loadTeamSettings } from '../settings/team-settings.service.js';
import { type Delivery, type InboundMessage, failureReasonOf, mediaOf, storedMessageOf } from './webhook-payload.js';
import { fetchMediaJob } from './media.jobs.js';
import { announceWhatsAppMessages } from './whatsapp-live.js';
import type { WhatsAppConnection } from './settings.service.js';

/** What the lead history and the lead's source say about a lead a WhatsApp message created. */
const WHATSAPP_SOURCE = 'WhatsApp';

/** Statuses of messages we have not recorded yet (our send's answer is still on its way): the job tries again. */
class StatusesAhead extends Error {
  constructor(readonly count: number) {
    super(`${count} estados de WhatsApp de mensajes aún no registrados`);
  }
}

export async function processDelivery(ctx: AppContext, connection: WhatsAppConnection, delivery: Delivery): Promise<void> {
  // Another number of the same business account is another inbox: not ours.
  if (delivery.phoneNumberId !== null && delivery.phoneNumberId !== connection.phoneNumberId) return;
  for (const { message, profileName } of delivery.messages) await receiveMessage(ctx, connection, message, profileName);
  let ahead = 0;
  const changed: number[] = [];
  const { timeZone } = (await loadTeamSettings(ctx)).settings;
  for (const status of delivery.statuses) {
    const id = await ctx.db.transaction().execute(async (trx) => {
      const result = await applyWhatsAppStatus(trx, {
        waMessageId: status.id,
        status: status.status,
        failureReason: failureReasonOf(status),
      });
      if (typeof result === 'number') await syncTrackingOf(trx, result, timeZone);
      return result;
    });
    if (id === undefined) ahead += 1;
    else if (id !== null) changed.push(id);
  }
  await announceWhatsAppMessages(ctx, changed);
  if (ahead > 0) throw new StatusesAhead(ahead);
}

async function syncTrackingOf(trx: DbOrTrx, messageId: number, timeZone: string): Promise<void> {
  const row = await trx.selectFrom('whatsapp_messages').select('lead_id').where('id', '=', String(messageId)).executeTakeFirstOrThrow();
  await syncWhatsAppTracking(trx, row.lead_id, timeZone);
}

interface Received {
  leadId: number;
  created: boolean;
  messageId: number | null;
}

async function receiveMessage(ctx: AppContext, connection: WhatsAppConnection, message: InboundMessage, profileName: string | null) {
  const { country, timeZone } = (await loadTeamSettings(ctx)).settings;
  // Each try has its own notifications: those of a try that rolled back were never stored.
  let notes = new Notifier();
  const write = (trx: DbOrTrx) => {
    notes = new Notifier();
    return storeMessage(ctx, trx, { connection, message, profileName, country, timeZone, notes });
  };
  let received: Received;
  try {
    received = await ctx.db.transaction().execute(write);
  } catch (error) {
    // Two first messages of one new number at once: the lead's phone index lets one create it; the other finds it.
    if (uniqueViolationOf(error) !== UNIQUE_INDEXES.leadPhone) throw error;
    received = await ctx.db.transaction().execute(write);
  }
  if (received.created) {
    // The webhook acts for the team, not a person: it reads the lead it made whoever may see it.
    const lead = await findLeadListItem(ctx.db, received.leadId, EVERY_LEAD);
    if (lead) await announceLeadChanged(ctx, lead, 'created');
  }
  await notes.publish(ctx);
  if (received.messageId !== null) await announceWhatsAppMessages(ctx, [received.messageId]);
}

interface StoreCall {
  connection: WhatsAppConnection;
  message: InboundMessage;
  profileName: string | null;
  country: Parameters<typeof leadPhoneKeys>[1];
  timeZone: string;
  notes: Notifier;
}

async function storeMessage(ctx: AppContext, trx: DbOrTrx, call: StoreCall): Promise<Received> {
  const { message } = call;
  const phone = normalizePhone(`+${message.from}`, call.country) ?? `+${message.from}`;
  const phoneKeys = leadPhoneKeys(phone, call.country);
  // Its conversation, then a lead's phone, then a contact's phone or WhatsApp number.
  const known =
    (await findLeadIdByWaId(trx, message.from)) ??
    (await findDuplicateLead(trx, { emailKey: null, phoneKeys }))?.id ??
    (await findLeadIdByContactPhone(trx, phoneKeys));
  const leadId = known ?? (await createLead(trx, call, phone));
  const [stored] = await insertWhatsAppMessages(trx, [storedMessageOf(message, leadId, call.profileName)]);
  if (!stored) return { leadId, created: false, messageId: null };
  await refreshWhatsAppConversation(trx, leadId, { waId: message.from, unreadAdded: 1 });
  await syncWhatsAppTracking(trx, leadId, call.timeZone);
  // The file is fetched apart (Meta's URL, retries): the job commits with the message or not at all.
  if (mediaOf(message)) await ctx.jobs.enqueue(fetchMediaJob, { messageId: stored.id }, { within: trx });
  return { leadId, created: known === undefined, messageId: stored.id };
}

async function createLead(trx: DbOrTrx, call: StoreCall, phone: string): Promise<number> {
  const name = call.profileName?.trim() || phone;
  const leadId = await insertLead(trx, {
    name,
    email: null,
    phone,
    category: 'otros',
    description: null,
    address: null,
    domain: null,
    assigned_to: null,
    created_by: null,
  });
  await recordLeadHistory(trx, [{ leadId, type: 'created', actorId: null, changes: { source: WHATSAPP_SOURCE } }]);
  // Without a rule (or anyone available) the lead stays unassigned, for a manager to hand out.
  if (call.connection.distributionRoleId !== null) await distributeLeads(trx, call.connection.distributionRoleId, [leadId], null);
  await call.notes.leadsAssigned(trx, null, [leadId]);
  await recordActivity(trx, { type: 'lead_created', description: `Un mensaje de WhatsApp creó el lead ${name}`, leadId });
  return leadId;
}
