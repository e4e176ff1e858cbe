/** Team chat: messages between two users, contact summaries, unread counts, read receipts. */
import { type ChatAttachment, type ChatContact, type ChatMessage, profileImageUrl } from '@crm/domain';
import { sql } from 'kysely';
import type { DbOrTrx } from '../types.js';
import { channelNameSql } from './chat-channels.repository.js';
import { type MessageRow, messagePreview, selectMessages } from './chat-message-select.js';
import {
  type ChatNotificationTexts,
  insertChatNotificationsSql,
  type NotificationRow,
  type StoredNotification,
  storedNotificationsOf,
} from './notifications.repository.js';
import { whereApiTokenValid } from './api-tokens.repository.js';
import { whereSessionValid } from './sessions.repository.js';
import { type LeadReader, findLeadReader, visibleLeads } from './lead-visibility.repository.js';

export function chatAttachmentUrl(id: number): string {
  return `/api/chat/attachments/${id}`;
}

/** The columns of a joined attachment (`a.*` selected as `a_*`), whichever message carries it. */
interface AttachmentColumns {
  attachment_id: number | null;
  a_kind: ChatAttachment['kind'] | null;
  a_name: string | null;
  a_type: string | null;
  a_size: number | string | null;
  a_width: number | null;
  a_height: number | null;
}

/** A message's attachment as the API returns it (chat and WhatsApp alike), or null without one. */
export function chatAttachmentOf(row: AttachmentColumns): ChatAttachment | null {
  if (row.attachment_id === null || row.a_kind === null) return null;
  return {
    id: row.attachment_id,
    kind: row.a_kind,
    name: row.a_name ?? '',
    contentType: row.a_type ?? '',
    size: Number(row.a_size),
    width: row.a_width,
    height: row.a_height,
    url: chatAttachmentUrl(row.attachment_id),
  };
}

function toChatMessageDto(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    channelId: row.channel_id,
    message: row.message,
    createdAt: row.created_at,
    isRead: row.is_read,
    attachment: chatAttachmentOf(row),
    lead: row.lead_id !== null && row.lead_name !== null ? { id: row.lead_id, name: row.lead_name } : null,
  };
}

export async function findChatMessagesByIds(db: DbOrTrx, ids: readonly number[], reader: LeadReader): Promise<ChatMessage[]> {
  if (ids.length === 0) return [];
  const rows = await selectMessages(db, reader).where('m.id', 'in', ids).orderBy('m.id').execute();
  return rows.map(toChatMessageDto);
}

/** Both directions of one conversation, oldest first. */
export async function listConversation(db: DbOrTrx, userId: number, otherId: number, reader: LeadReader): Promise<ChatMessage[]> {
  const rows = await selectMessages(db, reader)
    .where((eb) =>
      eb.or([
        eb.and([eb('m.sender_id', '=', userId), eb('m.receiver_id', '=', otherId)]),
        eb.and([eb('m.sender_id', '=', otherId), eb('m.receiver_id', '=', userId)]),
      ]),
    )
    .orderBy('m.id')
    .execute();
  return rows.map(toChatMessageDto);
}

/** A page of a channel, newest `limit` before `before` (all when absent), returned oldest first. */
export async function listChannelMessages(
  db: DbOrTrx,
  channelId: number,
  page: { before?: number | undefined; limit: number },
  reader: LeadReader,
): Promise<ChatMessage[]> {
  let query = selectMessages(db, reader).where('m.channel_id', '=', channelId);
  if (page.before !== undefined) query = query.where('m.id', '<', page.before);
  const rows = await query.orderBy('m.id', 'desc').limit(page.limit).execute();
  return rows.reverse().map(toChatMessageDto);
}

/**
 * Every message a user sent or received after `afterId`, those of the channels they belong to
 * now included: what a reconnecting client missed. A channel they left is not replayed.
 */
export async function listMessagesOfUserAfter(db: DbOrTrx, userId: number, afterId: number, limit: number): Promise<ChatMessage[]> {
  const rows = await selectMessages(db, await findLeadReader(db, userId))
    .where('m.id', '>', afterId)
    .where((eb) =>
      eb.or([
        eb('m.sender_id', '=', userId),
        eb('m.receiver_id', '=', userId),
        eb('m.channel_id', 'in', eb.selectFrom('chat_channel_membership').select('channel_id').where('user_id', '=', userId)),
      ]),
    )
    .orderBy('m.id')
    .limit(limit)
    .execute();
  return rows.map(toChatMessageDto);
}

