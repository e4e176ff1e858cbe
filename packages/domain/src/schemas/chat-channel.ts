/** Team conversations (channels): General, one per custom role, one per manager's team, and group chats. */
import { z } from 'zod';
import type { Actor } from '../permissions.js';
import { idSchema, requiredText } from './common.js';

export const CHANNEL_KINDS = ['general', 'role', 'team', 'group'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export const CHANNEL_LIMITS = { name: 80, members: 500 } as const;

export const CHANNEL_MESSAGES = {
  nameRequired: 'El nombre del grupo es requerido',
  notFound: 'Conversación no encontrada',
  notManager: 'Solo quien creó el grupo o un administrador pueden modificarlo',
  automatic: 'Este canal se mantiene solo: sus miembros son los del equipo o la especialización',
  unknownMember: 'Algún miembro elegido no existe',
  membersRequired: 'Elige al menos un miembro',
} as const;

export const chatChannelSchema = z.object({
  id: z.number(),
  kind: z.enum(CHANNEL_KINDS),
  name: z.string(),
  createdBy: z.number().nullable(),
  memberCount: z.number().int(),
  unreadCount: z.number().int().min(0),
  lastMessage: z.object({ message: z.string(), senderId: z.number(), createdAt: z.date() }).nullable(),
  /** Whether the viewer may rename it and change its members. */
  canManage: z.boolean(),
});
export type ChatChannel = z.infer<typeof chatChannelSchema>;

/** A member of a channel and how far they have read it ('Visto por N'). */
export const chatChannelMemberSchema = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string(),
  profileImageUrl: z.string().nullable(),
  lastReadMessageId: z.number(),
});
export type ChatChannelMember = z.infer<typeof chatChannelMemberSchema>;

const memberIdsSchema = z
  .array(idSchema)
  .max(CHANNEL_LIMITS.members, { message: `Como máximo ${CHANNEL_LIMITS.members} miembros` })
  .transform((ids) => [...new Set(ids)]);

const channelNameSchema = requiredText(CHANNEL_MESSAGES.nameRequired, CHANNEL_LIMITS.name);

/** A group chat: its name and whom the creator adds (the creator is always a member). */
export const createChannelSchema = z.object({ name: channelNameSchema, memberIds: memberIdsSchema });
export type CreateChannelInput = z.input<typeof createChannelSchema>;

/** A rename, a new member list, or both; the creator stays a member. */
export const updateChannelSchema = z.object({ name: channelNameSchema.optional(), memberIds: memberIdsSchema.optional() });
export type UpdateChannelInput = z.input<typeof updateChannelSchema>;

export const channelMessagesQuerySchema = z.object({
  before: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Group chats are managed by whoever created them and by admins; the automatic channels by nobody (they follow the team). */
export function canManageChannel(actor: Actor, channel: { kind: ChannelKind; createdBy: number | null }): boolean {
  if (channel.kind !== 'group') return false;
  return actor.systemRole === 'admin' || channel.createdBy === actor.id;
}

/** 'Visto por N': the members other than the sender who have read up to the message. */
export function seenBy<M extends { id: number; lastReadMessageId: number }>(
  members: readonly M[],
  message: { id: number; senderId: number },
): M[] {
  return members.filter((member) => member.id !== message.senderId && member.lastReadMessageId >= message.id);
}
