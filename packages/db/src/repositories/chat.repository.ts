/** Team chat: messages between two users, contact summaries, unread counts, read receipts. */
import { type ChatContact, type ChatMessage, profileImageUrl } from '@crm/domain';
import { type Selectable, sql } from 'kysely';
import type { ChatMessagesTable } from '../tables/chat.table.js';
import type { DbOrTrx } from '../types.js';
import { whereSessionValid } from './sessions.repository.js';

export function toChatMessageDto(row: Selectable<ChatMessagesTable>): ChatMessage {
  return {
    id: row.id,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    message: row.message,
    createdAt: row.created_at,
    isRead: row.is_read,
  };
}

export async function findChatMessagesByIds(db: DbOrTrx, ids: readonly number[]): Promise<ChatMessage[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('chat_messages').selectAll().where('id', 'in', ids).orderBy('id').execute();
  return rows.map(toChatMessageDto);
}

/** Both directions of one conversation, oldest first. */
export async function listConversation(db: DbOrTrx, userId: number, otherId: number): Promise<ChatMessage[]> {
  const rows = await db
    .selectFrom('chat_messages')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('sender_id', '=', userId), eb('receiver_id', '=', otherId)]),
        eb.and([eb('sender_id', '=', otherId), eb('receiver_id', '=', userId)]),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map(toChatMessageDto);
}

/** Every message a user sent or received after `afterId`: what a reconnecting client missed. */
export async function listMessagesOfUserAfter(db: DbOrTrx, userId: number, afterId: number, limit: number): Promise<ChatMessage[]> {
  const rows = await db
    .selectFrom('chat_messages')
    .selectAll()
    .where('id', '>', afterId)
    .where((eb) => eb.or([eb('sender_id', '=', userId), eb('receiver_id', '=', userId)]))
    .orderBy('id')
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

/**
 * Stores a message if the sender's session is still valid, the receiver exists and the
 * sender is under the rate limit, in one statement (the hot path of every send). Returns the message with the receiver's names,
 * or undefined, after which the caller tells which rule refused it.
 */
export async function insertChatMessageWithinRate(
  db: DbOrTrx,
  values: { senderId: number; sessionId: string; receiverId: number; message: string; maxPerWindow: number; windowMs: number },
): Promise<{ message: ChatMessage; receiver: { firstName: string | null; lastName: string | null; username: string } } | undefined> {
  const result = await sql<Selectable<ChatMessagesTable> & { r_first_name: string | null; r_last_name: string | null; r_username: string }>`
    with receiver as (
      select id, first_name, last_name, username from users where id = ${values.receiverId} and deactivated_at is null
    ),
    stored as (
      insert into chat_messages (sender_id, receiver_id, message)
      select ${values.senderId}, receiver.id, ${values.message} from receiver
      where exists (${db
        .selectFrom('sessions')
        .select(sql`1`.as('one'))
        .where('id', '=', values.sessionId)
        .where('user_id', '=', values.senderId)
        .where(whereSessionValid)})
      and (
        select count(*) from chat_messages
        where sender_id = ${values.senderId} and created_at > now() - make_interval(secs => ${values.windowMs / 1000})
      ) < ${values.maxPerWindow}
      returning *
    )
    select stored.*, receiver.first_name as r_first_name, receiver.last_name as r_last_name, receiver.username as r_username
    from stored cross join receiver
  `.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    message: toChatMessageDto(row),
    receiver: { firstName: row.r_first_name, lastName: row.r_last_name, username: row.r_username },
  };
}

/**
 * Every other active user as a chat contact (the Chat screen's left column): those with a conversation first, newest
 * conversation first, each with its last message and how many of theirs the user has not
 * read; then the rest by name, without a message. A deactivated colleague stays only where
 * there is a conversation with them, so its history is still read under their name.
 */
export async function listChatContacts(db: DbOrTrx, userId: number): Promise<ChatContact[]> {
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
      where sender_id = ${userId} or receiver_id = ${userId}
      group by 1
    ),
    unread as (
      select sender_id as other_id, count(*)::int as unread_count
      from chat_messages
      where receiver_id = ${userId} and is_read = false
      group by sender_id
    )
    select u.id, u.first_name, u.last_name, u.username, u.system_role, p.etag as avatar_etag,
           m.message as last_message, m.sender_id as last_sender_id, m.created_at as last_created_at,
           coalesce(unread.unread_count, 0) as unread_count
    from users u
    left join latest on latest.other_id = u.id
    left join chat_messages m on m.id = latest.last_id
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
