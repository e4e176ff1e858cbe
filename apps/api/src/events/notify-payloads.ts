/**
 * Bus events as PostgreSQL NOTIFY payloads: each live event in its wire forms, as many events
 * as fit in one payload (a JSON array, so a burst of notifications costs a few NOTIFYs rather
 * than one each), an audience too long for one payload split over several.
 */
import { toWire } from '../live/live-events.js';
import type { BusEvent } from './event-bus.js';

/** PostgreSQL refuses a payload of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;

type WirePart = Extract<BusEvent, { type: 'deliver-wire' }>;

/** The payloads to send, in order; their events, read in order, are the given ones. */
export function notifyPayloads(events: readonly BusEvent[]): string[] {
  const payloads: string[] = [];
  let batch: string[] = [];
  let batchBytes = 0;
  const flush = () => {
    if (batch.length > 0) payloads.push(`[${batch.join(',')}]`);
    batch = [];
    batchBytes = 0;
  };
  for (const part of events.flatMap(wireParts)) {
    const json = JSON.stringify(part);
    // Brackets and a comma per event.
    const bytes = Buffer.byteLength(json) + 1;
    if (batchBytes + bytes + 1 > MAX_PAYLOAD_BYTES) flush();
    batch.push(json);
    batchBytes += bytes;
  }
  flush();
  return payloads;
}

/** A payload back into its events. */
export function eventsOfPayload(payload: string): BusEvent[] {
  return JSON.parse(payload) as BusEvent[];
}

function wireParts(event: BusEvent): BusEvent[] {
  if (event.type !== 'deliver') return [event];
  return toWire(event.event).flatMap((wire) => fitAudience({ type: 'deliver-wire', to: event.to, wire }));
}

/** An event for more people than one payload can name goes as several, each to a share of them. */
function fitAudience(part: WirePart): WirePart[] {
  const { to } = part;
  if (!('userIds' in to) || to.userIds.length < 2 || Buffer.byteLength(JSON.stringify(part)) + 2 <= MAX_PAYLOAD_BYTES) return [part];
  const half = Math.ceil(to.userIds.length / 2);
  return [
    ...fitAudience({ ...part, to: { userIds: to.userIds.slice(0, half) } }),
    ...fitAudience({ ...part, to: { userIds: to.userIds.slice(half) } }),
  ];
}