/** Marks read the given messages `readerId` received and had not read; returns the ids it changed. */
export async function markMessagesRead(
  db: DbOrTrx,
  readerId: number,
  filter: { ids: readonly number[] } | { senderId: number },
): Promise<{ id: number; senderId: number }[]> {
  let query = db
    .updateTable('chat_messages')
    .set({ is_read: true, read_at: sql`now()` })
    .where('receiver_id', '=', readerId)
    .where('is_read', '=', false);
  if ('ids' in filter) {
    if (filter.ids.length === 0) return [];
    query = query.where('id', 'in', filter.ids);
  } else {
    query = query.where('sender_id', '=', filter.senderId);
  }
  const rows = await query.returning(['id', 'sender_id']).execute();
  return rows.map((row) => ({ id: row.id, senderId: row.sender_id })).sort((a, b) => a.id - b.id);
}

/** Whether `userId` is the receiver of message `id` (read or not). */
export async function isMessageReceivedBy(db: DbOrTrx, id: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('chat_messages').select('id').where('id', '=', id).where('receiver_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

export async function countUnreadMessages(db: DbOrTrx, receiverId: number): Promise<number> {
  const row = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('receiver_id', '=', receiverId)
    .where('is_read', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Where a message goes: one colleague, or a channel its sender belongs to. */
export type ChatTarget = { receiverId: number } | { channelId: number };

/** Text for a `format()` template, as it is: its % signs doubled (a name may hold one). */
export function asTemplateText(text: string): string {
  return text.replaceAll('%', '%%');
}

/** A session (its id) or an API token (its id). */
export type SenderCredential = { sessionId: string } | { apiTokenId: number };

function credentialStillValid(db: DbOrTrx, credential: SenderCredential, userId: number) {
  const one = sql`1`.as('one');
  return 'sessionId' in credential
    ? db.selectFrom('sessions').select(one).where('id', '=', credential.sessionId).where('user_id', '=', userId).where(whereSessionValid)
    : db
        .selectFrom('api_tokens')
        .select(one)
        .where('id', '=', credential.apiTokenId)
        .where('user_id', '=', userId)
        .where(whereApiTokenValid);
}

/**
 * Stores a message, its `message_sent` activity and its notifications if the sender's session (or
 * API token) is still valid, the target accepts it (an active receiver; a channel the sender belongs to), an
 * attachment is the sender's and unsent, and the sender is under the rate limit (counted over every
 * conversation), all in one statement: the hot path of every send. The sender's row of recent
 * send times is updated first and stays locked until the statement commits, so a second send of
 * the same person waits and counts this one (ON CONFLICT DO UPDATE rereads the row's latest
 * version); a refused send changes nothing. Returns the message (attachment and lead still to be
 * read when it carries them), who receives it (the two people, or the channel's members now) and
 * the notifications stored, or undefined, after which the caller tells which rule refused it.
 */
export async function insertChatMessageWithinRate(
  db: DbOrTrx,
  values: {
    senderId: number;
    /** What the sender signed in with: it must still be valid when the message is stored. */
    credential: SenderCredential;
    target: ChatTarget;
    message: string;
    attachmentId: number | null;
    leadId: number | null;
    maxPerWindow: number;
    windowMs: number;
    /** A `format()` template (see `asTemplateText`): `%s` stands for the channel's name, which the statement reads. */
    activityDescription: string;
    notifications: ChatNotificationTexts;
  },
): Promise<{ message: ChatMessage; audience: number[]; notifications: StoredNotification[] } | undefined> {
  const { senderId, attachmentId } = values;
  const target =
    'receiverId' in values.target
      ? sql`select id as receiver_id, null::integer as channel_id, array[${senderId}, id]::integer[] as audience,
              null::text as channel_name
            from users where id = ${values.target.receiverId} and deactivated_at is null`
      : sql`select null::integer as receiver_id, channel_id,
              array(select user_id from chat_channel_membership where channel_id = ${values.target.channelId})::integer[] as audience,
              ${channelNameSql(values.target.channelId)} as channel_name
            from chat_channel_membership where channel_id = ${values.target.channelId} and user_id = ${senderId}`;
  const window = sql`now() - make_interval(secs => ${values.windowMs / 1000})`;
  const result = await sql<{
    id: number;
    sender_id: number;
    receiver_id: number | null;
    channel_id: number | null;
    message: string;
    is_read: boolean;
    created_at: Date;
    audience: number[];
    notifications: NotificationRow[];
  }>`
    with target as (${target}),
    send_slot as (
      insert into chat_send_times as times (user_id, recent)
      select ${senderId}, array[now()] from target
      where exists (${credentialStillValid(db, values.credential, senderId)})
      and (${attachmentId}::integer is null or exists (
        select 1 from chat_attachments a
        where a.id = ${attachmentId} and a.uploader_id = ${senderId}
          and not exists (select 1 from chat_messages sent where sent.attachment_id = a.id)
      ))
      on conflict (user_id) do update
        set recent = array(select sent_at from unnest(times.recent) as sent_at where sent_at > ${window}) || now()
        where (select count(*) from unnest(times.recent) as sent_at where sent_at > ${window}) < ${values.maxPerWindow}
      returning user_id
    ),
    stored as (
      insert into chat_messages (sender_id, receiver_id, channel_id, message, attachment_id, lead_id)
      select ${senderId}, target.receiver_id, target.channel_id, ${values.message}, ${attachmentId}, ${values.leadId}
      from target, send_slot
      -- Two sends racing with one attachment: the second stores nothing (and is told it was sent).
      on conflict (attachment_id) do nothing
      returning id, sender_id, receiver_id, channel_id, message, is_read, created_at
    ),
    activity as (
      insert into activities (type, description, user_id)
      select 'message_sent', format(${values.activityDescription}, target.channel_name), sender_id from stored, target
    ),
    notified as (${insertChatNotificationsSql(
      values.notifications,
      sql`select unnest(target.audience), target.channel_name from target, stored`,
      senderId,
    )})
    select stored.*, target.audience, (select coalesce(json_agg(notified), '[]'::json) from notified) as notifications
    from stored, target
  `.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    message: {
      id: row.id,
      senderId: row.sender_id,
      receiverId: row.receiver_id,
      channelId: row.channel_id,
      message: row.message,
      createdAt: row.created_at,
      isRead: row.is_read,
      attachment: null,
      lead: null,
    },
    audience: row.audience.map(Number),
    notifications: storedNotificationsOf(row.notifications),
  };
}

/**
 * Every other active user as a chat contact (the Chat screen's left column): those with a conversation first, newest
 * conversation first, each with its last message and how many of theirs the user has not
 * read; then the rest by name, without a message. A deactivated colleague stays only where
 * there is a conversation with them, so its history is still read under their name.
 */
export async function listChatContacts(db: DbOrTrx, userId: number, reader: LeadReader): Promise<ChatContact[]> {
  const result = await sql<{
    id: number;
    first_name: string | null;
    last_name: string | null;
    username: string;
    system_role: ChatContact['role'];
    avatar_etag: string | null;
    last_message: string | null;
    last_sender_id: number | null;
    last_created_at: Date | null;
    unread_count: number;
  }>`
    with latest as (
      select case when sender_id = ${userId} then receiver_id else sender_id end as other_id, max(id) as last_id
      from chat_messages
      where channel_id is null and (sender_id = ${userId} or receiver_id = ${userId})
      group by 1
    ),
    unread as (
      select sender_id as other_id, count(*)::int as unread_count
      from chat_messages
      where receiver_id = ${userId} and is_read = false
      group by sender_id
    )
    select u.id, u.first_name, u.last_name, u.username, u.system_role, p.etag as avatar_etag,
           ${messagePreview('m.message', 'a.file_name', 'l.name')} as last_message, m.sender_id as last_sender_id, m.created_at as last_created_at,
           coalesce(unread.unread_count, 0) as unread_count
    from users u
    left join latest on latest.other_id = u.id
    left join chat_messages m on m.id = latest.last_id
    left join chat_attachments a on a.id = m.attachment_id
    left join leads l on l.id = m.lead_id and ${visibleLeads(reader, 'l')}
    left join profile_images p on p.user_id = u.id
    left join unread on unread.other_id = u.id
    where u.id <> ${userId} and (u.deactivated_at is null or latest.other_id is not null)
    order by m.id desc nulls last, u.first_name, u.last_name, u.id
  `.execute(db);
  return result.rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    username: row.username,
    profileImageUrl: profileImageUrl(row.id, row.avatar_etag),
    role: row.system_role,
    lastMessage:
      row.last_message !== null && row.last_sender_id !== null && row.last_created_at !== null
        ? { message: row.last_message, senderId: row.last_sender_id, createdAt: row.last_created_at }
        : null,
    unreadCount: Number(row.unread_count),
  }));
}

/** Everyone but the user, by name: whom a new chat can start with. */
export async function listChatCandidates(db: DbOrTrx, userId: number): Promise<ChatContact[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('profile_images', 'profile_images.user_id', 'users.id')
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.username', 'users.system_role', 'profile_images.etag'])
    .where('users.id', '!=', userId)
    .where('users.deactivated_at', 'is', null)
    .orderBy('users.first_name')
    .orderBy('users.last_name')
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    username: row.username,
    profileImageUrl: profileImageUrl(row.id, row.etag),
    role: row.system_role,
    lastMessage: null,
    unreadCount: 0,
  }));
}
