/**
 * Every event the live layer carries, in the one shape clients receive it (a /ws frame, an
 * item of the web app's feed), and how each type crosses replicas. Adding an event type is
 * a change to this file alone: its shape in `LiveEvent`, its wire rule in `WIRE_RULES`.
 */
import {
  type Db,
  EVERY_LEAD,
  type LeadReader,
  findChatMessagesByIds,
  findFollowUp,
  findLeadListItem,
  findNotificationsByIds,
  findWhatsAppMessagesByIds,
} from '@crm/db';
import {
  type ChatMessage,
  type FollowUp,
  type ImportJobState,
  type LeadChange,
  type LeadListItem,
  type LeadStatus,
  type Notification,
  type WhatsAppMessage,
  toNotificationDto,
} from '@crm/domain';

export type LiveEvent =
  /** A chat message was stored. */
  | { type: 'chat'; message: ChatMessage }
  /** `readerId` read these messages (one-to-one), or every message of a channel up to `upToId`. */
  | { type: 'read'; messageIds: number[]; readerId: number }
  | { type: 'read'; channelId: number; readerId: number; upToId: number }
  /** `userId` is writing to the receiver, or in the channel (ephemeral: never stored). */
  | { type: 'typing'; userId: number; receiverId?: number; channelId?: number }
  /** A channel's name or members changed: its members (old and new) refetch their channel list. */
  | { type: 'channel'; channelId: number }
  /** Someone's live connection opened or closed: presence may have changed. */
  | { type: 'presence'; userId: number }
  /** An import job's counters changed (its owner's screens; the error lines are read over HTTP). */
  | { type: 'importJob'; job: ImportJobState }
  /**
   * A lead was created, changed, assigned or deleted, to those who may read it: `lead` is its list
   * item as the lists return it (absent once deleted), so screens patch their caches with it.
   */
  | { type: 'leadChanged'; leadId: number; change: LeadChange; status?: LeadStatus; lead?: LeadListItem }
  /** One batch of a bulk action changed these leads (those who may read leads: open boards and lists refresh once, not per lead). */
  | { type: 'leadsChanged'; leadIds: number[]; change: LeadChange }
  /** These leads left what the receiver may see (reassigned, deleted, their owner's team changed): their ids alone, never their data. */
  | { type: 'leadsHidden'; leadIds: number[] }
  /** Whose leads the receiver may see changed (a role's visibility, a team, their role): lead screens ask again. */
  | { type: 'leadAccessChanged' }
  /** A lead group was deleted: its leads are gone at once for everyone, so lead screens ask again (no lead travels). */
  | { type: 'groupDeleted'; groupId: number }
  /**
   * An admin saved the team's settings: every screen formats money, numbers, dates and phones with the
   * new ones. `phonesUpdated`: stored phones the save re-read under the new country.
   */
  | { type: 'teamSettingsChanged'; phonesUpdated: number }
  /** One of the owner's follow-ups fell due: sent once, by the replica whose reminder loop claimed it. */
  | { type: 'followUpDue'; followUp: FollowUp }
  /** A notification for its owner's bell (web feed only). */
  | { type: 'notification'; notification: Notification }
  /** Some of the owner's notifications were read elsewhere (another tab, the conversation opened). */
  | { type: 'notificationsRead'; ids: number[] | 'all' }
  /** A lead's WhatsApp message was stored or moved on (a tick, a failure, its media fetched): screens upsert it by id. */
  | { type: 'whatsapp'; whatsappMessage: WhatsAppMessage }
  /** A lead's WhatsApp conversation was read: its 'Sin leer' count is 0 again. */
  | { type: 'whatsappRead'; leadId: number };

export type LiveEventType = LiveEvent['type'];
type EventOf<K extends LiveEventType> = Extract<LiveEvent, { type: K }>;

/** An event as it travels in one NOTIFY payload: small JSON, tagged with its type. */
export interface WireEvent {
  type: LiveEventType;
  [field: string]: unknown;
}

/**
 * How events of one type cross replicas. PostgreSQL caps a NOTIFY payload at 8000 bytes, so
 * large parts travel as ids (each replica reads them back) or are split into several payloads
 * (the bus also splits an audience too long for one).
 */
