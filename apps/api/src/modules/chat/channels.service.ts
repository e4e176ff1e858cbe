/**
 * Team conversations: General, one per custom role, one per manager's team (members derived, so
 * they follow the team at once) and group chats (members chosen; the creator and admins manage
 * them). Only members read, post or see who read what: anyone else is told the channel does not exist.
 */
import {
  countActiveUsers,
  ensureAutomaticChannels,
  findChannel,
  findChatMessagesByIds,
  insertGroupChannel,
  isChannelMember,
  listChannelMembers,
  listChannelMessages,
  listChannelsOf,
  markChannelRead as markChannelReadUpTo,
  renameGroupChannel,
  replaceGroupMembers,
  searchConversationMessageIds,
  type ChannelRecord,
  type ConversationScope,
  listChannelMemberIds,
} from '@crm/db';
import {
  CHANNEL_MESSAGES,
  type ChatChannel,
  type ChatChannelMember,
  type ChatMessage,
  DomainError,
  canManageChannel,
  type channelMessagesQuerySchema,
  type createChannelSchema,
  normalizeSearchText,
  type updateChannelSchema,
} from '@crm/domain';
import type { z } from 'zod';
import type { ServiceContext } from '../../context.js';
import { publishLive } from '../../live/publish.js';
import { readConversationNotifications } from '../notifications/notifications.service.js';
import { requirePermission } from '../../require-permission.js';
import { leadReaderOf } from '../leads/lead-reader.js';

const SEARCH_LIMIT = 50;

export async function listChannels(ctx: ServiceContext): Promise<ChatChannel[]> {
  requirePermission(ctx, 'chat.use');
  await ensureAutomaticChannels(ctx.db);
  const channels = await listChannelsOf(ctx.db, ctx.viewer.user.id, await leadReaderOf(ctx));
  return channels.map((channel) => ({ ...channel, canManage: canManageChannel(ctx.viewer.user, channel) }));
}

/** The channel, when the viewer belongs to it; otherwise it does not exist for them. */
async function requireMembership(ctx: ServiceContext, channelId: number): Promise<ChannelRecord> {
  requirePermission(ctx, 'chat.use');
  const channel = await findChannel(ctx.db, channelId);
  if (!channel || !(await isChannelMember(ctx.db, channelId, ctx.viewer.user.id))) {
    throw new DomainError('NOT_FOUND', CHANNEL_MESSAGES.notFound);
  }
  return channel;
}

async function requireManageable(ctx: ServiceContext, channelId: number): Promise<ChannelRecord> {
  const channel = await findChannel(ctx.db, channelId);
  const member = channel !== undefined && (await isChannelMember(ctx.db, channelId, ctx.viewer.user.id));
  // An admin manages every group, member or not; anyone else must belong to see it at all.
  if (!channel || (!member && ctx.viewer.user.systemRole !== 'admin')) throw new DomainError('NOT_FOUND', CHANNEL_MESSAGES.notFound);
  if (channel.kind !== 'group') throw new DomainError('FORBIDDEN', CHANNEL_MESSAGES.automatic);
  if (!canManageChannel(ctx.viewer.user, channel)) throw new DomainError('FORBIDDEN', CHANNEL_MESSAGES.notManager);
  return channel;
}

async function requireActiveMembers(ctx: ServiceContext, memberIds: readonly number[]): Promise<void> {
  if ((await countActiveUsers(ctx.db, memberIds)) !== memberIds.length)
    throw new DomainError('BAD_REQUEST', CHANNEL_MESSAGES.unknownMember);
}

async function channelFor(ctx: ServiceContext, channelId: number): Promise<ChatChannel> {
  const channel = (await listChannels(ctx)).find((candidate) => candidate.id === channelId);
  if (!channel) throw new DomainError('NOT_FOUND', CHANNEL_MESSAGES.notFound);
  return channel;
}

