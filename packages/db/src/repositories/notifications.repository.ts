/** The notification centre's rows: written beside their cause, read and marked read by their owner only. */
import type { Notification, NotificationPreferences } from '@crm/domain';
import { type Insertable, type RawBuilder, type Selectable, sql } from 'kysely';
import type { NotificationsTable } from '../tables/notifications.table.js';
import type { DbOrTrx } from '../types.js';
import { isViewingSql } from './chat-viewing.repository.js';
import { anyInt } from './int-array.js';
import { type LeadReader, visibleLeadsCondition } from './lead-visibility.repository.js';

export type NewNotification = Insertable<NotificationsTable>;
export type NotificationRow = Selectable<NotificationsTable>;

function toNotification(row: NotificationRow): Notification & { userId: number } {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    leadId: row.lead_id,
    groupId: row.group_id,
    channelId: row.channel_id,
    senderId: row.sender_id,
    count: row.count,
    createdAt: new Date(row.created_at),
    readAt: row.read_at ? new Date(row.read_at) : null,
  };
}

export type StoredNotification = ReturnType<typeof toNotification>;

/**
 * Stores notifications; a row whose collapse key matches an unread one of the same user is
 * left out (that conversation already waits to be read). Answers what was stored.
 */
export async function insertNotifications(db: DbOrTrx, rows: readonly NewNotification[]): Promise<StoredNotification[]> {
  if (rows.length === 0) return [];
  const stored = await db
    .insertInto('notifications')
    .values([...rows])
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'collapse_key']).where('read_at', 'is', null).where('collapse_key', 'is not', null).doNothing(),
    )
    .returningAll()
    .execute();
  return stored.map(toNotification);
}

/** What a chat message notifies, worked out before its send: written by the send's own statement. */
export interface ChatNotificationTexts {
  /** Active users the text mentions: those who can read the conversation get a mention instead. */
  mentionedIds: readonly number[];
  conversation: { channelId: number } | { senderId: number };
  /**
   * The 'new messages' notification: one per unread streak of the conversation (its collapse key).
   * Titles are `format()` templates (see `asTemplateText`): `%s` stands for the channel's name.
   */
  streak: { title: string; body: string; collapseKey: string };
  mention: { title: string; body: string };
}

/**
 * The insert of a chat message's notifications, for the send's statement to run: `readers`
 * selects the ids of the conversation's people as the statement reads them (the sender among
 * them is left out), each with the channel's name (null one-to-one) for the titles. A mention
 * for each mentioned reader; for each other reader a 'new messages' notification, unless one of
 * that conversation is still unread (then nothing is written: the unread one stands for the
 * streak). Nothing for a reader whose open tab shows the conversation (chat-viewing.repository).
 * A few parameters whatever the audience's size. Returns the rows it stored;
 * `storedNotificationsOf` reads them from JSON.
 */
export function insertChatNotificationsSql(
  texts: ChatNotificationTexts,
  readers: RawBuilder<unknown>,
  senderId: number,
): RawBuilder<unknown> {
  const channelId = 'channelId' in texts.conversation ? texts.conversation.channelId : null;
  const conversationSenderId = 'senderId' in texts.conversation ? texts.conversation.senderId : null;
  const { streak, mention } = texts;
  return sql`
    insert into notifications (user_id, kind, title, body, channel_id, sender_id, collapse_key)
    select reader.user_id,
      case when reader.mentioned then 'mention' else 'chat_message' end,
      format(case when reader.mentioned then ${mention.title} else ${streak.title} end, reader.channel_name),
      case when reader.mentioned then ${mention.body} else ${streak.body} end,
      ${channelId}::integer, ${conversationSenderId}::integer,
      case when reader.mentioned then null else ${streak.collapseKey} end
    from (
      select distinct reader_id as user_id, reader_id = any(${[...texts.mentionedIds]}::int[]) as mentioned, channel_name
      from (${readers}) as readers(reader_id, channel_name)
      where reader_id <> ${senderId}
    ) as reader
    -- Someone with a tab showing this conversation reads the message there: no notification, mention or not.
    where not ${isViewingSql(sql.ref('reader.user_id'), streak.collapseKey)}
      and (reader.mentioned or not exists (
        select 1 from notifications unread
        where unread.user_id = reader.user_id and unread.collapse_key = ${streak.collapseKey} and unread.read_at is null
      ))
    -- The same order in every send: two sends to one channel wait on each other's rows, never in a cycle.
    order by reader.user_id
    on conflict (user_id, collapse_key) where read_at is null and collapse_key is not null do nothing
    returning *`;
}

/** Notification rows a statement returned as JSON (its dates as text). */
export function storedNotificationsOf(rows: readonly NotificationRow[]): StoredNotification[] {
  return rows.map(toNotification);
}

export async function findNotificationsByIds(db: DbOrTrx, ids: readonly number[]): Promise<StoredNotification[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('notifications')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(toNotification);
}

/** Newest first. */
export async function listNotificationsOf(
  db: DbOrTrx,
  userId: number,
  options: { unread?: boolean; limit: number; reader: LeadReader },
): Promise<StoredNotification[]> {
  let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
  // A notification about a lead they no longer see (assigned away since) is not shown.
  const visible = visibleLeadsCondition(options.reader);
  if (visible) {
    query = query.where((eb) =>
      eb.or([
        eb('notifications.lead_id', 'is', null),
        eb('notifications.lead_id', 'in', eb.selectFrom('leads').select('leads.id').where(visible)),
      ]),
    );
  }
  if (options.unread === true) query = query.where('read_at', 'is', null);
  if (options.unread === false) query = query.where('read_at', 'is not', null);
  const rows = await query.orderBy('id', 'desc').limit(options.limit).execute();
  return rows.map(toNotification);
}