interface WireRule<K extends LiveEventType> {
  toWire(event: EventOf<K>): WireEvent[];
  /** The events back, one per payload (undefined where its data is gone); payloads that arrived together are read in one query. */
  fromWire(db: Db, wires: WireEvent[]): Promise<(EventOf<K> | undefined)[]>;
}

/** Events small enough to travel as they are come back as they went (JSON from our own NOTIFY). */
function asIs<K extends LiveEventType>(): WireRule<K> {
  return { toWire: (event) => [event], fromWire: (_db, wires) => Promise.resolve(wires as unknown as EventOf<K>[]) };
}

/** Read receipts and bulk changes are split so that each payload stays far below the limit. */
const MAX_IDS_PER_NOTIFY = 500;

/** The event once per slice of at most MAX_IDS_PER_NOTIFY of its ids. */
function splitIds(event: LiveEvent, key: string, ids: number[]): WireEvent[] {
  const parts: WireEvent[] = [];
  for (let start = 0; start < ids.length; start += MAX_IDS_PER_NOTIFY) {
    parts.push({ ...event, [key]: ids.slice(start, start + MAX_IDS_PER_NOTIFY) });
  }
  return parts;
}

/** Above this many bytes of JSON a record travels as its id: the payload keeps room for its audience. */
const MAX_INLINE_BYTES = 6000;

/**
 * Events carrying one stored record (a message, a notification): the record travels whole when
 * its JSON is small enough, so the receiving replicas need no query; otherwise only its id does,
 * and they read it back (those of one batch in one query). JSON turns its dates into text: `revive`
 * turns them back.
 */
function inlineOrById<K extends LiveEventType, R>(rule: {
  /** The record's id: what travels instead of a record too large, and what a read-back is matched by. */
  id(event: EventOf<K>): number;
  record(event: EventOf<K>): R;
  /** The event from the record as JSON gave it back (its dates as text). */
  revive(record: R): EventOf<K>;
  readBack(db: Db, ids: number[]): Promise<EventOf<K>[]>;
}): WireRule<K> {
  return {
    toWire: (event) => {
      const record = rule.record(event);
      const fits = Buffer.byteLength(JSON.stringify(record)) <= MAX_INLINE_BYTES;
      return [fits ? { type: event.type, record } : { type: event.type, id: rule.id(event) }];
    },
    fromWire: async (db, wires) => {
      const ids = wires.filter((wire) => wire['record'] === undefined).map((wire) => Number(wire['id']));
      const found = new Map(ids.length === 0 ? [] : (await rule.readBack(db, ids)).map((event) => [rule.id(event), event]));
      return wires.map((wire) => (wire['record'] === undefined ? found.get(Number(wire['id'])) : rule.revive(wire['record'] as R)));
    },
  };
}

/** A reader who sees no lead: user 0 is nobody. */
const NO_LEAD_CARDS: LeadReader = { visibility: 'own', userId: 0 };

