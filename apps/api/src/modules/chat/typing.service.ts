/**
 * 'Elena está escribiendo…': never stored, only published to whoever would receive the message,
 * and at most once per conversation every TYPING_THROTTLE_MS per user on this replica (clients
 * send while keys are pressed; the rest are dropped quietly).
 */
import { findUserById, isChannelMember, listChannelMemberIds } from '@crm/db';
import { CHANNEL_MESSAGES, DomainError, type TypingTarget } from '@crm/domain';
import type { ServiceContext } from '../../context.js';
import type { LiveHub } from '../../live/live-hub.js';
import { publishLive } from '../../live/publish.js';
import { requirePermission } from '../../require-permission.js';

const TYPING_THROTTLE_MS = 2000;
/** Per replica (per hub), so two servers in one test process never share it. */
const lastSentByHub = new WeakMap<LiveHub, Map<string, number>>();

function throttled(hub: LiveHub, key: string, now: number): boolean {
  const lastSent = lastSentByHub.get(hub) ?? new Map<string, number>();
  lastSentByHub.set(hub, lastSent);
  const previous = lastSent.get(key);
  if (previous !== undefined && now - previous < TYPING_THROTTLE_MS) return true;
  lastSent.set(key, now);
  // Old keys go, so the map holds only the last few seconds' typists.
  if (lastSent.size > 10_000) {
    for (const [stale, at] of lastSent) if (now - at >= TYPING_THROTTLE_MS) lastSent.delete(stale);
  }
  return false;
}

/** Returns whether the indicator went out (false when throttled). */
export async function announceTyping(ctx: ServiceContext, target: TypingTarget): Promise<{ sent: boolean }> {
  requirePermission(ctx, 'chat.use');
  const userId = ctx.viewer.user.id;
  if (target.channelId !== undefined) {
    if (!(await isChannelMember(ctx.db, target.channelId, userId))) throw new DomainError('NOT_FOUND', CHANNEL_MESSAGES.notFound);
    if (throttled(ctx.live, `${userId}:c${target.channelId}`, Date.now())) return { sent: false };
    const audience = (await listChannelMemberIds(ctx.db, target.channelId)).filter((id) => id !== userId);
    await publishLive(ctx, { type: 'typing', userId, channelId: target.channelId }, { userIds: audience });
    return { sent: true };
  }
  const receiverId = target.receiverId ?? 0;
  if (receiverId === userId || !(await findUserById(ctx.db, receiverId))) throw new DomainError('NOT_FOUND', 'Usuario no encontrado');
  if (throttled(ctx.live, `${userId}:u${receiverId}`, Date.now())) return { sent: false };
  await publishLive(ctx, { type: 'typing', userId, receiverId }, { userIds: [receiverId] });
  return { sent: true };
}