export async function countUnreadNotifications(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Marks one of `userId`'s notifications read (idempotent); undefined when it is not theirs or does not exist. */
export async function markNotificationRead(db: DbOrTrx, userId: number, id: number): Promise<StoredNotification | undefined> {
  await db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
  const row = await db.selectFrom('notifications').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return row && toNotification(row);
}

/**
 * Marks read every unread notification of `userId`, or only those of one conversation (what
 * reading that conversation does). Answers the ids that changed.
 */
export async function markNotificationsRead(
  db: DbOrTrx,
  userId: number,
  scope: { all: true } | { channelId: number } | { senderId: number },
): Promise<number[]> {
  let query = db.updateTable('notifications').set({ read_at: new Date() }).where('user_id', '=', userId).where('read_at', 'is', null);
  if ('channelId' in scope) query = query.where('channel_id', '=', scope.channelId);
  if ('senderId' in scope) query = query.where('sender_id', '=', scope.senderId).where('channel_id', 'is', null);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

/** Active users by username (lowercased), for mentions. */
export async function findActiveUserIdsByUsernames(db: DbOrTrx, usernames: readonly string[]): Promise<number[]> {
  if (usernames.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), 'in', [...usernames]))
    .where('deactivated_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

/** A lead and whom it is assigned to now, as an assignment notification names it. */
export interface LeadAssignee {
  leadId: number;
  name: string;
  assignedTo: number;
}

/** The assignee and name of each of these leads that has one. */
export async function listLeadAssignees(db: DbOrTrx, leadIds: readonly number[]): Promise<LeadAssignee[]> {
  if (leadIds.length === 0) return [];
  const rows = await db
    .selectFrom('leads')
    .select(['id', 'name', 'assigned_to'])
    .where('id', '=', anyInt(leadIds))
    .where('assigned_to', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.assigned_to === null ? [] : [{ leadId: row.id, name: row.name, assignedTo: row.assigned_to }]));
}

/** How many of a group's leads each assignee got, with one lead of each (for a notification naming it). */
export async function countGroupLeadsByAssignee(
  db: DbOrTrx,
  groupId: number,
): Promise<{ assignedTo: number; count: number; leadId: number; name: string }[]> {
  const rows = await db
    .selectFrom('leads')
    .select((eb) => ['assigned_to', eb.fn.countAll<number>().as('count'), eb.fn.min('id').as('lead_id')])
    .where('group_id', '=', groupId)
    .where('assigned_to', 'is not', null)
    .groupBy('assigned_to')
    .execute();
  const firstIds = rows.map((row) => Number(row.lead_id));
  const names = new Map(
    firstIds.length === 0
      ? []
      : (await db.selectFrom('leads').select(['id', 'name']).where('id', 'in', firstIds).execute()).map((row) => [row.id, row.name]),
  );
  return rows.flatMap((row) =>
    row.assigned_to === null
      ? []
      : [
          {
            assignedTo: row.assigned_to,
            count: Number(row.count),
            leadId: Number(row.lead_id),
            name: names.get(Number(row.lead_id)) ?? '',
          },
        ],
  );
}

/** The follow-ups of these ids with their lead's name, for their reminders. */
export async function listFollowUpsForReminder(
  db: DbOrTrx,
  ids: readonly number[],
): Promise<{ id: number; ownerId: number; leadId: number; leadName: string; note: string | null }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('follow_ups as f')
    .innerJoin('leads as l', 'l.id', 'f.lead_id')
    .select(['f.id', 'f.owner_id', 'f.lead_id', 'l.name', 'f.note'])
    .where('f.id', 'in', [...ids])
    .execute();
  return rows.map((row) => ({ id: row.id, ownerId: row.owner_id, leadId: row.lead_id, leadName: row.name, note: row.note }));
}

export async function findNotificationPreferences(db: DbOrTrx, userId: number): Promise<NotificationPreferences | undefined> {
  const row = await db.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row && { emails: row.emails, chatSounds: row.chat_sounds, browser: row.browser };
}

export async function saveNotificationPreferences(db: DbOrTrx, userId: number, preferences: NotificationPreferences): Promise<void> {
  const values = { emails: preferences.emails, chat_sounds: preferences.chatSounds, browser: preferences.browser };
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
    .execute();
}

/** Records which leads each 'Te asignaron N leads' notification stands for, in one statement. */
export async function linkNotificationLeads(db: DbOrTrx, links: readonly { notificationId: number; leadId: number }[]): Promise<void> {
  if (links.length === 0) return;
  await sql`
    insert into notification_leads (notification_id, lead_id)
    select * from unnest(${links.map((link) => link.notificationId)}::int[], ${links.map((link) => link.leadId)}::int[])
    on conflict do nothing`.execute(db);
}

/** As linkNotificationLeads for an import to a role: each notification's reader's leads of the group. */
export async function linkGroupNotificationLeads(db: DbOrTrx, notificationIds: readonly number[], groupId: number): Promise<void> {
  if (notificationIds.length === 0) return;
  await sql`
    insert into notification_leads (notification_id, lead_id)
    select notifications.id, leads.id
    from notifications join leads on leads.assigned_to = notifications.user_id and leads.group_id = ${groupId}
    where notifications.id = ${anyInt(notificationIds)}
    on conflict do nothing`.execute(db);
}

/** Whose notification it is (undefined when there is none). */
export async function findNotificationOwner(db: DbOrTrx, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('notifications').select('user_id').where('id', '=', id).executeTakeFirst();
  return row?.user_id;
}