const WIRE_RULES: { [K in LiveEventType]: WireRule<K> } = {
  // Most messages travel whole, so no replica reads them back; one too long for a payload (4000
  // characters of 4-byte UTF-8) travels as its id.
  chat: inlineOrById({
    id: (event) => event.message.id,
    record: (event) => event.message,
    revive: (message: ChatMessage) => ({ type: 'chat', message: { ...message, createdAt: new Date(message.createdAt) } }),
    // Read back for several recipients at once: without lead cards, which each reader's own reads show (chat.service.ts).
    readBack: async (db, ids) => (await findChatMessagesByIds(db, ids, NO_LEAD_CARDS)).map((message) => ({ type: 'chat', message })),
  }),
  read: {
    ...asIs<'read'>(),
    toWire: (event) => ('messageIds' in event ? splitIds(event, 'messageIds', event.messageIds) : [event]),
  },
  presence: asIs(),
  typing: asIs(),
  channel: asIs(),
  // The list item travels whole as a rule; one too large (a long description) travels without it and is read back.
  leadChanged: {
    toWire: (event) => {
      const fits = !event.lead || Buffer.byteLength(JSON.stringify(event.lead)) <= MAX_INLINE_BYTES;
      return [fits ? event : { ...event, lead: undefined, readBack: true }];
    },
    fromWire: (db, wires) =>
      Promise.all(
        wires.map(async (wire) => {
          const { readBack, lead, ...event } = wire as WireEvent & { readBack?: true; lead?: LeadListItem };
          const item = readBack ? await findLeadListItem(db, Number(event['leadId']), EVERY_LEAD) : lead && reviveLeadItem(lead);
          return { ...(event as EventOf<'leadChanged'>), ...(item ? { lead: item } : {}) };
        }),
      ),
  },
  leadsChanged: { ...asIs<'leadsChanged'>(), toWire: (event) => splitIds(event, 'leadIds', event.leadIds) },
  leadsHidden: { ...asIs<'leadsHidden'>(), toWire: (event) => splitIds(event, 'leadIds', event.leadIds) },
  leadAccessChanged: asIs(),
  groupDeleted: asIs(),
  teamSettingsChanged: asIs(),
  // Dates and names: only the id travels, each replica reads the follow-up back.
  followUpDue: {
    toWire: (event) => [{ type: 'followUpDue', followUpId: event.followUp.id }],
    fromWire: (db, wires) =>
      Promise.all(
        wires.map(async (wire) => {
          const followUp = await findFollowUp(db, Number(wire['followUpId']));
          return followUp && { type: 'followUpDue' as const, followUp };
        }),
      ),
  },
  notificationsRead: asIs(),
  // Like chat messages: whole as a rule, by id when a long text or a template's details make it too large.
  whatsapp: inlineOrById({
    id: (event) => event.whatsappMessage.id,
    record: (event) => event.whatsappMessage,
    revive: (message: WhatsAppMessage) => ({ type: 'whatsapp', whatsappMessage: { ...message, sentAt: new Date(message.sentAt) } }),
    readBack: async (db, ids) =>
      (await findWhatsAppMessagesByIds(db, ids)).map((message) => ({ type: 'whatsapp', whatsappMessage: message })),
  }),
  whatsappRead: asIs(),
  // A title and an excerpt: whole as a rule, by id if someone's long name made it too large.
  notification: inlineOrById({
    id: (event) => event.notification.id,
    record: (event) => event.notification,
    revive: (notification: Notification) => ({
      type: 'notification',
      notification: {
        ...notification,
        createdAt: new Date(notification.createdAt),
        readAt: notification.readAt === null ? null : new Date(notification.readAt),
      },
    }),
    readBack: async (db, ids) =>
      (await findNotificationsByIds(db, ids)).map((row) => ({ type: 'notification', notification: toNotificationDto(row) })),
  }),
  // Counters and a group name: far below the NOTIFY limit. Dates travel as ISO text and are revived.
  importJob: {
    toWire: (event) => [event],
    fromWire: (_db, wires) =>
      Promise.resolve(
        wires.map((wire) => {
          const job = wire['job'] as Record<string, unknown>;
          const date = (value: unknown) => (typeof value === 'string' ? new Date(value) : null);
          return {
            type: 'importJob',
            job: {
              ...job,
              createdAt: date(job['createdAt']),
              startedAt: date(job['startedAt']),
              finishedAt: date(job['finishedAt']),
            } as ImportJobState,
          };
        }),
      ),
  },
};

/** A list item as JSON gave it back: its dates as text. */
function reviveLeadItem(lead: LeadListItem): LeadListItem {
  return {
    ...lead,
    createdAt: new Date(lead.createdAt),
    contactedAt: lead.contactedAt === null ? null : new Date(lead.contactedAt),
    nextFollowUp: lead.nextFollowUp && { ...lead.nextFollowUp, dueAt: new Date(lead.nextFollowUp.dueAt) },
  };
}

function ruleFor(type: LiveEventType): WireRule<LiveEventType> {
  return WIRE_RULES[type] as WireRule<LiveEventType>;
}

export function toWire(event: LiveEvent): WireEvent[] {
  return ruleFor(event.type).toWire(event);
}

/** Rebuilds events that arrived from another replica, in their order, with one read per type. */
export async function fromWire(db: Db, wires: readonly WireEvent[]): Promise<(LiveEvent | undefined)[]> {
  const result = new Array<LiveEvent | undefined>(wires.length);
  const byType = new Map<LiveEventType, number[]>();
  wires.forEach((wire, index) => byType.set(wire.type, [...(byType.get(wire.type) ?? []), index]));
  for (const [type, indexes] of byType) {
    const events = await ruleFor(type).fromWire(
      db,
      indexes.map((index) => wires[index] as WireEvent),
    );
    indexes.forEach((index, i) => (result[index] = events[i]));
  }
  return result;
}
