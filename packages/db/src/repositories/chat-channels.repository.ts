/** Team conversations: the channels a user belongs to, their members and how far each has read. */
import { type ChatChannelMember, type ChannelKind, profileImageUrl } from '@crm/domain';
import { type RawBuilder, sql } from 'kysely';
import type { DbOrTrx } from '../types.js';
import type { LeadReader } from './lead-visibility.repository.js';
import { messagePreview, selectMessages } from './chat-message-select.js';

export interface ChannelSummary {
  id: number;
  kind: ChannelKind;
  name: string;
  createdBy: number | null;
  memberCount: number;
  unreadCount: number;
  lastMessage: { message: string; senderId: number; createdAt: Date } | null;
}

export interface ChannelRecord {
  id: number;
  kind: ChannelKind;
  name: string;
  createdBy: number | null;
}

/** A channel's shown name: General, the role's display name, the team's name, or the group's own. */
const channelName = sql<string>`case c.kind
  when 'general' then 'General'
  when 'role' then coalesce(r.display_name, 'Especialización')
  when 'team' then coalesce(tm.name, 'Equipo')
  else coalesce(c.name, 'Grupo') end`;

/**
 * Creates the channels that exist by rule and are still missing: one per custom role, one per
 * team (General exists from the migration on). Idempotent and cheap.
 */
export async function ensureAutomaticChannels(db: DbOrTrx): Promise<void> {
  await sql`insert into chat_channels (kind, custom_role_id) select 'role', id from custom_roles
            on conflict (custom_role_id) do nothing`.execute(db);
  await sql`insert into chat_channels (kind, team_id) select 'team', id from teams on conflict (team_id) do nothing`.execute(db);
}

/** The channels `userId` belongs to now, the most recently active first, each with its unread count and last message. */
export async function listChannelsOf(db: DbOrTrx, userId: number, reader: LeadReader): Promise<ChannelSummary[]> {
  const { rows } = await sql<{
    id: number;
    kind: ChannelKind;
    name: string;
    created_by: number | null;
    member_count: number;
    unread_count: number;
    last_id: number | null;
    last_message: string | null;
    last_sender_id: number | null;
    last_created_at: Date | null;
  }>`
    select c.id, c.kind, ${channelName} as name, c.created_by,
      (select count(*) from chat_channel_membership mm where mm.channel_id = c.id)::int as member_count,
      (select count(*) from chat_messages um
        where um.channel_id = c.id and um.sender_id <> ${userId} and um.id > coalesce(rd.last_read_message_id, 0))::int as unread_count,
      lm.id as last_id, lm.sender_id as last_sender_id, lm.created_at as last_created_at,
      ${messagePreview('lm.message', 'lm.a_name', 'lm.lead_name')} as last_message
    from chat_channel_membership mine
    join chat_channels c on c.id = mine.channel_id
    left join custom_roles r on r.id = c.custom_role_id
    left join teams tm on tm.id = c.team_id
    left join chat_channel_reads rd on rd.channel_id = c.id and rd.user_id = ${userId}
    left join lateral (
      ${selectMessages(db, reader).where('m.channel_id', '=', sql.ref<number>('c.id')).orderBy('m.id', 'desc').limit(1)}
    ) lm on true
    where mine.user_id = ${userId}
    order by c.kind = 'general' desc, lm.id desc nulls last, c.id
  `.execute(db);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    createdBy: row.created_by,
    memberCount: Number(row.member_count),
    unreadCount: Number(row.unread_count),
    lastMessage:
      row.last_id !== null && row.last_sender_id !== null && row.last_created_at !== null
        ? { message: row.last_message ?? '', senderId: row.last_sender_id, createdAt: row.last_created_at }
        : null,
  }));
}

/** The channels with what their shown name is read from (aliases c, r, tm). */
const channelsWithNames = sql`chat_channels c
    left join custom_roles r on r.id = c.custom_role_id
    left join teams tm on tm.id = c.team_id`;

/** A channel's shown name as a scalar subquery, for a statement that needs it without a read of its own. */
export function channelNameSql(channelId: number): RawBuilder<string> {
  return sql<string>`(select ${channelName} from ${channelsWithNames} where c.id = ${channelId})`;
}

export async function findChannel(db: DbOrTrx, channelId: number): Promise<ChannelRecord | undefined> {
  const { rows } = await sql<{ id: number; kind: ChannelKind; name: string; created_by: number | null }>`
    select c.id, c.kind, ${channelName} as name, c.created_by
    from ${channelsWithNames}
    where c.id = ${channelId}
  `.execute(db);
  const row = rows[0];
  return row && { id: row.id, kind: row.kind, name: row.name, createdBy: row.created_by };
}