/** A group chat with the creator and the chosen colleagues. */
export async function createChannel(ctx: ServiceContext, input: z.output<typeof createChannelSchema>): Promise<ChatChannel> {
  requirePermission(ctx, 'chat.use');
  const memberIds = [...new Set([ctx.viewer.user.id, ...input.memberIds])];
  await requireActiveMembers(ctx, memberIds);
  const channelId = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertGroupChannel(trx, { name: input.name, createdBy: ctx.viewer.user.id });
    await replaceGroupMembers(trx, id, memberIds);
    return id;
  });
  await publishLive(ctx, { type: 'channel', channelId }, { userIds: memberIds });
  return channelFor(ctx, channelId);
}

/**
 * Renames a group and/or sets its members (its creator always stays). Who leaves stops receiving
 * at once: every later message is published to the members as they are after this commit, and
 * their screens are told to drop the conversation.
 */
export async function updateChannel(
  ctx: ServiceContext,
  channelId: number,
  input: z.output<typeof updateChannelSchema>,
): Promise<ChatChannel> {
  const channel = await requireManageable(ctx, channelId);
  const before = await listChannelMemberIds(ctx.db, channelId);
  let after = before;
  if (input.memberIds) {
    after = [...new Set([...(channel.createdBy !== null ? [channel.createdBy] : []), ...input.memberIds])];
    await requireActiveMembers(ctx, after);
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (input.name !== undefined) await renameGroupChannel(trx, channelId, input.name);
    if (input.memberIds) await replaceGroupMembers(trx, channelId, after);
  });
  await publishLive(ctx, { type: 'channel', channelId }, { userIds: [...new Set([...before, ...after])] });
  return ctx.viewer.user.systemRole === 'admin' && !after.includes(ctx.viewer.user.id)
    ? { ...channel, name: input.name ?? channel.name, memberCount: after.length, unreadCount: 0, lastMessage: null, canManage: true }
    : channelFor(ctx, channelId);
}

export async function listChannelMessagesFor(
  ctx: ServiceContext,
  channelId: number,
  page: z.output<typeof channelMessagesQuerySchema>,
): Promise<ChatMessage[]> {
  await requireMembership(ctx, channelId);
  return listChannelMessages(ctx.db, channelId, page, await leadReaderOf(ctx));
}

export async function channelMembers(ctx: ServiceContext, channelId: number): Promise<ChatChannelMember[]> {
  await requireMembership(ctx, channelId);
  return listChannelMembers(ctx.db, channelId);
}

/** What an open channel does: marks it read up to its newest message and tells its members ('Visto por N'). */
export async function markChannelRead(ctx: ServiceContext, channelId: number): Promise<{ upToId: number | null }> {
  await requireMembership(ctx, channelId);
  const upToId = await markChannelReadUpTo(ctx.db, channelId, ctx.viewer.user.id);
  await readConversationNotifications(ctx, ctx.viewer.user.id, { channelId });
  if (upToId === undefined) return { upToId: null };
  const members = await listChannelMemberIds(ctx.db, channelId);
  await publishLive(ctx, { type: 'read', channelId, readerId: ctx.viewer.user.id, upToId }, { userIds: members });
  return { upToId };
}

/** Messages of one conversation (a channel of the viewer's, or their chat with one colleague) containing the text, accents and case aside. */
export async function searchConversation(
  ctx: ServiceContext,
  scope: { channelId: number } | { userId: number },
  text: string,
): Promise<ChatMessage[]> {
  requirePermission(ctx, 'chat.use');
  if ('channelId' in scope) await requireMembership(ctx, scope.channelId);
  const search = normalizeSearchText(text);
  if (search.length === 0) return [];
  const where: ConversationScope = 'channelId' in scope ? scope : { userId: ctx.viewer.user.id, otherId: scope.userId };
  return findChatMessagesByIds(ctx.db, await searchConversationMessageIds(ctx.db, where, search, SEARCH_LIMIT), await leadReaderOf(ctx));
}
