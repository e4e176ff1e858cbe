/**
 * How services announce a committed change live. The write has happened either way: a lost
 * announcement is logged, never turned into an error for the caller (a 500 after a commit
 * would invite a retry that writes twice).
 */
import type { Audience, BusEvent, BusLog, EventBus } from '../events/event-bus.js';
import type { LiveEvent } from './live-events.js';

type Publisher = { bus: EventBus; log: BusLog };

/** Publish only after the transaction that wrote the change has committed. */
async function publishAfterCommit(ctx: Publisher, ...events: BusEvent[]): Promise<void> {
  try {
    await ctx.bus.publish(...events);
  } catch (error) {
    ctx.log.error({ err: error, events: events.map((event) => event.type) }, 'live event not published');
  }
}

/** Sends `event` to the live connections of `to`, on every replica. */
export function publishLive(ctx: Publisher, event: LiveEvent, to: Audience): Promise<void> {
  return publishAfterCommit(ctx, { type: 'deliver', to, event });
}

/** Several events at once, each to its own audience: they cross replicas in as few NOTIFYs as fit. */
export function publishLiveEach(ctx: Publisher, deliveries: readonly { event: LiveEvent; to: Audience }[]): Promise<void> {
  if (deliveries.length === 0) return Promise.resolve();
  return publishAfterCommit(ctx, ...deliveries.map(({ event, to }) => ({ type: 'deliver' as const, to, event })));
}

/** Some of this user's sessions ended: their sockets and subscriptions close now on every replica. */
export function announceSessionsEnded(ctx: Publisher, userId: number): Promise<void> {
  return publishAfterCommit(ctx, { type: 'sessions-ended', userId });
}

/** These users must enrol a second factor first: every live connection of theirs closes now, on every replica. */
export function closeEveryConnectionOf(ctx: Publisher, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return Promise.resolve();
  return publishAfterCommit(ctx, ...userIds.map((userId) => ({ type: 'sessions-ended' as const, userId, everyConnection: true as const })));
}
