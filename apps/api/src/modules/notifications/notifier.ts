/**
 * The causes' side of the notification centre. A write that notifies creates a `Notifier`,
 * records each notification inside its own transaction (so it is stored exactly when its cause
 * is), and publishes after commit:
 *
 *   const notes = new Notifier();
 *   await ctx.db.transaction().execute(async (trx) => { ...; await notes.leadsAssigned(trx, actorId, [leadId]); });
 *   await notes.publish(ctx);
 *
 * Each cause is one call here, so the modules that own the causes change by a line.
 */
import {
  countGroupLeadsByAssignee,
  type DbOrTrx,
  findActiveUserIdsByUsernames,
  asTemplateText,
  type ChatNotificationTexts,
  insertNotifications,
  linkGroupNotificationLeads,
  linkNotificationLeads,
  type LeadAssignee,
  listActiveUserRoles,
  listFollowUpsForReminder,
  listLeadAssignees,
  type NewNotification,
  type StoredNotification,
} from '@crm/db';
import { displayName, formatCount, mentionedUsernames, type User, toNotificationDto } from '@crm/domain';
import type { AppContext } from '../../context.js';
import { publishLiveEach } from '../../live/publish.js';

/** A notification shows the start of a message; the conversation has the rest. */
const EXCERPT_LENGTH = 140;

function excerpt(content: { text: string; attachment: boolean; lead: boolean }): string {
  const text = content.text.trim().replace(/\s+/g, ' ');
  if (!text) return content.attachment ? 'Archivo adjunto' : content.lead ? 'Lead compartido' : '';
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
}

/**
 * The key that gathers a conversation's 'new messages' notifications of one reader: the channel,
 * or the colleague who writes. A tab showing that conversation reports the same key (chat viewing).
 */
export function chatCollapseKey(conversation: { channelId: number } | { userId: number }): string {
  return 'channelId' in conversation ? `chat:channel:${conversation.channelId}` : `chat:user:${conversation.userId}`;
}

export class Notifier {
  private readonly stored: StoredNotification[] = [];

  /** Leads now assigned to someone other than `actorId` (who needs no telling): one notification per assignee. */
  async leadsAssigned(trx: DbOrTrx, actorId: number | null, leadIds: readonly number[]): Promise<void> {
    await this.assignmentsMade(trx, actorId, await listLeadAssignees(trx, leadIds));
  }

  /** As leadsAssigned, from the assignments a writer already has (a bulk batch's update answers them). */
  async assignmentsMade(trx: DbOrTrx, actorId: number | null, assigned: readonly LeadAssignee[]): Promise<void> {
    const byAssignee = new Map<number, { first: LeadAssignee; count: number }>();
    for (const lead of assigned) {
      if (lead.assignedTo === actorId) continue;
      const entry = byAssignee.get(lead.assignedTo);
      if (entry) entry.count += 1;
      else byAssignee.set(lead.assignedTo, { first: lead, count: 1 });
    }
    const stored = await this.store(
      trx,
      [...byAssignee].map(([userId, { first, count }]) => assignedRow(userId, count, first)),
    );
    // Each assignee has one notification here: it stands for exactly the leads they were given.
    const notificationOf = new Map(stored.map((notification) => [notification.userId, notification.id]));
    await linkNotificationLeads(
      trx,
      assigned.flatMap((lead) => {
        const notificationId = notificationOf.get(lead.assignedTo);
        return notificationId === undefined ? [] : [{ notificationId, leadId: lead.leadId }];
      }),
    );
  }

  /** Leads that arrived one by one and were handed out together (a web form's): each assignee hears of each lead by its name. */
  async eachLeadAssigned(trx: DbOrTrx, assigned: readonly LeadAssignee[]): Promise<void> {
    const stored = await this.store(
      trx,
      assigned.map((lead) => assignedRow(lead.assignedTo, 1, lead)),
    );
    await linkNotificationLeads(
      trx,
      stored.flatMap((notification) =>
        notification.leadId === null ? [] : [{ notificationId: notification.id, leadId: notification.leadId }],
      ),
    );
  }

  /** An import to a role went live: each member who got leads hears how many, and where. */
  async groupAssigned(trx: DbOrTrx, actorId: number, groupId: number, groupName: string): Promise<void> {
    const rows = (await countGroupLeadsByAssignee(trx, groupId))
      .filter((share) => share.assignedTo !== actorId)
      .map((share) => ({
        ...assignedRow(share.assignedTo, share.count, share),
        body: share.count === 1 ? share.name : `Del grupo ${groupName}`,
        group_id: share.count === 1 ? null : groupId,
      }));
    const stored = await this.store(trx, rows);
    await linkGroupNotificationLeads(
      trx,
      stored.map((notification) => notification.id),
      groupId,
    );
  }