export async function isChannelMember(db: DbOrTrx, channelId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('chat_channel_membership')
    .select('user_id')
    .where('channel_id', '=', channelId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Who receives what is posted in the channel now. */
export async function listChannelMemberIds(db: DbOrTrx, channelId: number): Promise<number[]> {
  const rows = await db.selectFrom('chat_channel_membership').select('user_id').where('channel_id', '=', channelId).execute();
  return rows.map((row) => row.user_id);
}

/** The members by name, each with the last message they have read (0: none). */
export async function listChannelMembers(db: DbOrTrx, channelId: number): Promise<ChatChannelMember[]> {
  const rows = await db
    .selectFrom('chat_channel_membership as mm')
    .innerJoin('users as u', 'u.id', 'mm.user_id')
    .leftJoin('profile_images as p', 'p.user_id', 'u.id')
    .leftJoin('chat_channel_reads as rd', (join) =>
      join.onRef('rd.channel_id', '=', 'mm.channel_id').onRef('rd.user_id', '=', 'mm.user_id'),
    )
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.username', 'p.etag', 'rd.last_read_message_id'])
    .where('mm.channel_id', '=', channelId)
    .orderBy('u.first_name')
    .orderBy('u.last_name')
    .orderBy('u.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    username: row.username,
    profileImageUrl: profileImageUrl(row.id, row.etag),
    lastReadMessageId: row.last_read_message_id ?? 0,
  }));
}

/** How many of `ids` are active users. */
export async function countActiveUsers(db: DbOrTrx, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('id', 'in', ids)
    .where('deactivated_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertGroupChannel(db: DbOrTrx, values: { name: string; createdBy: number }): Promise<number> {
  const row = await db
    .insertInto('chat_channels')
    .values({ kind: 'group', name: values.name, created_by: values.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function renameGroupChannel(db: DbOrTrx, channelId: number, name: string): Promise<void> {
  await db.updateTable('chat_channels').set({ name, updated_at: new Date() }).where('id', '=', channelId).execute();
}

/** Makes the group's stored members exactly `memberIds`; returns who left. */
export async function replaceGroupMembers(db: DbOrTrx, channelId: number, memberIds: readonly number[]): Promise<number[]> {
  let removal = db.deleteFrom('chat_channel_members').where('channel_id', '=', channelId);
  if (memberIds.length > 0) removal = removal.where('user_id', 'not in', memberIds);
  const removed = await removal.returning('user_id').execute();
  if (memberIds.length > 0) {
    await db
      .insertInto('chat_channel_members')
      .values(memberIds.map((userId) => ({ channel_id: channelId, user_id: userId })))
      .onConflict((oc) => oc.columns(['channel_id', 'user_id']).doNothing())
      .execute();
  }
  return removed.map((row) => row.user_id);
}

/** Marks the channel read up to its newest message; returns that id when the reader's mark moved. */
export async function markChannelRead(db: DbOrTrx, channelId: number, userId: number): Promise<number | undefined> {
  const { rows } = await sql<{ last_read_message_id: number }>`
    insert into chat_channel_reads (channel_id, user_id, last_read_message_id)
    select ${channelId}, ${userId}, max(id) from chat_messages where channel_id = ${channelId} having max(id) is not null
    on conflict (channel_id, user_id) do update set last_read_message_id = excluded.last_read_message_id
    where chat_channel_reads.last_read_message_id < excluded.last_read_message_id
    returning last_read_message_id
  `.execute(db);
  return rows[0]?.last_read_message_id;
}

/** Unread messages over every channel `userId` belongs to (their own messages never count). */
export async function countUnreadChannelMessages(db: DbOrTrx, userId: number): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count
    from chat_channel_membership mine
    left join chat_channel_reads rd on rd.channel_id = mine.channel_id and rd.user_id = mine.user_id
    join chat_messages m on m.channel_id = mine.channel_id and m.sender_id <> ${userId} and m.id > coalesce(rd.last_read_message_id, 0)
    where mine.user_id = ${userId}
  `.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** One conversation: a channel, or the two people of a one-to-one chat. */
export type ConversationScope = { channelId: number } | { userId: number; otherId: number };

/** Ids of a conversation's messages whose text contains `search` (already lowercased, accents removed), newest first. */
export async function searchConversationMessageIds(
  db: DbOrTrx,
  scope: ConversationScope,
  search: string,
  limit: number,
): Promise<number[]> {
  let query = db
    .selectFrom('chat_messages')
    .select('id')
    .where(sql<boolean>`position(${search} in translate(lower(message), 'áàäâãéèëêíìïîóòöôõúùüûñç', 'aaaaaeeeeiiiiooooouuuunc')) > 0`);
  query =
    'channelId' in scope
      ? query.where('channel_id', '=', scope.channelId)
      : query.where((eb) =>
          eb.or([
            eb.and([eb('sender_id', '=', scope.userId), eb('receiver_id', '=', scope.otherId)]),
            eb.and([eb('sender_id', '=', scope.otherId), eb('receiver_id', '=', scope.userId)]),
          ]),
        );
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => row.id);
}