  /** Reminders of follow-ups the reminder loop just claimed: one each, to the follow-up's owner. */
  async followUpsDue(trx: DbOrTrx, followUpIds: readonly number[]): Promise<void> {
    const followUps = await listFollowUpsForReminder(trx, followUpIds);
    await this.store(
      trx,
      followUps.map((followUp) => ({
        user_id: followUp.ownerId,
        kind: 'follow_up_due' as const,
        title: 'Seguimiento pendiente',
        body: followUp.note ? `${followUp.leadName}: ${followUp.note}` : followUp.leadName,
        lead_id: followUp.leadId,
        follow_up_id: followUp.id,
      })),
    );
  }

  /**
   * What a message will notify, worked out before its send (which writes these with the message,
   * and fills in the channel's name as it reads it): who the text mentions (only when it mentions
   * someone does this read the database) and the texts of the conversation's 'new messages' and
   * mention notifications.
   */
  async chatNotifications(
    db: DbOrTrx,
    sender: User,
    conversation: { channelId: number } | { receiverId: number },
    content: { text: string; attachment: boolean; lead: boolean },
  ): Promise<ChatNotificationTexts> {
    const from = displayName(sender);
    const text = excerpt(content);
    const mentionedIds = await findActiveUserIdsByUsernames(db, mentionedUsernames(content.text));
    const fromInTitle = asTemplateText(from);
    if ('receiverId' in conversation) {
      return {
        mentionedIds,
        conversation: { senderId: sender.id },
        streak: { title: `Mensajes nuevos de ${fromInTitle}`, body: text, collapseKey: chatCollapseKey({ userId: sender.id }) },
        mention: { title: `${fromInTitle} te mencionó`, body: text },
      };
    }
    const { channelId } = conversation;
    return {
      mentionedIds,
      conversation: { channelId },
      streak: { title: 'Mensajes nuevos en %s', body: `${from}: ${text}`, collapseKey: chatCollapseKey({ channelId }) },
      mention: { title: `${fromInTitle} te mencionó en %s`, body: text },
    };
  }

  /** Notifications its cause wrote in a statement of its own (a chat send): published with the rest. */
  storedElsewhere(notifications: readonly StoredNotification[]): void {
    this.stored.push(...notifications);
  }

  /** The owner's import went live (in its publishing transaction) or ended without leads. */
  async importFinished(
    trx: DbOrTrx,
    userId: number,
    outcome: { groupId: number; groupName: string; imported: number; updated: number } | { failure: string },
  ): Promise<void> {
    const row: NewNotification =
      'failure' in outcome
        ? { user_id: userId, kind: 'import_finished', title: 'La importación no se completó', body: outcome.failure }
        : {
            user_id: userId,
            kind: 'import_finished',
            title: 'Importación terminada',
            body: `${formatCount(outcome.imported, 'lead importado', 'leads importados')} en ${outcome.groupName}${
              outcome.updated > 0 ? ` y ${formatCount(outcome.updated, 'actualizado', 'actualizados')}` : ''
            }`,
            group_id: outcome.groupId,
          };
    await this.store(trx, [row]);
  }

  /** An endpoint failed for 24 hours and was paused: every active admin hears which one. */
  async webhookPaused(trx: DbOrTrx, endpoint: { url: string; description: string }): Promise<void> {
    const admins = (await listActiveUserRoles(trx)).filter((user) => user.systemRole === 'admin');
    const label = endpoint.description || endpoint.url;
    await this.store(
      trx,
      admins.map((admin) => ({
        user_id: admin.id,
        kind: 'webhook_paused' as const,
        title: 'Webhook pausado',
        body: `${label} falló durante 24 horas: revisa el receptor y reanúdalo en Configuración → Webhooks`,
      })),
    );
  }

  /** After the transaction committed: each notification to its owner's sessions on every replica. */
  async publish(ctx: Pick<AppContext, 'bus' | 'log'>): Promise<void> {
    await publishLiveEach(
      ctx,
      this.stored.splice(0).map((notification) => ({
        event: { type: 'notification', notification: toNotificationDto(notification) },
        to: { userIds: [notification.userId] },
      })),
    );
  }

  private async store(trx: DbOrTrx, rows: readonly NewNotification[]): Promise<StoredNotification[]> {
    const stored = await insertNotifications(trx, rows);
    this.stored.push(...stored);
    return stored;
  }
}

function assignedRow(userId: number, count: number, lead: { leadId: number; name: string }): NewNotification {
  return {
    user_id: userId,
    kind: 'lead_assigned',
    title: count === 1 ? 'Te asignaron un lead' : `Te asignaron ${formatCount(count, 'lead', 'leads')}`,
    body: count === 1 ? lead.name : `Entre ellos, ${lead.name}`,
    lead_id: lead.leadId,
    count,
  };
}
